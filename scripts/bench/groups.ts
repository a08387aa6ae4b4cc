/**
 * `npm run bench:groups`: groups at scale on synthetic data (no upstream calls). 1,000 groups of
 * 100 members (100,000 tracked players, 4 snapshots each over a year) and one clan of 500, on
 * PGlite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL (else a throwaway
 * one is started when the server binaries are installed, as scripts/dev/test-all.ts does), on it
 * too. Prints per engine: the group gains p95 (the service: one query and the sums, a day, week,
 * month or year, or a range), the group page's server render p95 through the production build
 * (`npm run build` first; skipped without one), and one roster sync of the 500-member clan (the
 * stored roster replaced, its events written). Then, in process, the 500 members' profile fetches
 * of a sync queued at group priority through the upstream gate beside interactive lookups: the
 * p95 wait of a lookup while the sync runs (the gate's spacing is BENCH_RPS calls a second,
 * default 25, so the run stays short; in production it is TRACKER_UPSTREAM_RPS).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { SKILLS } from '#app/lib/skills.ts'
import { CLAN_RANKS } from '#app/groups/ranks.ts'
import { createGroupsService } from '#app/groups/server/groups-service.server.ts'
import { syncRoster } from '#app/groups/server/groups-store.server.ts'
import { createUpstreamGate, budgetLimit } from '#app/player/server/upstream-gate.server.ts'
import { openDatabase, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { releaseDatabaseLocks } from '#app/server/db/db-lock.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import type { GainsQuery } from '#app/tracker/api-params.ts'
import { packSkills } from '#app/tracker/server/snapshot-codec.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { startThrowawayPostgres, type ThrowawayPostgres } from '../dev/ensure-postgres.ts'
import { startProductionServer } from './production-server.ts'

const DAY = 86_400_000
const GROUPS = 1000
const MEMBERS = 100
const CLAN = 500
const NOW = Date.now()
/** Each player's snapshots: a year, a month, a week and a day ago. */
const SNAPSHOT_DAYS = [365, 30, 7, 1]
const RPS = Number(process.env.BENCH_RPS ?? 25)

const percentile = (values: number[], p: number) =>
	values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!
const ms = (value: number) => `${value.toFixed(1)} ms`

const blob = (step: number) => packSkills(SKILLS.map((_, id) => ({ xp: 5_000_000 + id * 100_000 + step * (id + 1) * 20_000, rank: null })))

/** Players 1…100,000 with their snapshots, groups 1…1,000 of 100 of them, and group 1,001: a clan of 500. */
async function seed(handle: DatabaseHandle) {
	const { db } = handle
	const players = GROUPS * MEMBERS
	const at = (days: number) => new Date(NOW - days * DAY)
	await db.execute(sql`insert into tracked_players (key, name, tracked_since, last_checked_at, last_fetch_at, last_looked_up_at, profile, backfill_state)
		select 'player ' || i, 'Player ' || i, ${at(400)}, now(), now(), now(), 'public', 'done' from generate_series(1, ${players}) as i`)
	for (const [step, days] of SNAPSHOT_DAYS.entries()) {
		await db.execute(sql`insert into tracker_snapshots (player_id, source, taken_at, skills)
			select i, 0, ${at(days)}::timestamptz + (i % 3600) * interval '1 second', ${blob(step)} from generate_series(1, ${players}) as i`)
	}
	await db.execute(sql`insert into groups (name, clan_name, code_hash, created_at, roster_at, citadel_reset_weekday, citadel_reset_minute)
		select 'Group ' || g, null, 'hash', now(), now(), 0, 1080 from generate_series(1, ${GROUPS}) as g`)
	await db.execute(sql`insert into group_members (group_id, player_key, name, since)
		select 1 + (i - 1) / ${MEMBERS}, 'player ' || i, 'Player ' || i, now() from generate_series(1, ${players}) as i`)
	const ranks = sql.raw(`array[${CLAN_RANKS.map((rank) => `'${rank}'`).join(', ')}]`)
	await db.execute(
		sql`insert into groups (name, clan_name, code_hash, created_at, roster_at) values ('The Clan', 'The Clan', 'hash', ${at(2)}, ${at(2)})`,
	)
	await db.execute(sql`insert into group_members (group_id, player_key, name, rank, total_xp, since)
		select ${GROUPS + 1}, 'player ' || i, 'Player ' || i, (${ranks})[1 + i % 12], 1000000 * i, now() from generate_series(1, ${CLAN}) as i`)
	for (const table of ['tracked_players', 'tracker_snapshots', 'groups', 'group_members'])
		await db.execute(sql.raw(`vacuum analyze ${table}`))
}

