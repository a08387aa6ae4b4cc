/**
 * `npm run bench:competitions` (no build, no network):
 * 1. Standings: 1,000 participants with 30 days of snapshots (one every 6 hours, as the rounds
 *    take them: 121 each) on PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
 *    PostgreSQL, on it too; `readCompetitionWithStandings` timed cold (the first read: no standing
 *    kept, every participant computed, as after a round refreshed everyone), then warm BENCH_RUNS
 *    times (default 20; every standing kept), p50/p95 against the targets (≤ 100 ms PGlite,
 *    ≤ 50 ms PostgreSQL), then once after 50 participants got a new snapshot. The load average is
 *    printed beside: on a shared machine the figures grow with it; the warm reads' CPU time (this
 *    process: all of PGlite's work, none of a PostgreSQL server's) depends on it less.
 * 2. The start round of 500 participants through the upstream gate at competition priority, with
 *    the budget at BENCH_RPS calls a second (default 25: a short run; the site's default is 0.25)
 *    while 500 players wait for their daily refresh at refresh priority on the same gate: when the
 *    round finished against the budget's arithmetic (500 / rps seconds), and how many refresh calls
 *    got through before it did. Each call stands for an upstream answer taking BENCH_CALL_MS (default 50).
 *
 * `npm run bench:competitions -- --only=standings` or `--only=round` runs one part alone.
 */
