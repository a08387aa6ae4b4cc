// Load test of the player lookup against the fake upstream (npm run bench:player).
//   tsx scripts/bench/player.ts [--duration 10] [--connections 100] [--timeout-ms 1000]
//                               [--in-process] [--no-redis]
// Starts the fake upstream and the production server (`node server/index.js`; run `npm run build` first),
// then prints: requests/s and p50/p99 latency for cached lookups, the upstream calls made for 100
// concurrent lookups of one fresh name (target: 1 per endpoint), and status/time per fault case.
// --in-process serves the handler from a bare node:http server instead (no build needed), to
// measure the handler alone. Then, unless --no-redis or --in-process, the same cached load against
// Redis (a local redis-server): one instance with REDIS_URL, and two instances sharing it with the
// connections split between them, as behind a load balancer (target: p99 < 25 ms at 100).
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { FAKE_PLAYERS, startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { startTestRedis, type TestRedis } from '#tests/fixtures/redis.ts'
import { startProductionServer } from './production-server.ts'

type AutocannonResult = {
	requests: { average: number; total: number }
	latency: { p50: number; p99: number }
	'2xx': number
	non2xx: number
	errors: number
	timeouts: number
}
type Autocannon = (options: { url: string; connections: number; duration: number; workers?: number }) => Promise<AutocannonResult>

// autocannon ships no type declarations; this is the part we use.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const API_PATH = '/api/v1/player-data'

const { values } = parseArgs({
	options: {
		duration: { type: 'string', default: '10' },
		connections: { type: 'string', default: '100' },
		'timeout-ms': { type: 'string', default: '1000' },
		'in-process': { type: 'boolean', default: false },
		'no-redis': { type: 'boolean', default: false },
	},
})
const duration = positive('duration', values.duration)
const connections = positive('connections', values.connections)
const timeoutMs = positive('timeout-ms', values['timeout-ms'])

function positive(name: string, raw: string): number {
	const value = Number(raw)
	if (!Number.isInteger(value) || value <= 0) fail(`--${name} must be a whole number > 0, got "${raw}"`)
	return value
}

function fail(message: string): never {
	process.stderr.write(`bench-player: ${message}\n`)
	process.exit(1)
}

const print = (line = '') => process.stdout.write(`${line}\n`)

type Target = { url: string; stop(): Promise<void>; output(): string }

/** The production server against the fake upstream, ready once its own validation answers. */
function startServer(fake: FakeUpstream, env: Record<string, string> = {}): Promise<Target> {
	return startProductionServer({
		env: {
			RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
			HISCORES_BASE_URL: fake.hiscoresBaseUrl,
			UPSTREAM_TIMEOUT_MS: String(timeoutMs),
			...env,
		},
		// An empty name is answered by our validation alone: no upstream call, nothing cached.
		ready: { path: `${API_PATH}?username=`, status: 400 },
	})
}

async function startInProcessServer(fake: FakeUpstream): Promise<Target> {
	const { createPlayerDataHandler } = await import('#app/player/server/handler.server.ts')
	const handler = createPlayerDataHandler({
		runemetricsBaseUrl: fake.runemetricsBaseUrl,
		hiscoresBaseUrl: fake.hiscoresBaseUrl,
		timeoutMs,
		userAgent: 'GielinorGuide/bench',
		rateLimit: false,
		log: () => {},
	})
	const server: Server = createServer((req, res) => {
		const url = new URL(req.url ?? '/', 'http://127.0.0.1')
		if (url.pathname !== API_PATH) {
			res.writeHead(404).end()
			return
		}
		void handler(new Request(url, { method: req.method }), req.socket.remoteAddress ?? 'unknown')
			.then(async (response) => {
				res.writeHead(response.status, Object.fromEntries(response.headers))
				res.end(Buffer.from(await response.arrayBuffer()))
			})
			.catch(() => res.writeHead(500).end())
	})
	server.keepAliveTimeout = 10_000
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		output: () => '',
		stop: () =>
			new Promise((resolve) => {
				server.close(() => resolve())
				server.closeAllConnections()
			}),
	}
}

const lookupUrl = (base: string, name: string, quests = true) =>
	`${base}${API_PATH}?username=${encodeURIComponent(name)}${quests ? '&quests=true' : ''}`