const QUERIES: GainsQuery[] = [
	{ period: 'day' },
	{ period: 'week' },
	{ period: 'month' },
	{ period: 'year' },
	{ from: new Date(NOW - 60 * DAY).toISOString().slice(0, 10), to: new Date(NOW - 3 * DAY).toISOString().slice(0, 10) },
]

async function gainsTimes(handle: DatabaseHandle) {
	const state = createMemoryState()
	const limit = { max: 1000, windowMs: 1000, refill: 'window' as const }
	const service = createGroupsService({
		db: async () => handle.db,
		readClan: () => Promise.reject(new Error('no upstream in the bench')),
		limits: { creation: state.limiter('c', limit), wrongCode: state.limiter('w', limit) },
		now: () => NOW,
	})
	const times: number[] = []
	for (let i = 0; i < 220; i++) {
		const t = performance.now()
		const gains = await service.gains(1 + ((i * 7919) % GROUPS), {
			...QUERIES[i % QUERIES.length]!,
			sort: i % 2 ? 'overall' : SKILLS[i % 29]!.name,
		})
		if (!gains.ok || gains.members.length !== MEMBERS) throw new Error('unexpected gains')
		if (i >= 20) times.push(performance.now() - t)
	}
	return times
}

/** One sync of the clan: 20 left, 20 joined, 50 promoted. */
async function syncTime(handle: DatabaseHandle) {
	const members = Array.from({ length: CLAN }, (_, index) => {
		const i = index < 20 ? CLAN + 1 + index : index + 1
		return { key: `player ${i}`, name: `Player ${i}`, rank: CLAN_RANKS[(i + (index < 70 ? 1 : 0)) % 12]!, totalXp: 1_000_000 * i + 5 }
	})
	const t = performance.now()
	const diff = await syncRoster(handle.db, GROUPS + 1, members, new Date(NOW))
	const elapsed = performance.now() - t
	if (!diff || diff.events.length < 40) throw new Error('unexpected sync')
	return { elapsed, events: diff.events.length }
}

const URL_TIMER = `
const [base, list] = [process.argv[1], JSON.parse(process.argv[2])]
const times = []
for (const [i, url] of list.entries()) {
	const t = performance.now()
	const response = await fetch(base + url)
	await response.arrayBuffer()
	if (response.status !== 200) throw new Error(url + ' answered ' + response.status)
	if (i >= 20) times.push(performance.now() - t)
}
console.log(JSON.stringify(times))
`

/** The group page, 120 requests after 20, one at a time: groups of 100 with their gains, and the clan of 500. */
async function renderTimes(env: Record<string, string>) {
	const urls = Array.from({ length: 140 }, (_, i) => {
		const query = QUERIES[i % QUERIES.length]!
		const group = i % 10 === 9 ? GROUPS + 1 : 1 + ((i * 7919) % GROUPS)
		return `/groups/${group}?${new URLSearchParams({ ...query, sort: i % 2 ? 'overall' : 'attack' })}`
	})
	const server = await startProductionServer({ env: { TRACKER_REFRESH: 'off', ...env } })
	try {
		const timer = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', URL_TIMER, server.url, JSON.stringify(urls)])
		return JSON.parse(timer.stdout) as number[]
	} finally {
		await server.stop()
	}
}

