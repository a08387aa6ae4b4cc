/**
 * XP gained per period: the daily gains, the week and month totals the top-gainers boards read,
 * and each player's records. All three are written together, from one snapshot's difference to
 * the one before it (`addGains`, inside `recordFetch`'s transaction), so nothing is recomputed
 * from history when a page or the API asks.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import type { Database } from '#app/server/db/database.server.ts'
import type { GainRecord, PlayerRecords } from '#app/tracker/api-types.ts'
import { periodEnd, periodStart, previousPeriodStart, utcDay, type GainPeriod } from '#app/tracker/gain-periods.ts'
import { gainRecords, OVERALL_SKILL, periodGains, trackedPlayers } from './schema.ts'

type Entry = { skill: number; xp: number }

/** A PostgreSQL array literal (`{1,2,3}`) of numbers or ISO dates, cast where it is used. */
const pgArray = (values: ReadonlyArray<string | number>) => `{${values.join(',')}}`

/** The skills with a gain, then their sum as the overall entry. */
function entriesOf(xpBySkill: readonly number[]): Entry[] {
	const entries = xpBySkill.flatMap((xp, skill) => (xp > 0 ? [{ skill, xp }] : []))
	return [...entries, { skill: OVERALL_SKILL, xp: entries.reduce((sum, entry) => sum + entry.xp, 0) }]
}

/**
 * Adds one snapshot's gains (XP per skill, id order) to the day of `at`, its week and month, and
 * raises the records the new totals beat; drops the player's week and month totals from before
 * the previous month (the boards show the current and the previous period only). The work is the
 * database function `tracker_add_gains` (migration 0004): one round trip with a cached plan. Runs
 * `alongside` (the snapshot's insert) in the same statement when given.
 */
export async function addGains(tx: Database, playerId: number, at: Date, gained: readonly number[], alongside?: SQL): Promise<void> {
	if (!gained.some((xp) => xp > 0)) {
		if (alongside) await tx.execute(alongside)
		return
	}
	const day = utcDay(at)
	const month = periodStart('month', day)
	await tx.execute(sql`
		${alongside ? sql`with alongside as (${alongside})` : sql``}
		select tracker_add_gains(${playerId}, ${day}::date, ${periodStart('week', day)}::date, ${month}::date,
			${previousPeriodStart('month', month)}::date, ${pgArray(gained)}::int[])`)
}

/**
 * RuneMetrics' monthly XP (fetched once per player) as month records: a month it saw more XP in
 * than the snapshots did (a month before tracking, or the one tracking began in) holds the record.
 */
export async function addBackfillRecords(tx: Database, playerId: number, months: ReadonlyArray<{ start: string; xpGained: readonly number[] }>): Promise<void> {
	const best = new Map<number, { xp: number; start: string }>()
	for (const month of months.toSorted((a, b) => a.start.localeCompare(b.start))) {
		for (const entry of entriesOf(month.xpGained)) {
			if (entry.xp > (best.get(entry.skill)?.xp ?? 0)) best.set(entry.skill, { xp: entry.xp, start: month.start })
		}
	}
	if (best.size === 0) return
	const records = [...best.values()]
	await tx.execute(sql`select tracker_raise_records(${playerId}, true, ${pgArray(records.map(() => 'month'))}::text[],
		${pgArray([...best.keys()])}::smallint[], ${pgArray(records.map((r) => r.xp))}::bigint[], ${pgArray(records.map((r) => r.start))}::date[])`)
}

/** The player's records, per skill (id order, null where nothing was gained) and overall. */
export async function readRecords(db: Database, player: { id: number; name: string }): Promise<PlayerRecords> {
	const rows = await db.select().from(gainRecords).where(eq(gainRecords.playerId, player.id))
	const empty = () => ({ day: null, week: null, month: null }) as Record<GainPeriod, GainRecord | null>
	const bySkill = new Map<number, Record<GainPeriod, GainRecord | null>>()
	for (const row of rows) {
		const held = bySkill.get(row.skill) ?? empty()
		held[row.period] = { xpGained: row.xp, from: row.start, to: periodEnd(row.period, row.start), source: row.fromBackfill ? 'backfill' : 'snapshots' }
		bySkill.set(row.skill, held)
	}
	return {
		name: player.name,
		overall: bySkill.get(OVERALL_SKILL) ?? empty(),
		skills: SKILLS.map((skill) => ({ skill: skill.name, ...(bySkill.get(skill.id) ?? empty()) })),
	}
}

export type BoardQuery = { period: 'week' | 'month'; start: string; skill: SkillName | 'overall'; limit: number; offset: number }

/** One page of a board: XP gained, most first; equal XP in tracking order (the older player first). */
export async function readBoard(db: Database, query: BoardQuery): Promise<{ players: number; entries: Array<{ name: string; xpGained: number }> }> {
	const skill = query.skill === 'overall' ? OVERALL_SKILL : SKILLS.findIndex((s) => s.name === query.skill)
	const where = and(eq(periodGains.period, query.period), eq(periodGains.start, query.start), eq(periodGains.skill, skill))
	const [count] = await db.select({ players: sql<number>`count(*)::int` }).from(periodGains).where(where)
	const entries = await db
		.select({ name: trackedPlayers.name, xpGained: periodGains.xp })
		.from(periodGains)
		.innerJoin(trackedPlayers, eq(trackedPlayers.id, periodGains.playerId))
		.where(where)
		.orderBy(desc(periodGains.xp), asc(periodGains.playerId))
		.limit(query.limit)
		.offset(query.offset)
	return { players: count?.players ?? 0, entries }
}