import { loadavg } from 'node:os'
import { sql } from 'drizzle-orm'
import { SKILLS } from '#app/lib/skills.ts'
import { budgetLimit, createUpstreamGate } from '#app/player/server/upstream-gate.server.ts'
import { openDatabase, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { snapshots } from '#app/tracker/server/schema.ts'
import { packSkills } from '#app/tracker/server/snapshot-codec.ts'
import { recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import { createCompetitionRounds } from '#app/competitions/server/competition-rounds.server.ts'
import { createCompetition } from '#app/competitions/server/competitions-store.server.ts'
import { readCompetitionWithStandings } from '#app/competitions/server/standings.server.ts'
import { parseMetric } from '#app/competitions/metrics.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const START = Date.UTC(2026, 9, 1)
const STEPS = 30 * 4
const PARTICIPANTS = 1_000
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const CHANGED = 50
const RPS = Number(process.env.BENCH_RPS ?? 25)
const CALL_MS = Number(process.env.BENCH_CALL_MS ?? 50)
const ROUND = 500

const metric = (name: string) => {
	const parsed = parseMetric(name)
	if (!parsed.ok) throw new Error(parsed.message)
	return parsed.metric
}

function percentile(values: number[], p: number): number {
	const sorted = values.toSorted((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Player 1's 30 days (XP grows in a few skills each step), copied to every other player by the database. */
async function seed(handle: DatabaseHandle) {
	const { db } = handle
	await db.execute(sql`insert into tracked_players (key, name, tracked_since, last_checked_at, last_fetch_at, last_looked_up_at, profile, backfill_state)
		select 'player ' || i, 'Player ' || i, ${new Date(START - DAY)}, ${new Date(START + STEPS * 6 * HOUR)}, now(), now(), 'public', 'done'
		from generate_series(1, ${PARTICIPANTS}) as i`)
	const rows = []
	// Every skill gains 1,200 XP a step and one in five 9,000 more, in turn: XP only ever grows.
	const xp = SKILLS.map((_, id) => 1_500_000 + id * 400_000)
	for (let step = -1; step <= STEPS; step++) {
		if (step > 0) for (let id = 0; id < xp.length; id++) xp[id]! += id % 5 === step % 5 ? 10_200 : 1_200
		rows.push({
			playerId: 1,
			source: 0,
			questPoints: 200,
			takenAt: new Date(START + step * 6 * HOUR + 60_000),
			rank: 150_000 - step,
			questsComplete: 150,
			questsStarted: 3,
			skills: packSkills(xp.map((value) => ({ xp: value, rank: null }))),
		})
	}
	await db.insert(snapshots).values(rows)
	await db.execute(sql`insert into tracker_snapshots select p.i, s.source, s.quest_points, s.taken_at, s.rank, s.quests_complete, s.quests_started, s.skills
		from tracker_snapshots s cross join generate_series(2, ${PARTICIPANTS}) as p(i) where s.player_id = 1`)
	await db.execute(sql`analyze`)
	return createCompetition(
		db,
		{
			title: 'Bench',
			startsAt: new Date(START),
			endsAt: new Date(START + 30 * DAY),
			groupId: null,
			codeHash: 'bench',
			metrics: [
				{ metric: metric('overall'), weight: 1 },
				{ metric: metric('magic+ranged'), weight: 2 },
				{ metric: metric('levels'), weight: 1 },
			],
			participants: Array.from({ length: PARTICIPANTS }, (_, i) => ({ key: `player ${i + 1}`, name: `Player ${i + 1}` })),
			teams: null,
		},
		new Date(START - DAY),
	)
}

async function standingsBench(engine: string, target: number, open: () => Promise<DatabaseHandle>) {
	const handle = await open()
	try {
		await handle.migrate()
		const seeded = Date.now()
		const id = await seed(handle)
		console.log(`${engine}: seeded ${PARTICIPANTS} participants × ${STEPS + 2} snapshots in ${((Date.now() - seeded) / 1000).toFixed(1)} s`)
		// Cold: no standing kept yet, every participant computed from their snapshots (as after a round refreshed everyone).
		const cold = performance.now()
		const first = await readCompetitionWithStandings(handle.db, id)
		const coldMs = performance.now() - cold
		if (first?.standings.length !== PARTICIPANTS || first.standings[0]!.score === null || first.standings[0]!.flagged.length > 0)
			throw new Error('standings: not every participant scored')
		// Warm: nothing changed since, every standing kept.
		const times: number[] = []
		const cpuTimes: number[] = []
		for (let run = 0; run < RUNS; run++) {
			const started = performance.now()
			const cpu = process.cpuUsage()
			await readCompetitionWithStandings(handle.db, id)
			times.push(performance.now() - started)
			const used = process.cpuUsage(cpu)
			cpuTimes.push((used.user + used.system) / 1000)
		}
		const p95 = percentile(times, 95)
		// Some changed: CHANGED participants got a new snapshot (a few refreshes since the last read;
		// taken after the end, so the scores stay: what is timed is recomputing them from their histories).
		const changedAt = new Date(START + (STEPS + 1) * 6 * HOUR)
		for (let i = 1; i <= CHANGED; i++)
			await recordFetch(handle.db, {
				key: `player ${i}`,
				name: `Player ${i}`,
				fetchedAt: changedAt,
				snapshot: snapshotOf({ magic: 20_000_000 }),
				quests: null,
				activities: [],
			})
		const changed = performance.now()
		await readCompetitionWithStandings(handle.db, id)
		const changedMs = performance.now() - changed
		console.log(
			`${engine} (load average ${loadavg()
				.map((load) => load.toFixed(1))
				.join(' ')}): standings of ${PARTICIPANTS} participants: cold (none kept, all computed) ${coldMs.toFixed(0)} ms; ` +
				`warm (all kept), ${RUNS} runs: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (target ≤ ${target} ms: ${p95 <= target ? 'met' : 'NOT met'}), this process's CPU p50 ${percentile(cpuTimes, 50).toFixed(0)} ms; ` +
				`after ${CHANGED} new snapshots: ${changedMs.toFixed(0)} ms`,
		)
	} finally {
		await handle.close()
	}
}

/** The start round of 500 through the gate at competition priority while 500 daily refreshes queue at refresh priority. */
async function startRoundBench() {
	const handle = await openDatabase({})
	try {
		await handle.migrate()
		const state = createMemoryState()
		const gate = createUpstreamGate({
			rps: RPS,
			budget: state.limiter('upstream', budgetLimit(RPS)),
			now: Date.now,
			sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
		})
		const now = new Date(START + 60_000)
		const names = Array.from({ length: ROUND }, (_, i) => ({ key: `racer ${i + 1}`, name: `Racer ${i + 1}` }))
		const id = await createCompetition(
			handle.db,
			{
				title: 'Start round',
				startsAt: new Date(START),
				endsAt: new Date(START + 7 * DAY),
				groupId: null,
				codeHash: 'bench',
				metrics: [{ metric: metric('overall'), weight: 1 }],
				participants: names,
				teams: null,
			},
			new Date(START - DAY),
		)
		const upstreamCall = () => new Promise((resolve) => setTimeout(resolve, CALL_MS))
		const began = performance.now()
		let refreshCalls = 0
		let refreshCallsDuringRound = 0
		let roundDone = false
		// The daily refresh of 500 other players, queued at once on the same gate.
		const refresh = Promise.all(
			Array.from({ length: ROUND }, () =>
				gate.run('refresh', async () => {
					await upstreamCall()
					refreshCalls += 1
					if (!roundDone) refreshCallsDuringRound += 1
				}),
			),
		)
		const rounds = createCompetitionRounds({
			db: async () => handle.db,
			now: () => now,
			concurrency: 8,
			refresh: async (player) => {
				await gate.run('competition', upstreamCall)
				await recordFetch(handle.db, {
					key: player.key,
					name: player.name,
					fetchedAt: now,
					snapshot: snapshotOf({ magic: 1_000 }),
					quests: null,
					activities: [],
				})
				return 'checked'
			},
		})
		let checked = 0
		while (checked < ROUND) {
			const pass = await rounds.runPass()
			if (pass.checked === 0) throw new Error(`start round stalled at ${checked} of ${ROUND} (competition ${id})`)
			checked += pass.checked
		}
		roundDone = true
		const seconds = (performance.now() - began) / 1000
		await refresh
		const total = (performance.now() - began) / 1000
		console.log(
			`start round: ${ROUND} participants at ${RPS} calls/s in ${seconds.toFixed(1)} s (the budget's arithmetic: ${(ROUND / RPS).toFixed(1)} s; ` +
				`at the site's default 0.25/s that is ${(ROUND / 0.25 / 60).toFixed(0)} min); ${refreshCallsDuringRound} of ${refreshCalls} daily-refresh calls got through meanwhile, the refresh finished at ${total.toFixed(1)} s`,
		)
	} finally {
		await handle.close()
	}
}

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
if (only !== undefined && only !== 'standings' && only !== 'round') throw new Error(`--only=${only}: expected standings or round`)
if (only !== 'round') {
	await standingsBench('PGlite', 100, () => openDatabase({}))
	const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
	if (url) await standingsBench('PostgreSQL', 50, async () => openDatabase({ url: await freshDatabase(url, 'competitions_bench') }))
	else console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
}
if (only !== 'standings') await startRoundBench()
