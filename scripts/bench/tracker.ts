/**
 * `npm run bench:tracker`: the tracker's storage on synthetic data (no upstream calls).
 * 1,000 players × 2 years of daily changed snapshots on PGlite, and 10,000 × 2 years on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names one; each is a fresh database.
 * Prints bytes per player-year (indexes included), gains p50/p95 for one player, snapshot write
 * p95 (with its daily gains, week and month totals and records), the top-gainers board's p50/p95
 * (a third of the skills gained by each player, this and last week and month), the records
 * query's p95, the first start's time to create the embedded database, and (with a build) the
 * production server's RSS once PGlite is open, the player page's server render p50/p95 (loopback,
 * one request at a time) and the JS it loads beyond the shell every page shares (brotli, in Chromium).
 * Then `/players` (the top gainers) at 100,000 tracked players (`BENCH_BOARD_PLAYERS`) on PGlite and,
 * with a PostgreSQL, on it too: its server render p50/p95 over first pages and pages anywhere on the
 * boards (reached through their links' `after=`), next to what a count and an OFFSET per view, as
 * before keyset paging, cost in the database alone. `BENCH_ONLY=boards` runs that part alone.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { SKILLS } from '#app/lib/skills.ts'
import { openDatabase, queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { computeGains } from '#app/tracker/gains.ts'
import { periodStart, previousPeriodStart, utcDay } from '#app/tracker/gain-periods.ts'
import { createTracker } from '#app/tracker/server/tracker.server.ts'
import { packSkills } from '#app/tracker/server/snapshot-codec.ts'
import * as store from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import { startFakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { chromium } from '@playwright/test'
import { ensureChromium } from '../dev/ensure-browser.ts'
import { brotliSize, measurePage } from './page-weight.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { startProductionServer } from './production-server.ts'

const DAY = 86_400_000
const DAYS = 730
const START = Date.UTC(2024, 10, 26)

/**
 * A mid-game account's day: XP grows in a few skills a day, ranks drift. Deterministic. Ranks are
 * stored as `recordFetch` stores them: on the first snapshot of each week only.
 */
function dayBlob(day: number): Uint8Array {
	const withRanks = store.keepsRanks(day === 0 ? undefined : new Date(START + (day - 1) * DAY), new Date(START + day * DAY))
	return packSkills(
		SKILLS.map((_, id) => ({
			xp: 1_500_000 + id * 400_000 + day * (id % 5 === day % 5 ? 9_000 : 1_200),
			rank: withRanks ? 120_000 + id * 7_000 - day * 3 : null,
		})),
	)
}

async function seed(handle: DatabaseHandle, players: number) {
	const { db } = handle
	await db.execute(sql`insert into tracked_players (key, name, tracked_since, last_checked_at, last_fetch_at, last_looked_up_at, profile, backfill_state)
		select 'player ' || i, 'Player ' || i, ${new Date(START)}, now(), now(), now(), 'public', 'done' from generate_series(1, ${players}) as i`)
	// Player 1's two years from here, copied to every other player by the database itself.
	for (let from = 0; from < DAYS; from += 200) {
		const rows = []
		for (let day = from; day < Math.min(DAYS, from + 200); day++) {
			rows.push({
				playerId: 1,
				source: 0,
				questPoints: 200 + Math.floor(day / 30),
				takenAt: new Date(START + day * DAY + 43_200_000),
				rank: 150_000 - day,
				questsComplete: 150 + Math.floor(day / 30),
				questsStarted: 3,
				skills: dayBlob(day),
			})
		}
		await db.insert((await import('#app/tracker/server/schema.ts')).snapshots).values(rows)
	}
	await db.execute(sql`insert into tracker_snapshots select p.i, s.source, s.quest_points, s.taken_at, s.rank, s.quests_complete, s.quests_started, s.skills
		from tracker_snapshots s cross join generate_series(2, ${players}) as p(i) where s.player_id = 1`)
	await db.execute(sql`vacuum analyze tracker_snapshots`)
}

