import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { freePort } from '#tests/fixtures/free-port.ts'
import { copyPreparedPglite } from '#tests/fixtures/pglite.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

export type ServerInstance = {
	baseURL: string
	dataDir: string
	apiKey: string
	password: string
	/** Signs session cookies and upload URLs: known here so a test can forge a URL on purpose. */
	sessionSecret: string
	/** The server process, e.g. to read its memory from /proc. */
	pid: number
	/** Everything the server printed so far (stdout and stderr). */
	output(): string
	/** The exit code once the process has ended (null when a signal ended it). */
	exited: Promise<number | null>
	stop(): Promise<void>
}

/**
 * A second production server (`node server/index.js`, the build from `npm run build`) with its own
 * empty DATA_DIR and env, for cases the shared Playwright server can't show: a size limit, an
 * empty store, exact list counts, known secrets. `API_KEYS`, `DASHBOARD_PASSWORD` and
 * `SESSION_SECRET` are random unless `env` gives them (several instances sharing one secret);
 * a variable given as '' is left unset. A `DATA_DIR` given is kept after `stop()` (a restart can
 * reopen it); the one made here is removed.
 */
export async function startServerInstance(env: Record<string, string> = {}): Promise<ServerInstance> {
	const port = await freePort()
	const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'gg-e2e-instance-')))
	// A copy of the prepared empty database: two instances each running initdb on a busy machine
	// could take longer than a test may wait (a given DATA_DIR is still created by the server).
	if (!env.DATA_DIR && !env.DATABASE_URL) await copyPreparedPglite(path.join(dataDir, 'db'))
	const baseURL = `http://127.0.0.1:${port}`
	const apiKey = env.API_KEYS ?? `instance-key-${randomBytes(6).toString('hex')}`
	const password = env.DASHBOARD_PASSWORD ?? `instance-password-${randomBytes(6).toString('hex')}`
	const sessionSecret = env.SESSION_SECRET ?? randomBytes(32).toString('base64url')
	const child: ChildProcess = spawn(process.execPath, ['server/index.js'], {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH ?? '',
			NODE_ENV: 'production',
			PORT: String(port),
			HOST: '127.0.0.1',
			...(env.SITE_URL === '' ? {} : { SITE_URL: baseURL }),
			DATA_DIR: dataDir,
			API_KEYS: apiKey,
			DASHBOARD_PASSWORD: password,
			SESSION_SECRET: sessionSecret,
			RATE_LIMIT_DISABLED: '1',
			// Tests look many players up at once: a budget far above the site's safe default.
			TRACKER_UPSTREAM_RPS: '50',
			TRACKER_NEW_PLAYERS_PER_HOUR: '100000',
			...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
	const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

	const stop = async () => {
		if (child.exitCode === null && child.signalCode === null) {
			const exited = new Promise((resolve) => child.once('exit', resolve))
			child.kill('SIGTERM')
			await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))])
			if (child.exitCode === null) child.kill('SIGKILL')
		}
		if (!env.DATA_DIR) await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
	}

	const deadline = Date.now() + 90_000
	while (Date.now() < deadline) {
		if (child.exitCode !== null) {
			await stop()
			throw new Error(`The server instance exited (${child.exitCode}):\n${output}`)
		}
		try {
			const response = await fetch(`${baseURL}/robots.txt`)
			await response.arrayBuffer()
			if (response.ok) {
				return { baseURL, dataDir, apiKey, password, sessionSecret, pid: child.pid!, output: () => output, exited, stop }
			}
		} catch {
			// Not listening yet.
		}
		await new Promise((resolve) => setTimeout(resolve, 150))
	}
	await stop()
	throw new Error(`The server instance did not start within 20 s:\n${output}`)
}

/**
 * A server of its own beside a fake upstream of its own, on the test-only shiftable clock: for
 * tests that move time or change a player's progress without touching anyone else's.
 */
export async function startClockedInstance(env: Record<string, string> = {}): Promise<{ server: ServerInstance; fake: FakeUpstream }> {
	const fake = await startFakeUpstream()
	const server = await startServerInstance({
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		TEST_ONLY_SHIFTABLE_CLOCK: '1',
		...env,
	})
	return { server, fake }
}