async function measure(engine: string, open: () => Promise<DatabaseHandle>, serverEnv: Record<string, string>) {
	const started = performance.now()
	const handle = await open()
	await handle.migrate()
	await seed(handle)
	const seedSeconds = (performance.now() - started) / 1000
	const gains = await gainsTimes(handle)
	const sync = await syncTime(handle)
	await handle.close()
	// The embedded database's lock is this process's until it exits: let the server open it.
	releaseDatabaseLocks()
	let render: string
	let clanRender = ''
	try {
		const times = await renderTimes(serverEnv)
		// Every tenth URL (from the 20 warm-ups on, the same positions) is the clan of 500.
		const clan = times.filter((_, i) => (i + 20) % 10 === 9)
		const groups = times.filter((_, i) => (i + 20) % 10 !== 9)
		render = `p50 ${ms(percentile(groups, 0.5))}, p95 ${ms(percentile(groups, 0.95))}`
		clanRender = `p50 ${ms(percentile(clan, 0.5))}, p95 ${ms(percentile(clan, 0.95))}`
	} catch (error) {
		render = `not measured (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
	}
	return {
		engine,
		seed: `${seedSeconds.toFixed(0)} s`,
		gainsP50: ms(percentile(gains, 0.5)),
		gainsP95: ms(percentile(gains, 0.95)),
		pageOf100: render,
		pageOfClan500: clanRender,
		clanSync: `${ms(sync.elapsed)} (${sync.events} events)`,
	}
}

/**
 * The sync's 500 profile fetches queued at group priority, and an interactive lookup every
 * 100 ms meanwhile, through one gate spaced at BENCH_RPS; each fake call takes 40 ms.
 */
async function schedulerTimes() {
	const state = createMemoryState()
	const gate = createUpstreamGate({
		rps: RPS,
		budget: state.limiter('upstream', budgetLimit(RPS)),
		now: Date.now,
		sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
	})
	const call = () => new Promise((resolve) => setTimeout(resolve, 40))
	const started = performance.now()
	let syncDone = 0
	const sync = Promise.all(Array.from({ length: CLAN }, () => gate.run('group', call))).then(() => (syncDone = performance.now()))
	const waits: number[] = []
	while (!syncDone) {
		const t = performance.now()
		void gate.run('interactive', call).then(() => waits.push(performance.now() - t))
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	await sync
	return { syncSeconds: (syncDone - started) / 1000, waits }
}

const results: Array<Record<string, string>> = []
const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-bench-groups-'))
let throwaway: ThrowawayPostgres | undefined
try {
	results.push(await measure('PGlite', () => openDatabase({ dataDir: path.join(dataDir, 'db') }), { DATA_DIR: dataDir, DATABASE_URL: '' }))
	let postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
	if (!postgresUrl) {
		try {
			throwaway = await startThrowawayPostgres(() => {})
			postgresUrl = throwaway.url
		} catch (error) {
			console.log(`No PostgreSQL (${error instanceof Error ? error.message : String(error)}): measured PGlite only.`)
		}
	}
	if (postgresUrl) {
		const url = await freshDatabase(postgresUrl, 'bench_groups')
		const emptyDir = mkdtempSync(path.join(tmpdir(), 'gg-bench-groups-'))
		try {
			results.push(await measure('PostgreSQL', () => openDatabase({ url }), { DATA_DIR: emptyDir, DATABASE_URL: url }))
		} finally {
			rmSync(emptyDir, { recursive: true, force: true })
		}
	}
} finally {
	rmSync(dataDir, { recursive: true, force: true })
	throwaway?.stop()
}
console.log(`${GROUPS.toLocaleString('en')} groups × ${MEMBERS} members (4 snapshots each) and a clan of ${CLAN}:`)
console.log('group gains: 200 calls after 20 (day, week, month, year, a range); page render: 120 requests after 20, one at a time')
console.table(results)
const { syncSeconds, waits } = await schedulerTimes()
const interval = 1000 / RPS
console.log(
	`Roster sync of ${CLAN} profile fetches at group priority, ${RPS} calls a second: ${syncSeconds.toFixed(1)} s; ` +
		`${waits.length} interactive lookups meanwhile: p50 ${ms(percentile(waits, 0.5))}, p95 ${ms(percentile(waits, 0.95))}, ` +
		`max ${ms(Math.max(...waits))} (one call takes 40 ms, the spacing is ${ms(interval)}; in arrival order a lookup would wait ` +
		`behind up to ${CLAN} calls, ${(CLAN * interval) / 1000} s)`,
)