/**
 * Gains as `recordFetch` would have left them: each player gained XP in a third of the skills this
 * and last week and month (plus the overall rows), records to match, and 90 days of daily rows.
 */
async function seedGains(handle: DatabaseHandle) {
	const { db } = handle
	const end = utcDay(START + DAYS * DAY)
	const [week, month] = [periodStart('week', end), periodStart('month', end)]
	const periods = sql`(values ('week', ${week}::date, 0), ('week', ${previousPeriodStart('week', week)}::date, 1), ('month', ${month}::date, 2), ('month', ${previousPeriodStart('month', month)}::date, 3)) as per(period, start, k)`
	await db.execute(sql`insert into tracker_period_gains (player_id, period, start, skill, xp)
		select p.id, per.period, per.start, s.skill, ((p.id * 7919 + s.skill * 104729 + per.k * 31) % 1000000) + 1
		from tracked_players p cross join generate_series(0, 28) as s(skill) cross join ${periods}
		where (p.id + s.skill) % 3 = 0`)
	await db.execute(sql`insert into tracker_period_gains (player_id, period, start, skill, xp)
		select player_id, period, start, -1, sum(xp) from tracker_period_gains group by player_id, period, start`)
	await db.execute(sql`insert into tracker_gain_records (player_id, period, skill, xp, start)
		select player_id, period, skill, max(xp), min(start) from tracker_period_gains group by player_id, period, skill
		union all select player_id, 'day', skill, max(xp) / 3, ${end}::date from tracker_period_gains where period = 'week' group by player_id, skill`)
	const pattern = (r: number) => `{${SKILLS.map((_, id) => ((id + r) % 3 === 0 ? 1000 + id : 0)).join(',')}}`
	await db.execute(sql`insert into tracker_daily_gains (player_id, day, xp_gained)
		select p.id, ${end}::date - d.n, (case (p.id + d.n) % 3 when 0 then ${pattern(0)} when 1 then ${pattern(1)} else ${pattern(2)} end)::int[]
		from tracked_players p cross join generate_series(1, 90) as d(n)`)
	await db.execute(sql`vacuum analyze tracker_period_gains`)
	await db.execute(sql`vacuum analyze tracker_gain_records`)
	await db.execute(sql`vacuum analyze tracker_daily_gains`)
}

const percentile = (values: number[], p: number) =>
	values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!
const ms = (value: number) => `${value.toFixed(2)} ms`

