// One behaviour suite for the tracker's storage, run on PGlite (always) and on PostgreSQL (when
// npm test or CI started one): tracker-store.pglite.test.ts and tracker-store.postgres.test.ts.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import { queryRows, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { migrationStatus } from '#app/server/db/migration-status.server.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'
import { levelForXp } from '#app/lib/xp-table.ts'
import { skillStates } from './snapshot-codec.ts'
import {
	BACKFILL_MAX_ATTEMPTS,
	claimBackfills,
	claimFetch,
	claimRefreshBatch,
	deletePlayer,
	failBackfill,
	findPlayer,
	findPlayers,
	finishBackfill,
	firstSnapshotAfter,
	isOptedOut,
	latestSnapshot,
	listActivities,
	listLogCoverage,
	listQuestCompletions,
	listSnapshots,
	readBackfill,
	readWindowHistories,
	recordFetch,
	releaseFetch,
	snapshotAt,
	touchLookup,
	type FetchRecord,
} from './tracker-store.server.ts'
import { countBoard, readBoard, readRecords, type BoardKey } from './gains-store.server.ts'

/** Opens a new, empty database (not migrated). */
export type OpenEmpty = () => Promise<DatabaseHandle>

const TABLES = [
	'tracker_snapshots',
	'tracker_quest_completions',
	'tracker_activities',
	'tracker_log_coverage',
	'tracker_backfill_months',
	'tracker_daily_gains',
	'tracker_period_gains',
	'tracker_gain_records',
	'tracker_opt_outs',
	'tracked_players',
]

const DAY = 86_400_000
const at = (iso: string) => new Date(iso)

/** A snapshot whose skills have the given XP (others 0); `questPoints` null = from the hiscores. */
export function snapshotOf(
	xp: Partial<Record<SkillName, number>>,
	quests: { questPoints: number; complete: number } | null = { questPoints: 10, complete: 5 },
): Snapshot {
	const skills = skillStates(SKILLS.map((skill) => ({ xp: xp[skill.name] ?? 0, rank: xp[skill.name] ? 1000 : null })))
	return {
		takenAt: new Date(0).toISOString(),
		source: quests ? 'runemetrics' : 'hiscores',
		totalLevel: skills.reduce((sum, s) => sum + s.level, 0),
		totalXp: skills.reduce((sum, s) => sum + s.xp, 0),
		rank: 5000,
		questPoints: quests?.questPoints ?? null,
		questsComplete: quests?.complete ?? null,
		questsStarted: quests ? 1 : null,
		skills,
	}
}

function fetchOf(when: string, xp: Partial<Record<SkillName, number>>, extra: Partial<FetchRecord> = {}): FetchRecord {
	return { key: 'zezima', name: 'Zezima', fetchedAt: at(when), snapshot: snapshotOf(xp), quests: null, activities: [], ...extra }
}