async function timedGet(url: string): Promise<{ status: number; ms: number; code: string }> {
	const started = performance.now()
	try {
		const response = await fetch(url, { signal: AbortSignal.timeout(30_000) })
		const body = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined
		const error = body?.error
		const code = typeof error === 'string' ? error : typeof error === 'object' && error && 'code' in error ? String(error.code) : ''
		return { status: response.status, ms: performance.now() - started, code }
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error)
		return { status: 0, ms: performance.now() - started, code: message }
	}
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`

const P99_TARGET_MS = 25

type LoadResult = { rps: number; total: number; p50: number[]; p99: number[]; failures: number }

/**
 * Cached lookups against every target at once, the connections split evenly between them. Each
 * load runs in a worker thread of its own, so two loads don't share one client event loop.
 */
async function cachedLoad(targets: Target[]): Promise<LoadResult> {
	const each = Math.max(1, Math.floor(connections / targets.length))
	const results = await Promise.all(
		targets.map((target) => autocannon({ url: lookupUrl(target.url, FAKE_PLAYERS.complete), connections: each, duration, workers: 1 })),
	)
	return {
		rps: results.reduce((sum, r) => sum + r.requests.average, 0),
		total: results.reduce((sum, r) => sum + r.requests.total, 0),
		p50: results.map((r) => r.latency.p50),
		p99: results.map((r) => r.latency.p99),
		failures: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
	}
}

function printLoad(label: string, load: LoadResult) {
	const worst = Math.max(...load.p99)
	const verdict = worst < P99_TARGET_MS ? 'target met' : 'MISSED the target'
	print(`${label}:`)
	print(`  requests/s  ${load.rps.toFixed(0)}  (${load.total} total)`)
	print(`  latency     p50 ${load.p50.map(ms).join(' / ')}  p99 ${load.p99.map(ms).join(' / ')}  (p99 < ${P99_TARGET_MS} ms: ${verdict})`)
	print(`  failed requests ${load.failures}`)
}

async function main() {
	const fake = await startFakeUpstream({ slowMs: timeoutMs + 1000 })
	const inProcess = values['in-process']
	let target: Target | undefined
	let problems = 0
	try {
		target = inProcess ? await startInProcessServer(fake) : await startServer(fake)
		print(`Player lookup bench (${inProcess ? 'handler in-process' : 'node server/index.js'}, ${target.url})`)
		print(`upstream: fake at ${fake.url}, UPSTREAM_TIMEOUT_MS=${timeoutMs}`)
		print()

		// 1. Cached lookups under load.
		const cachedUrl = lookupUrl(target.url, FAKE_PLAYERS.complete)
		const warm = await timedGet(cachedUrl)
		if (warm.status !== 200) fail(`warm-up lookup answered ${warm.status} ${warm.code}\n${target.output()}`)
		fake.resetCalls()
		const load = await cachedLoad([target])
		printLoad(`Cached lookups, ${connections} connections, ${duration} s, in-process state`, load)
		print(`  upstream calls during the run: ${JSON.stringify(fake.calls)} (expected none)`)
		if (load.failures || fake.calls.profile || fake.calls.quests) problems++
		print()

		// 2. Single flight: 100 concurrent lookups of one name nobody has asked for yet.
		fake.resetCalls()
		fake.setLatency(200)
		const fresh = 'Zezima Bench'
		const burst = await Promise.all(Array.from({ length: 100 }, () => timedGet(lookupUrl(target!.url, fresh))))
		fake.setLatency(0)
		const statuses = countBy(burst.map((r) => r.status))
		const slowest = Math.max(...burst.map((r) => r.ms))
		const calls = fake.callsFor(fresh)
		const single = calls.profile === 1 && calls.quests === 1 && calls.hiscores === 0
		print('100 concurrent lookups of one fresh name (upstream latency 200 ms):')
		print(`  statuses ${JSON.stringify(statuses)}, slowest ${ms(slowest)}`)
		const verdict = single ? 'OK (1 per endpoint)' : 'MISSED the target of 1 per endpoint'
		print(`  upstream calls: ${JSON.stringify(calls)}  ${verdict}`)
		if (!single || statuses[200] !== 100) problems++
		print()

		// 3. Fault cases, one lookup each (fresh names: nothing cached).
		const cases: Array<[name: string, expected: number]> = [
			[FAKE_PLAYERS.noProfile, 404],
			[FAKE_PLAYERS.hiscoresOnly, 200],
			[FAKE_PLAYERS.private, 200],
			[FAKE_PLAYERS.notAMember, 200],
			[FAKE_PLAYERS.emptyQuests, 200],
			[FAKE_PLAYERS.serverError, 502],
			[FAKE_PLAYERS.slow, 504],
			[FAKE_PLAYERS.html, 502],
			[FAKE_PLAYERS.truncated, 502],
			[FAKE_PLAYERS.huge, 502],
			['Bad!Name', 400],
		]
		print('Fault cases:')
		for (const [name, expected] of cases) {
			const result = await timedGet(lookupUrl(target.url, name))
			const ok = result.status === expected
			if (!ok) problems++
			print(
				`  ${name.padEnd(12)} ${String(result.status).padEnd(4)} ${ms(result.ms).padStart(8)}  ` +
					`${result.code.padEnd(20)} ${ok ? '' : `(expected ${expected})`}`,
			)
		}
		print()
		if (!inProcess && !values['no-redis']) {
			await target.stop()
			target = undefined
			problems += await redisRuns(fake)
		}
		print(problems ? `${problems} check(s) did not meet expectations.` : 'All checks met expectations.')
	} finally {
		await target?.stop()
		await fake.close()
	}
	process.exitCode = problems ? 1 : 0
}

/**
 * The cached load again with the state in Redis: one instance, then two sharing it, then two that
 * also count every lookup against the shared rate limit (a limit too high to refuse anything, as
 * in production where the limit is on: one Redis call per lookup). Each instance serves a player
 * from its own fresh copy once it has one; Redis is read when it has none. Returns the number of
 * problems (failed requests, upstream calls, a cache miss on the second instance).
 */
async function redisRuns(fake: FakeUpstream): Promise<number> {
	let redis: TestRedis
	try {
		redis = await startTestRedis()
	} catch (error) {
		fail(`${(error as Error).message}\n(or run with --no-redis)`)
	}
	let running: Target[] = []
	let problems = 0
	const start = async (env: Record<string, string>) => {
		const target = await startServer(fake, { REDIS_URL: redis.url, ...env })
		running.push(target)
		return target
	}
	const stopAll = async () => {
		await Promise.all(running.map((target) => target.stop()))
		running = []
	}
	try {
		const one = await start({})
		const warm = await timedGet(lookupUrl(one.url, FAKE_PLAYERS.complete))
		if (warm.status !== 200) fail(`warm-up lookup with Redis answered ${warm.status} ${warm.code}\n${one.output()}`)
		fake.resetCalls()
		printLoad(
			`Cached lookups, ${connections} connections, ${duration} s, state in Redis (${redis.url}), one instance`,
			await cachedLoad([one]),
		)
		print()

		const two = await start({})
		// Cached by the first instance: the second must not ask upstream.
		const hit = await timedGet(lookupUrl(two.url, FAKE_PLAYERS.complete))
		const shared = hit.status === 200 && fake.calls.profile === 0 && fake.calls.quests === 0
		if (!shared) problems++
		const load = await cachedLoad([one, two])
		printLoad(`Cached lookups, ${connections} connections split over two instances sharing Redis, ${duration} s`, load)
		print(`  first lookup on the second instance: ${shared ? 'a cache hit (no upstream call)' : 'MISSED the shared cache'}`)
		if (load.failures) problems++
		print()
		await stopAll()

		const limited = { RATE_LIMIT_DISABLED: '0', PLAYER_RATE_LIMIT_PER_MINUTE: '100000000' }
		const pair = [await start(limited), await start(limited)]
		const counted = await cachedLoad(pair)
		printLoad(`The same, every lookup also counted against the rate limit in Redis`, counted)
		print(`  upstream calls during the Redis runs: ${JSON.stringify(fake.calls)} (expected none)`)
		if (counted.failures || fake.calls.profile || fake.calls.quests) problems++
		print()
	} finally {
		await stopAll()
		await redis.stop()
	}
	return problems
}

function countBy(items: number[]): Record<number, number> {
	const counts: Record<number, number> = {}
	for (const item of items) counts[item] = (counts[item] ?? 0) + 1
	return counts
}

await main()