async function measure(engine: string, handle: DatabaseHandle, players: number) {
	const started = performance.now()
	await seed(handle, players)
	await seedGains(handle)
	const seedSeconds = (performance.now() - started) / 1000
	const [size] = await queryRows<{ bytes: string; rows: string }>(
		handle.db,
		sql`select pg_total_relation_size('tracker_snapshots')::text as bytes, (select count(*) from tracker_snapshots)::text as rows`,
	)
	const perPlayerYear = Number(size!.bytes) / players / (DAYS / 365)

	const gains: number[] = []
	for (let i = 0; i < 300; i++) {
		const player = (await store.findPlayer(handle.db, `player ${1 + ((i * 7919) % players)}`))!
		const t = performance.now()
		const to = new Date(START + (300 + (i % 400)) * DAY)
		const from = new Date(to.getTime() - 30 * DAY)
		const start = (await store.snapshotAt(handle.db, player.id, from)) ?? (await store.firstSnapshotAfter(handle.db, player.id, from, to))
		const end = await store.snapshotAt(handle.db, player.id, to)
		computeGains(player.name, 'month', { from, to }, start ?? null, end ?? null)
		if (i >= 20) gains.push(performance.now() - t)
	}
	const tracker = createTracker({
		db: async () => handle.db,
		now: () => START + DAYS * DAY,
		fetchFresh: () => Promise.reject(new Error('no upstream in the bench')),
	})
	const boards: number[] = []
	const boardSkills = ['overall', ...SKILLS.map((s) => s.name)] as const
	for (let i = 0; i < 320; i++) {
		const t = performance.now()
		await tracker.gainsBoard({
			period: i % 2 === 0 ? 'week' : 'month',
			skill: boardSkills[(i * 7) % boardSkills.length]!,
			page: 1 + ((i * 13) % 10),
			date: null,
			after: null,
		})
		if (i >= 20) boards.push(performance.now() - t)
	}
	const records: number[] = []
	for (let i = 0; i < 220; i++) {
		const t = performance.now()
		await (await tracker.player(`player ${1 + ((i * 7919) % players)}`))!.records()
		if (i >= 20) records.push(performance.now() - t)
	}
	const [gainsSize] = await queryRows<{ bytes: string; rows: string }>(
		handle.db,
		sql`select pg_total_relation_size('tracker_daily_gains')::text as bytes, (select count(*) from tracker_daily_gains)::text as rows`,
	)

	const writes: number[] = []
	for (let i = 0; i < 220; i++) {
		const key = `player ${1 + ((i * 104_729) % players)}`
		const t = performance.now()
		await store.recordFetch(handle.db, {
			key,
			name: key,
			fetchedAt: new Date(START + (DAYS + 1 + i) * DAY),
			snapshot: snapshotOf({ attack: 90_000_000 + i }),
			quests: null,
			activities: [],
		})
		if (i >= 20) writes.push(performance.now() - t)
	}
	return {
		engine: `${engine}, ${players.toLocaleString('en')} players × 2 years`,
		rows: Number(size!.rows),
		seed: `${seedSeconds.toFixed(1)} s`,
		bytesPerPlayerYear: `${(perPlayerYear / 1024).toFixed(1)} KB (${(Number(size!.bytes) / Number(size!.rows)).toFixed(0)} B/row)`,
		gainsP50: ms(percentile(gains, 0.5)),
		gainsP95: ms(percentile(gains, 0.95)),
		writeP50: ms(percentile(writes, 0.5)),
		writeP95: ms(percentile(writes, 0.95)),
		boardP50: ms(percentile(boards, 0.5)),
		boardP95: ms(percentile(boards, 0.95)),
		recordsP95: ms(percentile(records, 0.95)),
		dailyGainsRow: `${(Number(gainsSize!.bytes) / Number(gainsSize!.rows)).toFixed(0)} B`,
	}
}

