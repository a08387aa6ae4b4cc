/**
 * XP gained per period: the daily gains, the week and month totals the top-gainers boards read,
 * and each player's records. All three are written together, from one snapshot's difference to
 * the one before it (`addGains`, inside `recordFetch`'s transaction), so nothing is recomputed
 * from history when a page or the API asks.
 */
import { and, asc, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm'
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
export async function addBackfillRecords(
	tx: Database,
	playerId: number,
	months: ReadonlyArray<{ start: string; xpGained: readonly number[] }>,
): Promise<void> {
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
		held[row.period] = {
			xpGained: row.xp,
			from: row.start,
			to: periodEnd(row.period, row.start),
			source: row.fromBackfill ? 'backfill' : 'snapshots',
		}
		bySkill.set(row.skill, held)
	}
	return {
		name: player.name,
		overall: bySkill.get(OVERALL_SKILL) ?? empty(),
		skills: SKILLS.map((skill) => ({ skill: skill.name, ...(bySkill.get(skill.id) ?? empty()) })),
	}
}

/** One board: a week's or a month's XP gains in a skill or overall. */
export type BoardKey = { period: 'week' | 'month'; start: string; skill: SkillName | 'overall' }
/** A place on a board: an entry's XP and player id (board order is XP down, then player id up). */
type Cursor = { xp: number; playerId: number }
type BoardRow = { name: string; xpGained: number; playerId: number }

const boardWhere = (key: BoardKey) =>
	and(
		eq(periodGains.period, key.period),
		eq(periodGains.start, key.start),
		eq(periodGains.skill, key.skill === 'overall' ? OVERALL_SKILL : SKILLS.findIndex((s) => s.name === key.skill)),
	)

const boardColumns = { name: trackedPlayers.name, xpGained: periodGains.xp, playerId: periodGains.playerId }
// The orders below spell out where nulls go (xp has none) so they are the board index's own
// (`xp DESC NULLS LAST`), read forwards or backwards: with `desc` alone PostgreSQL sorts the board.

/** Entries in board order after `cursor` (from the top when null), skipping `offset`: by index, from where it starts. */
async function rowsAfter(db: Database, key: BoardKey, cursor: Cursor | null, limit: number, offset = 0): Promise<BoardRow[]> {
	const after = cursor && and(lte(periodGains.xp, cursor.xp), or(lt(periodGains.xp, cursor.xp), gt(periodGains.playerId, cursor.playerId)))
	return db
		.select(boardColumns)
		.from(periodGains)
		.innerJoin(trackedPlayers, eq(trackedPlayers.id, periodGains.playerId))
		.where(after ? and(boardWhere(key), after) : boardWhere(key))
		.orderBy(sql`${periodGains.xp} desc nulls last`, asc(periodGains.playerId))
		.limit(limit)
		.offset(offset)
}

/** Entries up to and including `cursor` (from the board's end when null), nearest first. */
async function rowsBackFrom(db: Database, key: BoardKey, cursor: Cursor | null, limit: number): Promise<BoardRow[]> {
	const upTo = cursor && and(gte(periodGains.xp, cursor.xp), or(gt(periodGains.xp, cursor.xp), lte(periodGains.playerId, cursor.playerId)))
	return db
		.select(boardColumns)
		.from(periodGains)
		.innerJoin(trackedPlayers, eq(trackedPlayers.id, periodGains.playerId))
		.where(upTo ? and(boardWhere(key), upTo) : boardWhere(key))
		.orderBy(sql`${periodGains.xp} asc nulls first`, desc(periodGains.playerId))
		.limit(limit)
}

/** Players on the board (the tracker keeps it for a minute: a count reads every entry). */
export async function countBoard(db: Database, key: BoardKey): Promise<number> {
	const [count] = await db
		.select({ players: sql<number>`count(*)::int` })
		.from(periodGains)
		.where(boardWhere(key))
	return count?.players ?? 0
}

const formatCursor = (row: BoardRow) => `${row.xpGained}.${row.playerId}`

function parseCursor(after: string): Cursor {
	const [xp, playerId] = after.split('.').map(Number)
	return { xp: xp!, playerId: playerId! }
}

/** Page numbers to link: the first, the last, and two either side of the current one. */
function pageNumbers(page: number, pages: number): number[] {
	return [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
		.filter((n) => n >= 1 && n <= pages)
		.toSorted((a, b) => a - b)
}

export type BoardPageRequest = {
	page: number
	/** `<xp>.<player id>` of the entry the page starts after (`pageLinks`); null: find the page by its number. */
	after: string | null
	pageSize: number
	/** Players on the board, as last counted: where the last page starts. */
	players: number
}

/**
 * One page of a board, most XP first (equal XP: the player tracked first), and the pages to link
 * with where each starts. Keyset paging: a page reads from where it starts by index, however deep,
 * and its neighbours' starts come from the rows either side of it; only a page asked by its number
 * alone (a shallow one, `BOARD_PAGES_BY_NUMBER`) is found with an OFFSET.
 */
export async function readBoard(db: Database, key: BoardKey, request: BoardPageRequest) {
	const { page, pageSize: size } = request
	let before = request.after === null ? null : parseCursor(request.after)
	if (!before && page > 1) {
		const [row] = await rowsAfter(db, key, null, 1, (page - 1) * size - 1)
		before = row ? { xp: row.xpGained, playerId: row.playerId } : null
	}
	const ahead = page > 1 && !before ? [] : await rowsAfter(db, key, before, 2 * size + 1)
	const entries = ahead.slice(0, size)
	const pages = Math.max(Math.ceil(request.players / size), entries.length > 0 ? page : 0, ahead.length > size ? page + 1 : 0)

	const starts = new Map<number, string | null>([[1, null]])
	if (page > 1 && before) starts.set(page, `${before.xp}.${before.playerId}`)
	const [endOfPage, endOfNext] = [ahead[size - 1], ahead[2 * size - 1]]
	if (ahead.length > size && endOfPage) starts.set(page + 1, formatCursor(endOfPage))
	if (ahead.length > 2 * size && endOfNext) starts.set(page + 2, formatCursor(endOfNext))
	if (page > 2 && before) {
		// The rows before the page, nearest first: page - 1 reversed, then page - 2.
		const back = await rowsBackFrom(db, key, before, page > 3 ? 2 * size + 1 : size + 1)
		const [startOfPrevious, startOfTwoBack] = [back[size], page > 3 ? back[2 * size] : undefined]
		if (startOfPrevious) starts.set(page - 1, formatCursor(startOfPrevious))
		if (startOfTwoBack) starts.set(page - 2, formatCursor(startOfTwoBack))
	}
	if (pages > 1 && !starts.has(pages)) {
		const onLast = request.players - (pages - 1) * size
		const startOfLast = onLast > 0 ? (await rowsBackFrom(db, key, null, onLast + 1))[onLast] : undefined
		if (startOfLast) starts.set(pages, formatCursor(startOfLast))
	}
	return {
		pages,
		entries: entries.map(({ name, xpGained }) => ({ name, xpGained })),
		pageLinks: pageNumbers(page, pages).flatMap((n) => (starts.has(n) ? [{ page: n, after: starts.get(n) ?? null }] : [])),
	}
}
