/**
 * XP gained per period: the daily gains, the week and month totals the top-gainers boards read,
 * and each player's records. All three are written together, from one snapshot's difference to
 * the one before it (`addGains`, inside `recordFetch`'s transaction), so nothing is recomputed
 * from history when a page or the API asks.
 */
import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import type { Database } from '#app/server/db/database.server.ts'
import type { GainRecord, PlayerRecords } from '#app/tracker/api-types.ts'
import { periodEnd, periodStart, previousPeriodStart, utcDay, type GainPeriod } from '#app/tracker/gain-periods.ts'
import { dailyGains, gainRecords, OVERALL_SKILL, periodGains, trackedPlayers } from './schema.ts'

type Entry = { skill: number; xp: number }

/** The skills with a gain, then their sum as the overall entry. */
function entriesOf(xpBySkill: readonly number[]): Entry[] {
	const entries = xpBySkill.flatMap((xp, skill) => (xp > 0 ? [{ skill, xp }] : []))
	return [...entries, { skill: OVERALL_SKILL, xp: entries.reduce((sum, entry) => sum + entry.xp, 0) }]
}

/** Raises records to these candidates where they beat the record held (a tie keeps the older). */
function raiseRecords(playerId: number, candidates: SQL, fromBackfill: boolean): SQL {
	return sql`
		insert into tracker_gain_records as r (player_id, period, skill, xp, start, from_backfill)
		select ${playerId}, c.period, c.skill, c.xp, c.start, ${fromBackfill} from (${candidates}) as c(period, skill, xp, start)
		on conflict (player_id, period, skill) do update
		set xp = excluded.xp, start = excluded.start, from_backfill = excluded.from_backfill
		where r.xp < excluded.xp`
}

const candidateRow = (period: GainPeriod, start: string, entry: Entry) =>
	sql`(${period}::text, ${entry.skill}::smallint, ${entry.xp}::bigint, ${start}::date)`

/**
 * Adds one snapshot's gains (XP per skill, id order) to the day of `at`, its week and month, and
 * raises the records they beat. Three statements at most; the first gain of a player's day also
 * drops their week and month totals from before the previous month (the boards show the current
 * and the previous period only).
 */
export async function addGains(tx: Database, playerId: number, at: Date, gained: readonly number[]): Promise<void> {
	if (!gained.some((xp) => xp > 0)) return
	const day = utcDay(at)
	const [daily] = await tx
		.insert(dailyGains)
		.values({ playerId, day, xpGained: [...gained] })
		.onConflictDoUpdate({
			target: [dailyGains.playerId, dailyGains.day],
			set: {
				xpGained: sql`(select array_agg(coalesce(old, 0) + coalesce(new, 0) order by i)
					from unnest(tracker_daily_gains.xp_gained, excluded.xp_gained) with ordinality as t(old, new, i))`,
			},
		})
		.returning({ xpGained: dailyGains.xpGained, created: sql<boolean>`(xmax = 0)` })
	if (!daily) throw new Error(`could not add the gains of player ${playerId}`)
	const month = periodStart('month', day)
	if (daily.created) {
		await tx
			.delete(periodGains)
			.where(and(eq(periodGains.playerId, playerId), lt(periodGains.start, previousPeriodStart('month', month))))
	}

	const added = entriesOf(gained).flatMap((entry) => [
		{ playerId, period: 'week' as const, start: periodStart('week', day), ...entry },
		{ playerId, period: 'month' as const, start: month, ...entry },
	])
	const dayTotals = entriesOf(daily.xpGained).map((entry) => candidateRow('day', day, entry))
	await tx.execute(sql`
		with totals as (
			insert into tracker_period_gains (player_id, period, start, skill, xp)
			values ${sql.join(added.map((row) => sql`(${row.playerId}, ${row.period}, ${row.start}::date, ${row.skill}, ${row.xp})`), sql`, `)}
			on conflict (player_id, period, start, skill) do update set xp = tracker_period_gains.xp + excluded.xp
			returning period, skill, xp, start
		)
		${raiseRecords(playerId, sql`select period, skill, xp, start from totals union all values ${sql.join(dayTotals, sql`, `)}`, false)}`)
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
	const rows = [...best].filter(([, record]) => record.xp > 0).map(([skill, record]) => candidateRow('month', record.start, { skill, xp: record.xp }))
	if (rows.length > 0) await tx.execute(raiseRecords(playerId, sql`values ${sql.join(rows, sql`, `)}`, true))
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