async function firstStart() {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-bench-pglite-'))
	try {
		const t = performance.now()
		const handle = await openDatabase({ dataDir: path.join(dir, 'db') })
		await handle.migrate()
		const seconds = (performance.now() - t) / 1000
		await handle.close()
		const t2 = performance.now()
		const again = await openDatabase({ dataDir: path.join(dir, 'db') })
		await again.migrate()
		const reopen = (performance.now() - t2) / 1000
		await again.close()
		return { created: `${seconds.toFixed(1)} s`, reopened: `${reopen.toFixed(1)} s` }
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

/** The production server's RSS after a lookup has opened PGlite (needs `npm run build`). */
async function serverRss() {
	const fake = await startFakeUpstream()
	const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-bench-server-'))
	try {
		const server = await startProductionServer({
			env: {
				DATA_DIR: dataDir,
				RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
				HISCORES_BASE_URL: fake.hiscoresBaseUrl,
				TRACKER_REFRESH: 'off',
				DATABASE_URL: '',
			},
		})
		try {
			const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
			const before = rss()
			await (await fetch(`${server.url}/api/v1/player-data?username=Zezima%20Jr&quests=true`)).arrayBuffer()
			// Tracked, and its monthly backfill (29 upstream calls at 1 a second) finished: until then its
			// writes land between the page renders timed below and lengthen their tail.
			for (let i = 0; i < 240; i++) {
				const summary = await fetch(`${server.url}/api/v1/players/Zezima%20Jr`)
				if (summary.status === 200 && ((await summary.json()) as { backfill: { state: string } }).backfill.state !== 'pending') break
				await new Promise((resolve) => setTimeout(resolve, 250))
			}
			for (let i = 0; i < 50; i++) await (await fetch(`${server.url}/api/v1/players/Zezima%20Jr/gains?period=week`)).arrayBuffer()
			const memory = { before: `${before.toFixed(0)} MB`, withPglite: `${rss().toFixed(0)} MB` }
			return { ...memory, playerPage: await playerPage(server.url) }
		} finally {
			await server.stop()
		}
	} finally {
		await fake.close()
		rmSync(dataDir, { recursive: true, force: true })
	}
}

const CLIENT_DIR = path.resolve(import.meta.dirname, '../../build/client')

/** 220 requests one at a time, the first 20 as warm-up: prints the times of the others (ms) as JSON. */
const RENDER_TIMER = `
const renders = []
for (let i = 0; i < 220; i++) {
	const t = performance.now()
	const response = await fetch(process.argv[1] + '/players/Zezima_Jr?period=' + (i % 2 ? 'week' : 'month'))
	await response.arrayBuffer()
	if (response.status !== 200) throw new Error('/players/Zezima_Jr answered ' + response.status)
	if (i >= 20) renders.push(performance.now() - t)
}
console.log(JSON.stringify(renders))
`

/** `/players/Zezima_Jr`: server render times, then the JS a browser loads for it beyond the shell. */
async function playerPage(baseUrl: string) {
	// Timed from a small Node process of its own: this one holds the PGlite databases created above
	// (WebAssembly memory a process never gives back), and its pauses lengthened the tail by ~20 ms.
	const timer = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', RENDER_TIMER, baseUrl])
	const renders = JSON.parse(timer.stdout) as number[]
	// The shell: the JS the home page, the Tools index and the quest list all load.
	const shellSets = ['/', '/tools', '/quests'].map((page) => new Set(measurePage(CLIENT_DIR, page, [])?.files ?? []))
	const browser = await chromium.launch({ executablePath: ensureChromium(() => {}), args: ['--no-sandbox'] })
	try {
		const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
		const scripts = new Set<string>()
		page.on('request', (request) => {
			const { pathname } = new URL(request.url())
			if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname.slice(1))
		})
		await page.goto(`${baseUrl}/players/Zezima_Jr`)
		// Hydration starts after the first paint, so wait for it, then for what it loads.
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		// The chart loads when the reader scrolls near it: count it too.
		await page.locator('[data-chart-box]').scrollIntoViewIfNeeded()
		await page.locator('[data-chart-box] canvas').first().waitFor()
		await page.waitForLoadState('networkidle')
		const beyond = [...scripts].filter((file) => !shellSets.every((shell) => shell.has(file)))
		const kb = beyond.reduce((sum, file) => sum + brotliSize(path.join(CLIENT_DIR, file)), 0) / 1024
		return {
			renderP50: ms(percentile(renders, 0.5)),
			renderP95: ms(percentile(renders, 0.95)),
			jsBeyondShell: `${kb.toFixed(1)} KB brotli (${beyond.length} files; target ≤ 40 KB)`,
		}
	} finally {
		await browser.close()
	}
}

/**
 * 100,000 players on the boards of this week and this month: each gained XP in a third of the
 * skills (plus overall), so a skill's board holds ~33,000 players and overall all of them.
 */
async function seedBoards(handle: DatabaseHandle, players: number, today: string) {
	const { db } = handle
	await db.execute(sql`insert into tracked_players (key, name, tracked_since, last_checked_at, last_fetch_at, last_looked_up_at, profile, backfill_state)
		select 'board player ' || i, 'Board Player ' || i, ${new Date(START)}, now(), now(), now(), 'public', 'done' from generate_series(1, ${players}) as i`)
	const periods = sql`(values ('week', ${periodStart('week', today)}::date), ('month', ${periodStart('month', today)}::date)) as per(period, start)`
	// The board index is built once after the rows are in (minutes faster on PGlite than row by row).
	const [index] = await queryRows<{ indexdef: string }>(
		db,
		sql`select indexdef from pg_indexes where indexname = 'tracker_period_gains_board'`,
	)
	await db.execute(sql`drop index tracker_period_gains_board`)
	await db.execute(sql`insert into tracker_period_gains (player_id, period, start, skill, xp)
		select p.id, per.period, per.start, s.skill, ((p.id * 7919 + s.skill * 104729) % 5000000) + 1
		from tracked_players p cross join generate_series(0, 28) as s(skill) cross join ${periods}
		where (p.id + s.skill) % 3 = 0`)
	await db.execute(sql`insert into tracker_period_gains (player_id, period, start, skill, xp)
		select player_id, period, start, -1, sum(xp) from tracker_period_gains group by player_id, period, start`)
	await db.execute(sql.raw(index!.indexdef))
	await db.execute(sql`vacuum analyze tracker_period_gains`)
	await db.execute(sql`vacuum analyze tracked_players`)
}

const BOARD_SKILLS = ['overall', ...SKILLS.map((s) => s.name)] as const

/**
 * 220 `/players` URLs, deterministic: a quarter the first page of a board, the rest a page anywhere
 * on it through the `after=` its link carries (found here with an OFFSET, outside the timing). Also
 * times, in the database alone, what the page did before keyset paging: a count and an OFFSET read.
 */
async function boardUrls(handle: DatabaseHandle, today: string) {
	const urls: string[] = []
	const before: number[] = []
	/** Whether request i is its board's first (the server counts the board's players then). */
	const counts: boolean[] = []
	const seen = new Set<string>()
	for (let i = 0; i < 220; i++) {
		const period = i % 2 === 0 ? 'week' : 'month'
		const skill = BOARD_SKILLS[(i * 7) % BOARD_SKILLS.length]!
		counts.push(!seen.has(`${period} ${skill}`))
		seen.add(`${period} ${skill}`)
		const start = periodStart(period, today)
		const skillId = skill === 'overall' ? -1 : SKILLS.findIndex((s) => s.name === skill)
		const base = `/players?period=${period}&skill=${skill}`
		const t = performance.now()
		const [count] = await queryRows<{ players: number }>(
			handle.db,
			sql`select count(*)::int as players from tracker_period_gains where period = ${period} and start = ${start}::date and skill = ${skillId}`,
		)
		const pages = Math.ceil(count!.players / 25)
		const page = i % 4 === 0 ? 1 : 2 + ((i * 7919) % (pages - 1))
		const rows = await queryRows<{ xp: string; player_id: number }>(
			handle.db,
			sql`select g.xp::text, g.player_id, p.name from tracker_period_gains g join tracked_players p on p.id = g.player_id
			where g.period = ${period} and g.start = ${start}::date and g.skill = ${skillId} order by g.xp desc, g.player_id limit 26 offset ${Math.max(0, (page - 1) * 25 - 1)}`,
		)
		if (i >= 20) before.push(performance.now() - t)
		urls.push(page === 1 ? base : `${base}&page=${page}&after=${rows[0]!.xp}.${rows[0]!.player_id}`)
	}
	return { urls, before, counts: counts.slice(20) }
}

/** Times the URLs one at a time from a small Node process of its own (the first 20 as warm-up). */
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

async function timeBoards(env: Record<string, string>, urls: string[]) {
	const fake = await startFakeUpstream()
	const server = await startProductionServer({
		env: { RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl, HISCORES_BASE_URL: fake.hiscoresBaseUrl, TRACKER_REFRESH: 'off', ...env },
	})
	try {
		const timer = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', URL_TIMER, server.url, JSON.stringify(urls)], {
			maxBuffer: 16 * 1024 * 1024,
		})
		return JSON.parse(timer.stdout) as number[]
	} finally {
		await server.stop()
		await fake.close()
	}
}

