// Starts the site: the production build by default, or Vite's dev server with NODE_ENV=development.
import http from 'node:http'
import process from 'node:process'

const development = process.env.NODE_ENV === 'development'

async function loadApp() {
	if (!development) return import('../build/server/index.js')
	const vite = await import('vite')
	const viteServer = await vite.createServer({ server: { middlewareMode: true } })
	const express = (await import('express')).default
	const app = express()
	app.use(viteServer.middlewares)
	app.use(async (req, res, next) => {
		try {
			const mod = await viteServer.ssrLoadModule('./server/app.ts')
			mod.handleRequest(req, res)
		} catch (error) {
			if (error instanceof Error) viteServer.ssrFixStacktrace(error)
			next(error)
		}
	})
	const { getEnv } = await viteServer.ssrLoadModule('./app/server/env.server.ts')
	return { handleRequest: app, env: getEnv(), onStart: undefined }
}

let loaded
try {
	loaded = await loadApp()
} catch (error) {
	if (error?.code === 'ERR_MODULE_NOT_FOUND' && !development) {
		console.error('No production build found: run `npm run build` first (or `npm start`, which builds).')
	} else {
		console.error(error instanceof Error ? error.message : error)
	}
	process.exit(1)
}

const { handleRequest, env, onStart } = loaded
await onStart?.()
const server = http.createServer(handleRequest)
server.listen(env.PORT, env.HOST, () => {
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	console.log(`Gielinor Guide is running on http://localhost:${port} (${development ? 'development' : 'production'})`)
})
server.on('error', (error) => {
	console.error(`Could not start the server: ${error.message}`)
	process.exit(1)
})

function shutdown() {
	server.close(() => process.exit(0))
	setTimeout(() => process.exit(0), 5000).unref()
}
process.on('SIGTERM', shutdown)
process.on('SIGINT', shutdown)
