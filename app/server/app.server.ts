import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { getEnv } from './env.server.ts'
import { ASSET_HEADERS, SECURITY_HEADERS } from './http-headers.server.ts'
import { canonicalRedirects } from './redirects.server.ts'
import { playerDataConfigFromEnv } from './player-data/config.server.ts'
import { createPlayerDataCore } from './player-data/handler.server.ts'
import { createPlayerDataRoute, PLAYER_DATA_PATH } from './player-data/middleware.server.ts'
import { getServices } from './services.server.ts'
import { staticFiles } from './static-files.server.ts'
import { createImagesMiddleware } from './storage/node-http.server.ts'

/** Validated at import: a bad value stops the server with a message naming the variable. */
export const env = getEnv()

export const app = express()
app.disable('x-powered-by')
app.set('trust proxy', env.TRUST_PROXY)

app.use((req, res, next) => {
	// Hashed assets only need nosniff; the document headers would be bytes on every request.
	const headers = req.path.startsWith('/assets/') ? ASSET_HEADERS : SECURITY_HEADERS
	for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
	// Route modules see the client address only through this header, set here and nowhere else.
	req.headers['x-client-ip'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
	next()
})
// Uploads and downloads stream straight through, ahead of compression and React Router.
let imagesMiddleware: ReturnType<typeof createImagesMiddleware> | undefined
app.use((req, res, next) => {
	if (imagesMiddleware) return imagesMiddleware(req, res, next)
	getServices()
		.then(({ imagesApi }) => {
			imagesMiddleware ??= createImagesMiddleware(imagesApi)
			imagesMiddleware(req, res, next)
		})
		.catch(next)
})
app.use(compression())
app.use(canonicalRedirects)

if (env.NODE_ENV === 'production') {
	const buildDir = path.resolve('build')
	app.use(staticFiles(path.join(buildDir, 'client'), path.join(buildDir, 'csp-hashes.json'), env))
}

app.use(
	createRequestHandler({
		build: () => import('virtual:react-router/server-build'),
		mode: env.NODE_ENV === 'production' ? 'production' : 'development',
	}),
)

const servePlayerData = createPlayerDataRoute(createPlayerDataCore(playerDataConfigFromEnv(env)), env.TRUST_PROXY)

/** Every request: the player lookup on its fast path, everything else through the Express app. */
export function handleRequest(req: IncomingMessage, res: ServerResponse) {
	const path = req.url?.split('?')[0]
	if (path === PLAYER_DATA_PATH) void servePlayerData(req, res)
	else app(req, res)
}

/** Run by server.js before listening: credentials are created (and printed) on the first start. */
export async function onStart() {
	await getServices()
}