export function describeTrackerContract(engine: string, openEmpty: OpenEmpty) {
	describe(`tracker storage on ${engine}`, () => {
		let handle: DatabaseHandle
		beforeAll(async () => {
			handle = await openEmpty()
		}, 240_000)
		afterAll(async () => {
			await handle?.close()
		})

		test('migrations from empty: every migration pending, then applied, then nothing left', async () => {
			const before = await migrationStatus(handle)
			expect(before.applied).toEqual([])
			await handle.migrate()
			expect(await migrationStatus(handle)).toEqual({ applied: before.pending, pending: [] })
		})

		describe('with the tables', () => {
			beforeEach(async () => {
				await handle.migrate()
				await handle.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`))
			})
			const db = () => handle.db

			test('a snapshot row only when something changed; otherwise only "last checked" moves', async () => {
				expect(await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 1000 }))).toBe('new-player')
				expect(await recordFetch(db(), fetchOf('2026-03-02T10:00:00Z', { attack: 1000 }))).toBe('unchanged')
				expect(await recordFetch(db(), fetchOf('2026-03-03T10:00:00Z', { attack: 1500 }))).toBe('changed')
				// The same fetch recorded twice (two instances, one shared cache entry): one row.
				expect(await recordFetch(db(), fetchOf('2026-03-03T10:00:00Z', { attack: 1500 }))).toBe('unchanged')
				// Quest figures count as a change; a hiscores snapshot (no quest figures) with the same XP does not.
				const more = fetchOf(
					'2026-03-04T10:00:00Z',
					{ attack: 1500 },
					{ snapshot: snapshotOf({ attack: 1500 }, { questPoints: 12, complete: 6 }) },
				)
				expect(await recordFetch(db(), more)).toBe('changed')
				const hiscores = fetchOf('2026-03-05T10:00:00Z', {}, { snapshot: snapshotOf({ attack: 1500 }, null) })
				expect(await recordFetch(db(), hiscores)).toBe('unchanged')

				const player = (await findPlayer(db(), 'zezima'))!
				const list = await listSnapshots(db(), player.id, at('2026-01-01'), at('2027-01-01'), 100)
				expect(list.map((s) => [s.takenAt, s.skills[0]!.xp, s.questPoints])).toEqual([
					['2026-03-04T10:00:00.000Z', 1500, 12],
					['2026-03-03T10:00:00.000Z', 1500, 10],
					['2026-03-01T10:00:00.000Z', 1000, 10],
				])
				expect(player.trackedSince).toEqual(at('2026-03-01T10:00:00Z'))
				expect(player.lastCheckedAt).toEqual(at('2026-03-05T10:00:00Z'))
				expect(player.profile).toBe('private')
				expect(list[0]).toMatchObject({ source: 'runemetrics', totalXp: 1500, rank: 5000, questsComplete: 6, questsStarted: 1 })
				// Skill ranks on the week's first snapshot (Tuesday 3 March), not on Wednesday's.
				expect(list[1]!.skills[0]).toEqual({
					skill: 'attack',
					xp: 1500,
					level: levelForXp('attack', 1500),
					virtualLevel: levelForXp('attack', 1500),
					rank: 1000,
				})
				expect(list[0]!.skills[0]!.rank).toBeNull()
				expect(await listSnapshots(db(), player.id, at('2026-03-02'), at('2026-03-03T23:00:00Z'), 100)).toHaveLength(1)
				expect(await listSnapshots(db(), player.id, at('2026-01-01'), at('2027-01-01'), 2)).toHaveLength(2)
			})

			test('a profile turning private keeps its history and goes on with hiscores snapshots', async () => {
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 1000 }))
				await recordFetch(db(), fetchOf('2026-03-02T10:00:00Z', {}, { snapshot: snapshotOf({ attack: 2000 }, null) }))
				const player = (await findPlayer(db(), 'zezima'))!
				expect(player.profile).toBe('private')
				const list = await listSnapshots(db(), player.id, at('2026-01-01'), at('2027-01-01'), 10)
				expect(list.map((s) => [s.source, s.skills[0]!.xp, s.questPoints])).toEqual([
					['hiscores', 2000, null],
					['runemetrics', 1000, 10],
				])
			})

			test('gains across a month and a year boundary: the state at the start is the last row before it', async () => {
				await recordFetch(db(), fetchOf('2025-12-30T20:00:00Z', { attack: 1000, magic: 50 }))
				await recordFetch(db(), fetchOf('2026-01-01T08:00:00Z', { attack: 1800, magic: 50 }))
				await recordFetch(db(), fetchOf('2026-01-31T23:59:00Z', { attack: 2500, magic: 50 }))
				await recordFetch(db(), fetchOf('2026-02-01T00:01:00Z', { attack: 2500, magic: 900 }))
				const { id } = (await findPlayer(db(), 'zezima'))!
				// January: from the state at 1 Jan 00:00 (30 Dec's row) to the last row of January.
				const startOfJanuary = await snapshotAt(db(), id, at('2026-01-01T00:00:00Z'))
				const endOfJanuary = await snapshotAt(db(), id, at('2026-01-31T23:59:59.999Z'))
				expect(startOfJanuary?.takenAt).toBe('2025-12-30T20:00:00.000Z')
				expect(endOfJanuary?.skills[0]!.xp).toBe(2500)
				expect(endOfJanuary?.skills[6]!.xp).toBe(50)
				// Tracking began inside the range: the first row after its start stands in.
				expect(await snapshotAt(db(), id, at('2025-12-01T00:00:00Z'))).toBeUndefined()
				const first = await firstSnapshotAfter(db(), id, at('2025-12-01T00:00:00Z'), at('2025-12-31T23:59:59Z'))
				expect(first?.takenAt).toBe('2025-12-30T20:00:00.000Z')
				expect(await firstSnapshotAfter(db(), id, at('2026-02-01T00:01:00Z'), at('2026-03-01'))).toBeUndefined()
				expect((await snapshotAt(db(), id))?.skills[6]!.xp).toBe(900)
			})

			test('backfill: pending until done; months come back oldest first with the real snapshots beside them', async () => {
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 5000 }))
				let player = (await findPlayer(db(), 'zezima'))!
				expect(await readBackfill(db(), player)).toEqual({ state: 'pending', months: [] })
				const claims = await claimBackfills(db(), at('2026-03-01T10:00:01Z'), { limit: 5, retryMs: 600_000 })
				expect(claims).toEqual([{ id: player.id, key: 'zezima', name: 'Zezima', attempt: 1 }])
				// Claimed: nobody else takes it until the retry time.
				expect(await claimBackfills(db(), at('2026-03-01T10:05:00Z'), { limit: 5, retryMs: 600_000 })).toEqual([])
				const skills = (xp: number) => SKILLS.map((s) => ({ skill: s.name, xpGained: s.name === 'attack' ? xp : 0 }))
				await finishBackfill(db(), player.id, [
					{ month: '2026-02', totalXpGained: 300, skills: skills(300) },
					{ month: '2026-01', totalXpGained: 200, skills: skills(200) },
				])
				player = (await findPlayer(db(), 'zezima'))!
				const backfill = await readBackfill(db(), player)
				expect(backfill.state).toBe('done')
				expect(backfill.months.map((m) => [m.month, m.totalXpGained, m.skills[0]])).toEqual([
					['2026-01', 200, { skill: 'attack', xpGained: 200 }],
					['2026-02', 300, { skill: 'attack', xpGained: 300 }],
				])
				expect((await snapshotAt(db(), player.id))?.skills[0]!.xp).toBe(5000)
			})

			test('a backfill finished twice at once (a claim that outlived its retry time) is stored once', async () => {
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 5000 }))
				const player = (await findPlayer(db(), 'zezima'))!
				const month = (xp: number) => [{ month: '2026-02', totalXpGained: xp, skills: [{ skill: 'attack' as const, xpGained: xp }] }]
				await Promise.all([finishBackfill(db(), player.id, month(300)), finishBackfill(db(), player.id, month(400))])
				const backfill = await readBackfill(db(), (await findPlayer(db(), 'zezima'))!)
				expect(backfill.state).toBe('done')
				expect(backfill.months).toHaveLength(1)
				expect([300, 400]).toContain(backfill.months[0]!.totalXpGained)
			})

			test('backfill never stays pending: failed tries end as unavailable after the last attempt, and no history is unavailable', async () => {
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 5000 }))
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 5000 }, { key: 'lynx', name: 'Lynx' }))
				let now = at('2026-03-01T10:00:00Z')
				for (let attempt = 1; attempt <= BACKFILL_MAX_ATTEMPTS; attempt++) {
					const [claim] = (await claimBackfills(db(), now, { limit: 5, retryMs: 60_000 })).filter((c) => c.key === 'zezima')
					expect(claim?.attempt).toBe(attempt)
					await failBackfill(db(), claim!.id, claim!.attempt)
					now = new Date(now.getTime() + 60_000)
				}
				expect((await findPlayer(db(), 'zezima'))?.backfillState).toBe('unavailable')
				const lynx = (await findPlayer(db(), 'lynx'))!
				await finishBackfill(db(), lynx.id, [])
				expect(await readBackfill(db(), (await findPlayer(db(), 'lynx'))!)).toEqual({ state: 'unavailable', months: [] })
			})

			test('quest timeline: complete at the first snapshot = before tracking; later ones dated when first seen', async () => {
				const quests = (done: string[]) => [
					...done.map((title) => ({ title, status: 'COMPLETED' })),
					{ title: 'Desert Treasure', status: 'STARTED' },
				]
				// A hiscores-only first sight knows no quests: it dates nothing.
				await recordFetch(db(), fetchOf('2026-02-28T10:00:00Z', { attack: 1 }, { snapshot: snapshotOf({ attack: 1 }, null) }))
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 1 }, { quests: quests(["Cook's Assistant", 'Dragon Slayer']) }))
				await recordFetch(
					db(),
					fetchOf('2026-03-05T10:00:00Z', { attack: 2 }, { quests: quests(["Cook's Assistant", 'Dragon Slayer', 'Plague City']) }),
				)
				await recordFetch(
					db(),
					fetchOf(
						'2026-03-09T10:00:00Z',
						{ attack: 3 },
						{ quests: quests(["Cook's Assistant", 'Dragon Slayer', 'Plague City', 'Desert Treasure']) },
					),
				)
				const { id } = (await findPlayer(db(), 'zezima'))!
				expect(await listQuestCompletions(db(), id)).toEqual([
					{ title: 'Desert Treasure', completedAt: '2026-03-09T10:00:00.000Z' },
					{ title: 'Plague City', completedAt: '2026-03-05T10:00:00.000Z' },
					{ title: "Cook's Assistant", completedAt: null },
					{ title: 'Dragon Slayer', completedAt: null },
				])
			})

			test("adventurer's log: de-duplicated across fetches and kept beyond the profile's 20", async () => {
				const entry = (minute: number) => ({
					date: new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString(),
					text: `Levelled up ${minute}`,
					details: `detail ${minute}`,
				})
				const window = (start: number) => Array.from({ length: 20 }, (_, i) => entry(start + i))
				await recordFetch(db(), fetchOf('2026-03-01T12:00:00Z', { attack: 1 }, { activities: window(0) }))
				await recordFetch(db(), fetchOf('2026-03-02T12:00:00Z', { attack: 2 }, { activities: window(10) }))
				await recordFetch(db(), fetchOf('2026-03-03T12:00:00Z', { attack: 2 }, { activities: window(15) }))
				const { id } = (await findPlayer(db(), 'zezima'))!
				const log = await listActivities(db(), id)
				expect(log).toHaveLength(35)
				expect(log[0]).toEqual(entry(34))
				expect(log.at(-1)).toEqual(entry(0))
			})

			test('log coverage: fetches whose 20 entries meet extend one span; entries pushed out between two fetches start another; private fetches add none', async () => {
				const entry = (hour: number) => ({
					date: new Date(Date.UTC(2026, 2, 1, hour)).toISOString(),
					text: `Levelled up ${hour}`,
					details: '',
				})
				const page = (oldest: number) => Array.from({ length: 20 }, (_, i) => entry(oldest + i))
				const fetchAt = (hour: number, activities: FetchRecord['activities']) =>
					fetchOf(new Date(Date.UTC(2026, 2, 1, hour, 30)).toISOString(), { attack: 1 }, { activities })
				await recordFetch(db(), fetchAt(19, page(0)))
				// Oldest entry 10:00: seen since 10:01, which the first fetch (to 19:30) covers.
				await recordFetch(db(), fetchAt(29, page(10)))
				const { id } = (await findPlayer(db(), 'zezima'))!
				const span = (from: string, to: string) => ({ from: at(from), to: at(to) })
				expect(await listLogCoverage(db(), id)).toEqual([span('2026-03-01T00:01:00Z', '2026-03-02T05:30:00Z')])
				// 30 new entries since: the first ten were never seen.
				await recordFetch(db(), fetchAt(59, page(40)))
				const hiscores = fetchOf('2026-03-03T20:00:00Z', {}, { snapshot: snapshotOf({ attack: 1 }, null) })
				await recordFetch(db(), hiscores)
				expect(await listLogCoverage(db(), id)).toEqual([
					span('2026-03-01T00:01:00Z', '2026-03-02T05:30:00Z'),
					span('2026-03-02T16:01:00Z', '2026-03-03T11:30:00Z'),
				])
				// A short page sees the whole log up to then: everything merges.
				await recordFetch(db(), fetchAt(60, page(41).slice(0, 5)))
				expect(await listLogCoverage(db(), id)).toEqual([span('1970-01-01T00:00:00Z', '2026-03-03T12:30:00Z')])
			})

			test("a window's histories: the snapshot before it, those within, the log within, for many players at once", async () => {
				const log = (date: string, text: string) => ({ date, text, details: '' })
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { magic: 1000 }))
				await recordFetch(
					db(),
					fetchOf('2026-03-02T10:00:00Z', { magic: 2000 }, { activities: [log('2026-03-02T09:00:00.000Z', 'before')] }),
				)
				await recordFetch(
					db(),
					fetchOf('2026-03-03T10:00:00Z', { magic: 3000 }, { activities: [log('2026-03-03T09:00:00.000Z', 'I killed  Vorago.')] }),
				)
				await recordFetch(db(), fetchOf('2026-03-05T10:00:00Z', { magic: 4000 }))
				await recordFetch(db(), fetchOf('2026-03-06T10:00:00Z', { magic: 9000 }))
				// Another player, checked within the window but unchanged since before it (no snapshot within).
				await recordFetch(db(), fetchOf('2026-03-01T12:00:00Z', { magic: 50 }, { key: 'anna', name: 'Anna' }))
				await recordFetch(
					db(),
					fetchOf('2026-03-04T12:00:00Z', { magic: 50 }, { key: 'anna', name: 'Anna', snapshot: snapshotOf({ magic: 50 }, null) }),
				)
				const histories = await readWindowHistories(
					db(),
					['zezima', 'anna', 'never-seen'],
					at('2026-03-03T00:00:00Z'),
					at('2026-03-05T10:00:00Z'),
				)
				expect([...histories.keys()].toSorted()).toEqual(['anna', 'zezima'])
				const zezima = histories.get('zezima')!
				expect(zezima.before?.takenAt).toBe('2026-03-02T10:00:00.000Z')
				expect(zezima.before?.skills.find((s) => s.skill === 'magic')?.xp).toBe(2000)
				expect(zezima.within.map((s) => s.takenAt)).toEqual(['2026-03-03T10:00:00.000Z', '2026-03-05T10:00:00.000Z'])
				expect(zezima.log).toEqual([log('2026-03-03T09:00:00.000Z', 'I killed  Vorago.')])
				expect(zezima.profile).toBe('public')
				const anna = histories.get('anna')!
				expect(anna.before?.takenAt).toBe('2026-03-01T12:00:00.000Z')
				expect(anna.within).toEqual([])
				expect(anna.lastCheckedAt).toEqual(at('2026-03-04T12:00:00Z'))
				expect(anna.profile).toBe('private')
				expect(await readWindowHistories(db(), [], at('2026-03-03T00:00:00Z'), at('2026-03-05T10:00:00Z'))).toEqual(new Map())
			})

			test('Update cooldown: one fetch per 60 s counted from the last fetch, whatever caused it', async () => {
				expect(await claimFetch(db(), 'zezima', at('2026-03-01T10:00:00Z'), 60_000)).toEqual({ claimed: false, retryAt: null })
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 1 }))
				expect(await claimFetch(db(), 'zezima', at('2026-03-01T10:00:30Z'), 60_000)).toEqual({
					claimed: false,
					retryAt: at('2026-03-01T10:01:00Z'),
				})
				const now = at('2026-03-01T10:01:00Z')
				const claims = await Promise.all([claimFetch(db(), 'zezima', now, 60_000), claimFetch(db(), 'zezima', now, 60_000)])
				expect(claims.filter((c) => c.claimed)).toEqual([{ claimed: true, previous: at('2026-03-01T10:00:00Z') }])
				// A failed fetch gives its claim back.
				await releaseFetch(db(), 'zezima', now, at('2026-03-01T10:00:00Z'))
				expect((await claimFetch(db(), 'zezima', now, 60_000)).claimed).toBe(true)
			})

			test('refresh claims: looked up in the last 30 days, stale for a day, stalest first, each player once', async () => {
				const day = (n: number) => new Date(Date.UTC(2026, 2, n, 10))
				await recordFetch(db(), fetchOf(day(1).toISOString(), { attack: 1 }, { key: 'old', name: 'Old' }))
				await recordFetch(db(), fetchOf(day(3).toISOString(), { attack: 1 }, { key: 'b', name: 'B' }))
				await recordFetch(db(), fetchOf(day(2).toISOString(), { attack: 1 }, { key: 'a', name: 'A' }))
				await recordFetch(db(), fetchOf(day(10).toISOString(), { attack: 1 }, { key: 'fresh', name: 'Fresh' }))
				await touchLookup(db(), 'a', day(5))
				await touchLookup(db(), 'b', day(5))
				await touchLookup(db(), 'b', day(4)) // never moves back
				const options = { limit: 2, staleMs: DAY, activeMs: 30 * DAY }
				// Keys that failed this round are left for the next.
				expect((await claimRefreshBatch(db(), day(12), { ...options, skipKeys: ['old', 'b'] })).map((c) => c.key)).toEqual(['a', 'fresh'])
				for (const [key, previous] of [
					['a', day(2)],
					['fresh', day(10)],
				] as const)
					await releaseFetch(db(), key, day(12), previous)
				expect((await claimRefreshBatch(db(), day(12), options)).map((c) => c.key)).toEqual(['old', 'a'])
				// Two instances claiming at once split the rest between them.
				const both = await Promise.all([
					claimRefreshBatch(db(), day(12), { ...options, limit: 10 }),
					claimRefreshBatch(db(), day(12), { ...options, limit: 10 }),
				])
				const claimed = both.flat().map((c) => c.key)
				expect(claimed.toSorted()).toEqual(['b', 'fresh'])
				// Claimed players were fetched "now": nothing is stale until a day later.
				expect(await claimRefreshBatch(db(), new Date(day(12).getTime() + DAY / 2), options)).toEqual([])
				// 'old' was last looked up on day 1: after 30 days it is no longer refreshed.
				const later = new Date(day(1).getTime() + 31 * DAY)
				expect((await claimRefreshBatch(db(), later, { ...options, limit: 10 })).map((c) => c.key).toSorted()).toEqual(['a', 'b', 'fresh'])
			})

			test('refresh claims: players someone looked at lately come first, then the stalest', async () => {
				const day = (n: number) => new Date(Date.UTC(2026, 2, n, 10))
				await recordFetch(db(), fetchOf(day(1).toISOString(), { attack: 1 }, { key: 'stale', name: 'Stale' }))
				await recordFetch(db(), fetchOf(day(3).toISOString(), { attack: 1 }, { key: 'wanted', name: 'Wanted' }))
				await touchLookup(db(), 'wanted', day(9))
				const options = { limit: 1, staleMs: DAY, activeMs: 90 * DAY, recentMs: 7 * DAY }
				// 'wanted' was looked at 1 day before, 'stale' 9 days before: 'wanted' first, though fetched later.
				expect((await claimRefreshBatch(db(), day(10), options)).map((c) => c.key)).toEqual(['wanted'])
				expect((await claimRefreshBatch(db(), day(10), options)).map((c) => c.key)).toEqual(['stale'])
			})

			test('a claim takes `limit` players at most, also on statistics from when the table held one player', async () => {
				// Such statistics (a young site) once made the planner run the claim's pick again for
				// every row: one claim of 1 marked every due player fetched, and only one was refreshed.
				const day = (n: number) => new Date(Date.UTC(2026, 2, n, 10))
				await recordFetch(db(), fetchOf(day(1).toISOString(), { attack: 1 }, { key: 'a', name: 'A' }))
				await db().execute(sql`analyze tracked_players`)
				await recordFetch(db(), fetchOf(day(2).toISOString(), { attack: 1 }, { key: 'b', name: 'B' }))
				await recordFetch(db(), fetchOf(day(3).toISOString(), { attack: 1 }, { key: 'c', name: 'C' }))
				const refreshes: string[][] = []
				const backfills: string[][] = []
				for (let i = 0; i < 4; i++) {
					refreshes.push((await claimRefreshBatch(db(), day(10), { limit: 1, staleMs: DAY, activeMs: 30 * DAY })).map((c) => c.key))
					backfills.push((await claimBackfills(db(), day(10), { limit: 1, retryMs: DAY })).map((c) => c.key))
				}
				expect(refreshes).toEqual([['a'], ['b'], ['c'], []])
				expect(backfills).toEqual([['a'], ['b'], ['c'], []])
			})

			test('records: best UTC day, ISO week and calendar month per skill and overall, raised as snapshots arrive', async () => {
				const record = async () => readRecords(db(), (await findPlayer(db(), 'zezima'))!)
				const attackOf = async () => (await record()).skills[0]!
				// Sunday 1 March: the baseline, then +2,000 Attack (week of Monday 23 February).
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 1000 }))
				expect(await record()).toEqual({
					name: 'Zezima',
					overall: { day: null, week: null, month: null },
					skills: SKILLS.map((s) => ({ skill: s.name, day: null, week: null, month: null })),
				})
				await recordFetch(db(), fetchOf('2026-03-01T20:00:00Z', { attack: 3000 }))
				// Monday 2 March, a new week: +1,000 Attack and +500 Magic, then +2,500 Attack.
				await recordFetch(db(), fetchOf('2026-03-02T09:00:00Z', { attack: 4000, magic: 500 }))
				await recordFetch(db(), fetchOf('2026-03-02T23:00:00Z', { attack: 6500, magic: 500 }))
				await recordFetch(db(), fetchOf('2026-03-31T12:00:00Z', { attack: 7000, magic: 500 }))
				const snapshots = (xp: number, from: string, to = from) => ({ xpGained: xp, from, to, source: 'snapshots' })
				expect(await attackOf()).toEqual({
					skill: 'attack',
					day: snapshots(3500, '2026-03-02'),
					week: snapshots(3500, '2026-03-02', '2026-03-08'),
					month: snapshots(6000, '2026-03-01', '2026-03-31'),
				})
				expect((await record()).overall.day).toEqual(snapshots(4000, '2026-03-02'))
				// Wednesday 1 April, just after midnight: a new day and month in the week of 30 March.
				await recordFetch(db(), fetchOf('2026-04-01T00:30:00Z', { attack: 17_000, magic: 500 }))
				expect(await attackOf()).toEqual({
					skill: 'attack',
					day: snapshots(10_000, '2026-04-01'),
					week: snapshots(10_500, '2026-03-30', '2026-04-05'),
					month: snapshots(10_000, '2026-04-01', '2026-04-30'),
				})
				expect((await record()).skills[6]).toEqual({
					skill: 'magic',
					day: snapshots(500, '2026-03-02'),
					week: snapshots(500, '2026-03-02', '2026-03-08'),
					month: snapshots(500, '2026-03-01', '2026-03-31'),
				})
				// A fetch from before the latest one, recorded late (two instances racing), counts nothing twice.
				expect(await recordFetch(db(), fetchOf('2026-03-31T18:00:00Z', { attack: 8000, magic: 500 }))).toBe('changed')
				expect((await attackOf()).week).toEqual(snapshots(10_500, '2026-03-30', '2026-04-05'))
				expect(
					(
						await readBoard(
							db(),
							{ period: 'month', start: '2026-03-01', skill: 'attack' },
							{ page: 1, after: null, pageSize: 5, players: 1 },
						)
					).entries,
				).toEqual([{ name: 'Zezima', xpGained: 6000 }])

				// The monthly backfill: a bigger month before tracking takes the month record, not the day's or week's.
				const { id } = (await findPlayer(db(), 'zezima'))!
				const attackMonth = (month: string, xp: number) => ({
					month,
					totalXpGained: xp,
					skills: [{ skill: 'attack' as const, xpGained: xp }],
				})
				await finishBackfill(db(), id, [attackMonth('2026-01', 50_000), attackMonth('2026-02', 9000)])
				expect(await attackOf()).toEqual({
					skill: 'attack',
					day: snapshots(10_000, '2026-04-01'),
					week: snapshots(10_500, '2026-03-30', '2026-04-05'),
					month: { xpGained: 50_000, from: '2026-01-01', to: '2026-01-31', source: 'backfill' },
				})
				expect((await record()).overall.month).toEqual({ xpGained: 50_000, from: '2026-01-01', to: '2026-01-31', source: 'backfill' })
			})

			test('skill ranks: kept on the first snapshot of each ISO week; the latest shows those of the last fetch', async () => {
				const ranked = (when: string, attack: number, rank: number) => {
					const snapshot = snapshotOf({ attack })
					return fetchOf(
						when,
						{},
						{ snapshot: { ...snapshot, skills: snapshot.skills.map((s) => (s.skill === 'attack' ? { ...s, rank } : s)) } },
					)
				}
				// Monday 4 May, Wednesday 6 May (same week), an unchanged fetch with a new rank, Monday 11 May.
				await recordFetch(db(), ranked('2026-05-04T10:00:00Z', 5000, 900))
				await recordFetch(db(), ranked('2026-05-06T10:00:00Z', 6000, 800))
				expect(await recordFetch(db(), ranked('2026-05-07T10:00:00Z', 6000, 750))).toBe('unchanged')
				const player = (await findPlayer(db(), 'zezima'))!
				expect((await latestSnapshot(db(), player))!.skills[0]).toMatchObject({ xp: 6000, rank: 750 })
				await recordFetch(db(), ranked('2026-05-11T10:00:00Z', 7000, 700))
				const stored = await listSnapshots(db(), player.id, at('2026-05-01T00:00:00Z'), at('2026-05-31T00:00:00Z'), 10)
				expect(stored.map((s) => [s.takenAt.slice(0, 10), s.skills[0]!.rank])).toEqual([
					['2026-05-11', 700],
					['2026-05-06', null],
					['2026-05-04', 900],
				])
				// A fetch recorded late (another instance) does not overwrite the newer ranks.
				await recordFetch(db(), ranked('2026-05-10T10:00:00Z', 6500, 720))
				expect((await latestSnapshot(db(), (await findPlayer(db(), 'zezima'))!))!.skills[0]).toMatchObject({ xp: 7000, rank: 700 })
			})

			test('fetches of one player recorded at once (several instances) count each XP gained once', async () => {
				await recordFetch(db(), fetchOf('2026-05-04T08:00:00Z', { attack: 10_000 }))
				// Ten fetches an hour apart, recorded together in any order: the week holds what the last one gained over the first.
				const hours = Array.from({ length: 10 }, (_, i) => i + 1)
				await Promise.all(
					hours.map((h) =>
						recordFetch(db(), fetchOf(`2026-05-04T${String(8 + h).padStart(2, '0')}:00:00Z`, { attack: 10_000 + h * 1000 })),
					),
				)
				const { skills } = await readRecords(db(), (await findPlayer(db(), 'zezima'))!)
				expect(skills[0]!.week?.xpGained).toBe(10_000)
				expect(skills[0]!.day?.xpGained).toBe(10_000)
				const [daily] = await queryRows<{ xp: number }>(db(), sql`select xp_gained[1] as xp from tracker_daily_gains`)
				expect(daily?.xp).toBe(10_000)
			})

			test('a skill a hiscores snapshot showed as 0 XP (unranked) coming back is not a gain', async () => {
				await recordFetch(db(), fetchOf('2026-03-01T10:00:00Z', { attack: 5000, magic: 2000 }))
				await recordFetch(db(), fetchOf('2026-03-02T10:00:00Z', {}, { snapshot: snapshotOf({ attack: 5100 }, null) }))
				await recordFetch(db(), fetchOf('2026-03-03T10:00:00Z', { attack: 5200, magic: 2000 }))
				const records = await readRecords(db(), (await findPlayer(db(), 'zezima'))!)
				expect(records.skills[6]!.month).toBeNull()
				expect(records.overall.month?.xpGained).toBe(200)
			})

			test('a change no account could make (XP fell, or more than the caps) counts on no board and in no record, and is marked', async () => {
				const weekBoard = async () =>
					(
						await readBoard(
							db(),
							{ period: 'week', start: '2026-03-02', skill: 'overall' },
							{ page: 1, after: null, pageSize: 10, players: 0 },
						)
					).entries.map((e) => `${e.name} ${e.xpGained}`)
				// Ann plays; the name "Bob" moves to a bigger account between two daily fetches: Attack
				// jumps by 150M in a day and every other skill it had falls.
				await recordFetch(db(), fetchOf('2026-03-02T12:00:00Z', { attack: 1_000_000 }, { key: 'ann', name: 'Ann' }))
				await recordFetch(db(), fetchOf('2026-03-03T12:00:00Z', { attack: 1_200_000 }, { key: 'ann', name: 'Ann' }))
				await recordFetch(db(), fetchOf('2026-03-02T12:00:00Z', { attack: 1_000_000, magic: 5_000_000 }, { key: 'bob', name: 'Bob' }))
				await recordFetch(db(), fetchOf('2026-03-03T12:00:00Z', { attack: 151_000_000, magic: 20_000 }, { key: 'bob', name: 'Bob' }))
				// Cat's name moves to an account ahead in every skill, an hour after a fetch: too fast.
				await recordFetch(db(), fetchOf('2026-03-03T11:00:00Z', { attack: 1_000_000 }, { key: 'cat', name: 'Cat' }))
				await recordFetch(db(), fetchOf('2026-03-03T12:00:00Z', { attack: 90_000_000 }, { key: 'cat', name: 'Cat' }))
				expect(await weekBoard()).toEqual(['Ann 200000'])
				const bob = (await findPlayer(db(), 'bob'))!
				expect(bob.possibleNameChangeAt).toEqual(at('2026-03-03T12:00:00Z'))
				expect((await findPlayer(db(), 'cat'))!.possibleNameChangeAt).toEqual(at('2026-03-03T12:00:00Z'))
				expect((await findPlayer(db(), 'ann'))!.possibleNameChangeAt).toBeNull()
				const records = await readRecords(db(), bob)
				expect([records.overall.day, records.skills[0]!.week]).toEqual([null, null])
				// The snapshot is kept, and the new account's own gains count from it.
				expect((await latestSnapshot(db(), bob))!.skills[0]!.xp).toBe(151_000_000)
				await recordFetch(db(), fetchOf('2026-03-04T12:00:00Z', { attack: 151_300_000, magic: 20_000 }, { key: 'bob', name: 'Bob' }))
				expect(await weekBoard()).toEqual(['Bob 300000', 'Ann 200000'])
				expect((await readRecords(db(), bob)).skills[0]!.day?.xpGained).toBe(300_000)
			})

			test("the name is RuneMetrics' spelling: a hiscores fetch (private profile) with the name as typed does not replace it", async () => {
				await recordFetch(
					db(),
					fetchOf('2026-03-01T10:00:00Z', {}, { key: 'zezima jr', name: 'zEZIMA jR', snapshot: snapshotOf({ attack: 1000 }, null) }),
				)
				expect((await findPlayer(db(), 'zezima jr'))!.name).toBe('zEZIMA jR')
				await recordFetch(db(), fetchOf('2026-03-02T10:00:00Z', { attack: 1000 }, { key: 'zezima jr', name: 'Zezima Jr' }))
				expect((await findPlayer(db(), 'zezima jr'))!.name).toBe('Zezima Jr')
				await recordFetch(
					db(),
					fetchOf('2026-03-03T10:00:00Z', {}, { key: 'zezima jr', name: 'ZEZIMA JR', snapshot: snapshotOf({ attack: 1500 }, null) }),
				)
				// A late RuneMetrics answer (recorded after a newer fetch) does not win either.
				await recordFetch(db(), fetchOf('2026-03-02T09:00:00Z', { attack: 1000 }, { key: 'zezima jr', name: 'Zezima jr' }))
				expect((await findPlayer(db(), 'zezima jr'))!).toMatchObject({ name: 'Zezima Jr', profile: 'private' })
			})

			test('top gainers: XP gained in the week and month, per skill and overall, paged, ties in tracking order, removed players gone', async () => {
				const played = async (key: string, before: Partial<Record<SkillName, number>>, after: Partial<Record<SkillName, number>>) => {
					const name = key.toUpperCase()
					await recordFetch(db(), fetchOf('2026-03-01T12:00:00Z', before, { key, name }))
					await recordFetch(db(), fetchOf('2026-03-03T12:00:00Z', after, { key, name }))
				}
				await played('ann', { attack: 100 }, { attack: 600 })
				await played('bob', { attack: 100, magic: 50 }, { attack: 1000, magic: 150 })
				await played('cat', { attack: 100 }, { attack: 600 })
				await played('dan', { magic: 100 }, { magic: 2100 })
				await played('eve', { magic: 100 }, { magic: 100 })
				const board = async (query: Partial<BoardKey & { page: number; pageSize: number }>) => {
					const key = { period: 'week' as const, start: '2026-03-02', skill: 'overall' as const, ...query }
					const players = await countBoard(db(), key)
					const page = await readBoard(db(), key, { page: query.page ?? 1, after: null, pageSize: query.pageSize ?? 10, players })
					return [players, page.entries.map((e) => `${e.name} ${e.xpGained}`)]
				}
				expect(await board({})).toEqual([4, ['DAN 2000', 'BOB 1000', 'ANN 500', 'CAT 500']])
				expect(await board({ page: 2, pageSize: 2 })).toEqual([4, ['ANN 500', 'CAT 500']])
				expect(await board({ page: 3, pageSize: 2 })).toEqual([4, []])
				expect(await board({ skill: 'attack' })).toEqual([3, ['BOB 900', 'ANN 500', 'CAT 500']])
				expect(await board({ skill: 'magic' })).toEqual([2, ['DAN 2000', 'BOB 100']])
				expect(await board({ period: 'month', start: '2026-03-01', skill: 'magic' })).toEqual([2, ['DAN 2000', 'BOB 100']])
				expect(await board({ start: '2026-02-23' })).toEqual([0, []])

				await deletePlayer(db(), 'bob', { block: true, at: at('2026-03-04T00:00:00Z') })
				expect(await board({})).toEqual([3, ['DAN 2000', 'ANN 500', 'CAT 500']])
				// A gain in May drops Ann's totals from before April: the boards keep two periods.
				await recordFetch(db(), fetchOf('2026-05-05T12:00:00Z', { attack: 700 }, { key: 'ann', name: 'ANN' }))
				expect(await board({})).toEqual([2, ['DAN 2000', 'CAT 500']])
				expect(await board({ period: 'week', start: '2026-05-04' })).toEqual([1, ['ANN 100']])
			})

			test('board pages are found by where they start (keyset): every link leads to its page, however deep, ties in tracking order', async () => {
				// 23 players on the week's board, pages of 2: XP 2300, 2200, … with players 5 and 6 tied.
				for (let i = 1; i <= 23; i++) {
					const key = `p${i}`
					const gain = i === 6 ? 1800 : (24 - i) * 100
					await recordFetch(db(), fetchOf('2026-03-02T08:00:00Z', { attack: 1000 }, { key, name: key }))
					await recordFetch(db(), fetchOf('2026-03-03T08:00:00Z', { attack: 1000 + gain }, { key, name: key }))
				}
				const key = { period: 'week' as const, start: '2026-03-02', skill: 'attack' as const }
				const players = await countBoard(db(), key)
				expect(players).toBe(23)
				const read = (page: number, after: string | null) => readBoard(db(), key, { page, after, pageSize: 2, players })
				const names = (page: Awaited<ReturnType<typeof read>>) => page.entries.map((e) => e.name)
				const first = await read(1, null)
				expect(names(first)).toEqual(['p1', 'p2'])
				expect(first.pages).toBe(12)
				expect(first.pageLinks.map((l) => l.page)).toEqual([1, 2, 3, 12])
				// Follow "next" to the end: every player once, in board order (p5 before p6 at 1800 XP).
				const seen: string[] = []
				let page = first
				for (let n = 1; ; n++) {
					seen.push(...names(page))
					const next = page.pageLinks.find((l) => l.page === n + 1)
					if (!next) break
					page = await read(next.page, next.after)
				}
				expect(seen).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', ...Array.from({ length: 17 }, (_, i) => `p${i + 7}`)])
				expect(names(page)).toEqual(['p23'])
				// From page 7, each linked page starts where the board says it does: 1, 5, 6, [7], 8, 9, 12.
				const toSeventh = (await read(5, null)).pageLinks.find((l) => l.page === 7)!
				const seventh = await read(7, toSeventh.after)
				expect(names(seventh)).toEqual(['p13', 'p14'])
				expect(seventh.pageLinks.map((l) => l.page)).toEqual([1, 5, 6, 7, 8, 9, 12])
				for (const link of seventh.pageLinks) {
					expect(names(await read(link.page, link.after)), `page ${link.page}`).toEqual(seen.slice((link.page - 1) * 2, link.page * 2))
				}
				// A page past the end is empty and links back to the first and the last.
				expect(await read(40, null)).toMatchObject({ entries: [], pageLinks: [{ page: 1, after: null }, { page: 12 }] })
			})

			test('opt-out: deleting removes every row about the player and blocks tracking', async () => {
				await recordFetch(
					db(),
					fetchOf(
						'2026-03-01T10:00:00Z',
						{ attack: 1 },
						{
							quests: [{ title: 'Plague City', status: 'COMPLETED' }],
							activities: [{ date: '2026-03-01T09:00:00.000Z', text: 'x', details: 'y' }],
						},
					),
				)
				await recordFetch(db(), fetchOf('2026-03-02T10:00:00Z', { attack: 2 }))
				await recordFetch(db(), fetchOf('2026-03-02T10:00:00Z', { attack: 2 }, { key: 'other', name: 'Other' }))
				const { id } = (await findPlayer(db(), 'zezima'))!
				await finishBackfill(db(), id, [{ month: '2026-02', totalXpGained: 1, skills: [{ skill: 'attack', xpGained: 1 }] }])
				expect((await findPlayers(db(), 'ze')).map((p) => p.key)).toEqual(['zezima'])
				expect((await findPlayers(db(), '%')).map((p) => p.key)).toEqual([])

				const rowsOf = async () =>
					(
						await queryRows<{ n: number }>(
							db(),
							sql.raw(
								TABLES.filter((t) => t !== 'tracker_opt_outs')
									.map((t) => `select count(*)::int as n from ${t} where ${t === 'tracked_players' ? 'id' : 'player_id'} = ${id}`)
									.join(' union all '),
							),
						)
					).map((c) => c.n)
				// Every table holds something of theirs (the gains, board and record rows included)…
				expect((await rowsOf()).every((n) => n > 0)).toBe(true)
				expect(await deletePlayer(db(), 'zezima', { block: true, at: at('2026-03-03T00:00:00Z') })).toEqual({ deleted: true })
				// …and nothing after.
				expect(await rowsOf()).toEqual(TABLES.filter((t) => t !== 'tracker_opt_outs').map(() => 0))
				expect(await isOptedOut(db(), 'zezima')).toBe(true)
				expect(await recordFetch(db(), fetchOf('2026-03-04T10:00:00Z', { attack: 3 }))).toBe('opted-out')
				expect(await findPlayer(db(), 'zezima')).toBeUndefined()
				expect(await findPlayer(db(), 'other')).toBeDefined()
				// Deleting without blocking lets them be tracked again.
				expect(await deletePlayer(db(), 'other', { block: false, at: at('2026-03-03T00:00:00Z') })).toEqual({ deleted: true })
				expect(await recordFetch(db(), fetchOf('2026-03-04T10:00:00Z', { attack: 3 }, { key: 'other', name: 'Other' }))).toBe('new-player')
			})
		})
	})
}
