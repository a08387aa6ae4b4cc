import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'
import { getEnv } from './env.server.ts'
import { SECURITY_HEADERS } from './http-headers.server.ts'
import { canonicalRedirects } from './redirects.server.ts'
import { staticFiles } from './static-files.server.ts'

/** Validated at import: a bad value stops the server with a message naming the variable. */
export const env = getEnv()

export const app = express()
app.disable('x-powered-by')
app.set('trust proxy', env.TRUST_PROXY)

app.use((req, res, next) => {
	for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
	// Route modules see the client address only through this header, set here and nowhere else.
	req.headers['x-client-ip'] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
	next()
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