/** `/players` at `players` tracked players: on PGlite (a DATA_DIR of its own), then PostgreSQL when given. */
async function boardsAtScale(players: number, postgresUrl: string | undefined) {
	const today = utcDay(Date.now())
	const rows: Array<Record<string, string>> = []
	const summary = (engine: string, seconds: number, { before, counts }: { before: number[]; counts: boolean[] }, renders: number[]) => {
		const kept = renders.filter((_, i) => !counts[i])
		const counted = renders.filter((_, i) => counts[i])
		return {
			engine: `${engine}, ${players.toLocaleString('en')} players`,
			seed: `${seconds.toFixed(0)} s`,
			renderP50: ms(percentile(renders, 0.5)),
			renderP95: ms(percentile(renders, 0.95)),
			renderMax: ms(Math.max(...renders)),
			countKeptP95: ms(percentile(kept, 0.95)),
			boardsFirstViewP95: `${ms(percentile(counted, 0.95))} (${counted.length})`,
			countAndOffsetP95: ms(percentile(before, 0.95)),
		}
	}
	const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-bench-boards-'))
	try {
		const started = performance.now()
		const handle = await openDatabase({ dataDir: path.join(dataDir, 'db') })
		await handle.migrate()
		await seedBoards(handle, players, today)
		const seconds = (performance.now() - started) / 1000
		const { urls, ...timed } = await boardUrls(handle, today)
		await handle.close()
		rows.push(summary('PGlite', seconds, timed, await timeBoards({ DATA_DIR: dataDir, DATABASE_URL: '' }, urls)))
	} finally {
		rmSync(dataDir, { recursive: true, force: true })
	}
	if (postgresUrl) {
		const url = await freshDatabase(postgresUrl, 'bench_boards')
		const started = performance.now()
		const handle = await openDatabase({ url })
		await handle.migrate()
		await seedBoards(handle, players, today)
		const seconds = (performance.now() - started) / 1000
		const { urls, ...timed } = await boardUrls(handle, today)
		await handle.close()
		const emptyDir = mkdtempSync(path.join(tmpdir(), 'gg-bench-boards-'))
		try {
			rows.push(summary('PostgreSQL', seconds, timed, await timeBoards({ DATA_DIR: emptyDir, DATABASE_URL: url }, urls)))
		} finally {
			rmSync(emptyDir, { recursive: true, force: true })
		}
	}
	console.log('/players (top gainers) server render, 200 requests after 20, a quarter first pages, the rest anywhere through after=:')
	console.table(rows)
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (process.env.BENCH_ONLY === 'boards') {
	await boardsAtScale(Number(process.env.BENCH_BOARD_PLAYERS ?? 100_000), postgresUrl)
	process.exit(0)
}

const results: Array<Record<string, unknown>> = []
const pglite = await openDatabase({})
await pglite.migrate()
results.push(await measure('PGlite', pglite, Number(process.env.BENCH_PGLITE_PLAYERS ?? 1000)))
await pglite.close()
const url = postgresUrl
if (url) {
	const postgres = await openDatabase({ url: await freshDatabase(url, 'bench_tracker') })
	await postgres.migrate()
	results.push(await measure('PostgreSQL', postgres, Number(process.env.BENCH_POSTGRES_PLAYERS ?? 10_000)))
	await postgres.close()
} else {
	console.log('No PostgreSQL (set BENCH_DATABASE_URL): measured PGlite only.')
}
console.table(results)
console.log('Embedded database, first start:', await firstStart())
try {
	console.log('Production server RSS:', await serverRss())
} catch (error) {
	console.log(`Production server RSS: not measured (${error instanceof Error ? error.message : String(error)})`)
}
await boardsAtScale(Number(process.env.BENCH_BOARD_PLAYERS ?? 100_000), postgresUrl)
