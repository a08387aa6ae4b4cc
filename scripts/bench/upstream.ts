/**
 * `npm run bench:upstream`: upstream calls a second under a flood of lookups and Updates, against
 * the production build (`npm run build` first). Two server instances share one budget
 * (TRACKER_UPSTREAM_RPS, default here 2; BENCH_RPS) through Redis when a redis-server is installed
 * (else one instance), and one fake upstream that notes every call. After a few players are tracked (their
 * backfills run during the flood), 40 clients send lookups of new names, API Updates and the page's
 * Update as fast as they are answered for BENCH_SECONDS (default 30). Prints the most calls the
 * upstream saw in any second (sliding) and in any 10 s, the average, and the answers' statuses.
 */
import { findRedisServer } from '../dev/ensure-redis.ts'
import { budgetLimit } from '#app/player/server/upstream-gate.server.ts'
import { startServerInstance, type ServerInstance } from '#tests/e2e/server-instance.ts'
import { startFakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { startTestRedis, type TestRedis } from '#tests/fixtures/redis.ts'

const RPS = Number(process.env.BENCH_RPS ?? 2)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30)
const CLIENTS = 40
const TRACKED = ['Zezima BA', 'Zezima BB', 'Zezima BC', 'Zezima BD']

/** The most of `times` within any window of `windowMs`. */
function mostWithin(times: number[], windowMs: number): number {
	const sorted = times.toSorted((a, b) => a - b)
	let most = 0
	let start = 0
	for (let end = 0; end < sorted.length; end++) {
		while (sorted[end]! - sorted[start]! >= windowMs) start++
		most = Math.max(most, end - start + 1)
	}
	return most
}

const fake = await startFakeUpstream()
let redis: TestRedis | undefined
const servers: ServerInstance[] = []
try {
	if (findRedisServer()) redis = await startTestRedis()
	const env = {
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		TRACKER_UPSTREAM_RPS: String(RPS),
		...(redis ? { REDIS_URL: redis.url } : {}),
	}
	servers.push(...(await Promise.all((redis ? [1, 2] : [1]).map(() => startServerInstance(env)))))
	console.log(
		`${servers.length} instance(s)${redis ? ' sharing Redis' : ''}, TRACKER_UPSTREAM_RPS=${RPS} (the shared limiter: ${JSON.stringify(budgetLimit(RPS))})`,
	)

	// Tracked players for the Updates, on every instance (each has its own embedded database; each
	// first visit is a lookup and starts a 29-call backfill that runs during the flood).
	for (const server of servers) {
		for (const name of TRACKED) {
			const response = await fetch(`${server.baseURL}/players/${name.replaceAll(' ', '_')}`)
			if (response.status !== 200) throw new Error(`seeding ${name}: HTTP ${response.status}`)
		}
	}
	fake.resetCalls()
	const statuses = new Map<string, number>()
	const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1)
	const started = Date.now()
	const until = started + SECONDS * 1000
	let lookups = 0
	await Promise.all(
		Array.from({ length: CLIENTS }, async (_, client) => {
			for (let i = 0; Date.now() < until; i++) {
				const server = servers[(client + i) % servers.length]!
				const player = TRACKED[(client + i) % TRACKED.length]!.replaceAll(' ', '_')
				const kind = (client + i) % 3
				let response: Response
				if (kind === 0) {
					response = await fetch(`${server.baseURL}/api/v1/player-data?username=${encodeURIComponent(`Zezima F${lookups++}`)}&quests=true`)
				} else if (kind === 1) {
					response = await fetch(`${server.baseURL}/api/v1/players/${player}/update`, { method: 'POST' })
				} else {
					response = await fetch(`${server.baseURL}/players/${player}`, {
						method: 'POST',
						body: new URLSearchParams({ intent: 'update' }),
						redirect: 'manual',
					})
				}
				await response.arrayBuffer()
				const what = ['lookup', 'API Update', 'page Update'][kind]!
				const outcome =
					response.status === 303 ? new URL(response.headers.get('location')!, server.baseURL).searchParams.get('update') : response.status
				count(`${what} ${outcome}`)
			}
		}),
	)
	const ended = Date.now()
	const times = fake.requests.filter((request) => request.at >= started && request.at <= ended).map((request) => request.at)
	const byEndpoint = new Map<string, number>()
	for (const request of fake.requests) byEndpoint.set(request.endpoint, (byEndpoint.get(request.endpoint) ?? 0) + 1)
	const seconds = (ended - started) / 1000
	console.log(
		`flood: ${CLIENTS} clients for ${seconds.toFixed(1)} s; answers: ${[...statuses]
			.toSorted()
			.map(([what, n]) => `${what}: ${n}`)
			.join(', ')}`,
	)
	console.log(
		`upstream calls: ${times.length} (${[...byEndpoint].map(([endpoint, n]) => `${endpoint} ${n}`).join(', ')}), ${(times.length / seconds).toFixed(2)} a second on average`,
	)
	console.log(
		`most in any 1 s: ${mostWithin(times, 1000)}; most in any 10 s: ${mostWithin(times, 10_000)} (budget ${RPS}/s: ${RPS * 10} in 10 s)`,
	)
	const sorted = times.toSorted((a, b) => a - b)
	const gaps = sorted.slice(1).map((time, i) => time - sorted[i]!)
	console.log(
		`gaps between calls (ms): smallest ${gaps
			.toSorted((a, b) => a - b)
			.slice(0, 8)
			.join(', ')}; median ${gaps.toSorted((a, b) => a - b)[Math.floor(gaps.length / 2)]}`,
	)
	for (const server of servers) {
		const notes = server
			.output()
			.split('\n')
			.filter((line) => /shared-state|upstream:/.test(line))
		if (notes.length > 0) console.log(notes.slice(0, 2).join('\n'))
	}
} finally {
	await Promise.all(servers.map((server) => server.stop()))
	await redis?.stop()
	await fake.close()
}
