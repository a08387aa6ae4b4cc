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

/**
 * Adds one snapshot's gains (XP per skill, id order) to the day of `at`, its week and month, and
 * raises the records the new totals beat. One statement (one round trip: on PGlite each statement
 * costs more than the work in it), which also drops the player's week and month totals from
 * before the previous month: the boards show the current and the previous period only.
 */
export async function addGains(tx: Database, playerId: number, at: Date, gained: readonly number[]): Promise<void> {
	if (!gained.some((xp) => xp > 0)) return
	const day = utcDay(at)
	const month = periodStart('month', day)
	const entries = entriesOf(gained)
	await tx.execute(sql`
		with daily as (
			insert into tracker_daily_gains as d (player_id, day, xp_gained)
			values (${playerId}, ${day}::date, ${`{${gained.join(',')}}`}::int[])
			on conflict (player_id, day) do update set xp_gained = (
				select array_agg(coalesce(old, 0) + coalesce(new, 0) order by i)
				from unnest(d.xp_gained, excluded.xp_gained) with ordinality as t(old, new, i))
			returning xp_gained
		),
		pruned as (
			delete from tracker_period_gains
			where player_id = ${playerId} and start < ${previousPeriodStart('month', month)}::date
		),
		totals as (
			insert into tracker_period_gains as g (player_id, period, start, skill, xp)
			select ${playerId}, p.period, p.start, e.skill, e.xp
			from unnest(${`{${entries.map((e) => e.skill).join(',')}}`}::smallint[], ${`{${entries.map((e) => e.xp).join(',')}}`}::bigint[]) as e(skill, xp)
			cross join (values ('week', ${periodStart('week', day)}::date), ('month', ${month}::date)) as p(period, start)
			on conflict (player_id, period, start, skill) do update set xp = g.xp + excluded.xp
			returning period, skill, xp, start
		),
		day_totals as (
			select 'day'::text as period, (u.i - 1)::smallint as skill, u.xp::bigint as xp, ${day}::date as start
			from daily, unnest(daily.xp_gained) with ordinality as u(xp, i) where u.xp > 0
			union all
			select 'day', ${OVERALL_SKILL}::smallint, (select sum(x) from unnest(daily.xp_gained) as x where x > 0)::bigint, ${day}::date
			from daily
		)
		${raiseRecords(playerId, sql`select period, skill, xp, start from totals union all select period, skill, xp, start from day_totals`, false)}`)
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
	const rows = [...best].map(([skill, record]) => sql`('month'::text, ${skill}::smallint, ${record.xp}::bigint, ${record.start}::date)`)
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
