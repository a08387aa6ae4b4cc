// Starts the site: the production build by default, or Vite's dev server with NODE_ENV=development.
import http from 'node:http'
import process from 'node:process'

const development = process.env.NODE_ENV === 'development'
// DATA_DIR holds the database, secrets and uploads: what the server creates is its user's only.
process.umask(0o077)

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
	return { handleRequest: app, env: getEnv(), onStart: undefined, onShutdown: undefined }
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

const { handleRequest, env, onStart, onShutdown } = loaded
try {
	await onStart?.()
} catch (error) {
	console.error(error instanceof Error ? error.message : error)
	process.exit(1)
}
let stopping = false
const server = http.createServer((req, res) => {
	// Once stopping, each connection closes after its answer.
	if (stopping) res.setHeader('connection', 'close')
	handleRequest(req, res)
})
server.listen(env.PORT, env.HOST, () => {
	const address = server.address()
	const port = typeof address === 'object' && address ? address.port : env.PORT
	console.log(`Gielinor Guide is running on http://localhost:${port} (${development ? 'development' : 'production'})`)
})
server.on('error', (error) => {
	console.error(`Could not start the server: ${error.message}`)
	process.exit(1)
})

/** Requests in flight get this long to finish; the database is closed after them, all within 10 s. */
const REQUESTS_GRACE_MS = 7000
const EXIT_DEADLINE_MS = 9500

/** Stops accepting, finishes the requests in flight and the database writes, closes the database, exits. */
async function shutdown(signal) {
	if (stopping) return
	stopping = true
	console.log(`${signal}: finishing the requests in flight, then stopping.`)
	setTimeout(() => {
		console.error(`Stopping took over ${EXIT_DEADLINE_MS / 1000} s: exiting now.`)
		process.exit(1)
	}, EXIT_DEADLINE_MS).unref()
	const requestsFinished = new Promise((resolve) => server.close(() => resolve()))
	// A keep-alive connection whose request was in flight goes idle once answered: close it then.
	const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
	requestsFinished.then(() => clearInterval(idleSweep))
	const cutOff = setTimeout(() => {
		console.error(`Requests still running after ${REQUESTS_GRACE_MS / 1000} s were cut off.`)
		server.closeAllConnections()
	}, REQUESTS_GRACE_MS)
	cutOff.unref()
	try {
		await (onShutdown ? onShutdown(requestsFinished) : requestsFinished)
	} catch (error) {
		console.error(`Stopping: ${error instanceof Error ? error.message : error}`)
		process.exit(1)
	}
	clearTimeout(cutOff)
	process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
