import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '#tests/fixtures/free-port.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The production server (`node server/index.js` on the current build), started for a benchmark. */
export type ProductionServer = {
	url: string
	pid: number
	/** The last few thousand characters it printed (stdout and stderr). */
	output(): string
	stop(): Promise<void>
}

type Options = {
	/** Added to the environment, after the defaults (production, 127.0.0.1, no rate limit). */
	env?: Record<string, string>
	/** Default: a free one. */
	port?: number
	/** The request that answers once the server is ready, and its status: default `/robots.txt`, 200. */
	ready?: { path: string; status?: number; headers?: Record<string, string> }
	/** Node arguments instead of `server/index.js` (a bench's own in-process server). */
	args?: string[]
	/** The checkout whose build to serve (default: this one). */
	cwd?: string
}

export async function startProductionServer(options: Options = {}): Promise<ProductionServer> {
	const cwd = options.cwd ? path.resolve(options.cwd) : ROOT
	if (!options.args && !existsSync(path.join(cwd, 'build', 'server'))) {
		throw new Error('no production build: run `npm run build` first.')
	}
	const port = options.port ?? (await freePort())
	const url = `http://127.0.0.1:${port}`
	const child: ChildProcess = spawn(process.execPath, options.args ?? ['server/index.js'], {
		cwd,
		env: {
			...process.env,
			NODE_ENV: 'production',
			HOST: '127.0.0.1',
			PORT: String(port),
			SITE_URL: url,
			RATE_LIMIT_DISABLED: '1',
			...options.env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	const kill = () => child.kill('SIGKILL')
	process.once('exit', kill)
	let output = ''
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString()).slice(-8000)
	}
	child.stdout?.on('data', keep)
	child.stderr?.on('data', keep)
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	const running = () => child.exitCode === null && child.signalCode === null
	const server: ProductionServer = {
		url,
		pid: child.pid!,
		output: () => output,
		async stop() {
			process.off('exit', kill)
			if (running()) child.kill('SIGTERM')
			const timer = setTimeout(kill, 5000)
			await exited
			clearTimeout(timer)
		},
	}

	const { path: readyPath = '/robots.txt', status = 200, headers } = options.ready ?? {}
	let last = 'no answer'
	for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
		if (!running()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${output}`)
		try {
			const response = await fetch(url + readyPath, {
				headers: { ...headers, connection: 'close' },
			})
			await response.arrayBuffer()
			if (response.status === status) return server
			last = `status ${response.status}`
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
	await server.stop()
	throw new Error(`the server was not ready within 60 s (${readyPath}: ${last}, expected ${status}):\n${output}`)
}
