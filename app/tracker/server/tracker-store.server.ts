/**
 * The tracker's queries: every read and write of its tables goes through here. Functions take the
 * database (or a transaction) first and plain values, so the contract kit runs them on PGlite and
 * on PostgreSQL alike. Times are `Date`s supplied by the caller (an injectable clock).
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm'
import { queryRows, type Database } from '#app/server/db/database.server.ts'
import { SKILLS } from '#app/lib/skills.ts'
import type { Backfill, Snapshot } from '#app/tracker/api-types.ts'
import { periodStart, utcDay, xpGainedBetween } from '#app/tracker/gain-periods.ts'
import { implausibleChange } from '#app/tracker/plausible-gains.ts'
import { sameProgress } from '#app/tracker/snapshot.ts'
import { logSpan, mergeLogSpans, type LogFetch, type LogSpan } from '#app/tracker/log-coverage.ts'
import { addBackfillRecords, addGains } from './gains-store.server.ts'
import { activities, backfillMonths, logCoverageSpans, optOuts, removals, questCompletions, snapshots, trackedPlayers } from './schema.ts'
import { packRanks, packSkills, skillStates, unpackRanks, unpackSkills } from './snapshot-codec.ts'

export type TrackedPlayer = typeof trackedPlayers.$inferSelect
type SnapshotRow = typeof snapshots.$inferSelect

/** What one upstream fetch learnt about a player. */
export type FetchRecord = {
	key: string
	name: string
	fetchedAt: Date
	snapshot: Snapshot
	/** RuneMetrics' quest list; null when it was not fetched or the profile is private. */
	quests: ReadonlyArray<{ title: string; status: string }> | null
	/** The adventurer's log entries of the profile (any order). */
	activities: ReadonlyArray<{ date: string; text: string; details: string }>
}

export type RecordOutcome = 'opted-out' | 'new-player' | 'changed' | 'unchanged'

export async function isOptedOut(db: Database, key: string): Promise<boolean> {
	const rows = await db.select({ key: optOuts.key }).from(optOuts).where(eq(optOuts.key, key))
	return rows.length > 0
}

type FetchStart = {
	id: number
	created: boolean
	quests_known_since: Date | string | null
	last_checked_at: Date | string
	latest_taken_at: Date | string | null
	latest_source: number | null
	latest_quest_points: number | null
	latest_rank: number | null
	latest_quests_complete: number | null
	latest_quests_started: number | null
	latest_skills: Uint8Array | null
}

/**
 * Unless the name opted out (no row), creates or updates the player's row, locking it for the
 * transaction, and reads their latest snapshot up to the fetch: the database function
 * `tracker_begin_fetch` (migration 0004), one round trip with a cached plan.
 */
async function beginFetch(tx: Database, record: FetchRecord, profile: 'public' | 'private') {
	const [row] = await queryRows<FetchStart>(
		tx,
		sql`select * from tracker_begin_fetch(${record.key}, ${record.name}, ${record.fetchedAt}, ${profile}, ${ranksOf(record.snapshot)})`,
	)
	if (!row) return undefined
	const latest: SnapshotRow | undefined =
		row.latest_taken_at === null || row.latest_source === null || row.latest_skills === null
			? undefined
			: {
					playerId: row.id,
					takenAt: new Date(row.latest_taken_at),
					source: row.latest_source,
					questPoints: row.latest_quest_points,
					rank: row.latest_rank,
					questsComplete: row.latest_quests_complete,
					questsStarted: row.latest_quests_started,
					skills: new Uint8Array(row.latest_skills),
				}
	return {
		id: row.id,
		created: row.created,
		questsKnownSince: row.quests_known_since === null ? null : new Date(row.quests_known_since),
		lastCheckedAt: new Date(row.last_checked_at),
		latest,
	}
}

/**
 * Records a fetch: the player row (created on first sight), a snapshot row only when XP or quest
 * figures changed since the latest one, newly completed quests, new log entries. One transaction;
 * its first step locks the player's row, so two instances recording one player take turns and the
 * second sees the first's snapshot. A changed snapshot and its gains are written by one statement.
 */
export async function recordFetch(db: Database, record: FetchRecord): Promise<RecordOutcome> {
	return db.transaction(async (tx) => {
		const at = record.fetchedAt
		const profile = record.snapshot.source === 'runemetrics' ? 'public' : 'private'
		const player = await beginFetch(tx, record, profile)
		if (!player) return 'opted-out'
		const { latest } = player
		const row = snapshotRow(player.id, record.snapshot, at, keepsRanks(latest?.takenAt, at))
		// Compared as stored: both sides read back the same way, whatever upstream rounded.
		const before = latest && rowToSnapshot(latest)
		const after = rowToSnapshot(row)
		const changed = !before || !sameProgress(before, after)
		// A fetch recorded after a later one (two instances racing) adds no gains: the later one counted them.
		const latestFetch = player.lastCheckedAt.getTime() === at.getTime()
		const insertSnapshot = tx.insert(snapshots).values(row).onConflictDoNothing()
		// A change no account could make (the name moved to another one) counts on no board and in no record.
		const implausible = changed && before ? implausibleChange(before, after) : null
		if (implausible) {
			await insertSnapshot
			await tx
				.update(trackedPlayers)
				.set({ possibleNameChangeAt: sql`greatest(${trackedPlayers.possibleNameChangeAt}, ${at})` })
				.where(eq(trackedPlayers.id, player.id))
		} else if (changed && before && latestFetch) await addGains(tx, player.id, at, xpGainedBetween(before, after), insertSnapshot.getSQL())
		else if (changed) await insertSnapshot

		if (record.quests) {
			const done = [...new Set(record.quests.filter((q) => q.status === 'COMPLETED').map((q) => q.title))]
			// Quests complete when quests are first seen were done before tracking: no date.
			const firstSight = player.questsKnownSince === null
			if (done.length > 0) {
				await tx
					.insert(questCompletions)
					.values(done.map((title) => ({ playerId: player.id, title, completedAt: firstSight ? null : at })))
					.onConflictDoNothing()
			}
			if (firstSight) await tx.update(trackedPlayers).set({ questsKnownSince: at }).where(eq(trackedPlayers.id, player.id))
		}
		let historyChanged = changed
		if (record.activities.length > 0) {
			const added = await tx
				.insert(activities)
				.values(record.activities.map((a) => ({ playerId: player.id, occurredAt: new Date(a.date), text: a.text, details: a.details })))
				.onConflictDoNothing()
				.returning({ playerId: activities.playerId })
			if (added.length > 0) historyChanged = true
		}
		if (historyChanged) await bumpHistoryVersion(tx, player.id)
		if (profile === 'public') await recordLogSpan(tx, player.id, logFetchOf(record))
		return player.created ? 'new-player' : changed ? 'changed' : 'unchanged'
	})
}

/** Marks the player's snapshots or log as changed (`history_version`), in the writer's transaction. */
async function bumpHistoryVersion(tx: Database, playerId: number): Promise<void> {
	await tx
		.update(trackedPlayers)
		.set({ historyVersion: sql`${trackedPlayers.historyVersion} + 1` })
		.where(eq(trackedPlayers.id, playerId))
}

function logFetchOf(record: FetchRecord): LogFetch {
	const dates = record.activities.map((a) => new Date(a.date).getTime())
	return { at: record.fetchedAt, entries: dates.length, oldestEntry: dates.length > 0 ? new Date(Math.min(...dates)) : null }
}

/** Adds what a public fetch saw of the log to the player's coverage, merged with the spans it meets (`log-coverage.ts`). */
async function recordLogSpan(tx: Database, playerId: number, fetch: LogFetch): Promise<void> {
	const span = logSpan(fetch)
	if (!span) return
	const met = await tx
		.delete(logCoverageSpans)
		.where(and(eq(logCoverageSpans.playerId, playerId), lte(logCoverageSpans.fromAt, span.to), gte(logCoverageSpans.toAt, span.from)))
		.returning({ from: logCoverageSpans.fromAt, to: logCoverageSpans.toAt })
	const [merged] = mergeLogSpans([span, ...met])
	await tx.insert(logCoverageSpans).values({ playerId, fromAt: merged!.from, toAt: merged!.to })
}

/**
 * Whether a snapshot taken at `at` keeps its skill ranks: the first of its ISO week (UTC) does,
 * the others store none (the player's row holds the current ranks).
 */
export function keepsRanks(previousTakenAt: Date | undefined, at: Date): boolean {
	return !previousTakenAt || periodStart('week', utcDay(previousTakenAt)) !== periodStart('week', utcDay(at))
}

/** The snapshot's skill states in id order (a skill it lacks: undefined). */
function inIdOrder(snapshot: Snapshot) {
	return SKILLS.map((skill) => snapshot.skills.find((s) => s.skill === skill.name))
}

function ranksOf(snapshot: Snapshot): Uint8Array {
	return packRanks(inIdOrder(snapshot).map((state) => state?.rank ?? null))
}

function snapshotRow(playerId: number, snapshot: Snapshot, takenAt: Date, withRanks: boolean): SnapshotRow {
	return {
		playerId,
		takenAt,
		source: snapshot.source === 'runemetrics' ? 0 : 1,
		rank: snapshot.rank,
		questPoints: snapshot.questPoints,
		questsComplete: snapshot.questsComplete,
		questsStarted: snapshot.questsStarted,
		skills: packSkills(inIdOrder(snapshot).map((state) => ({ xp: state?.xp ?? 0, rank: withRanks ? (state?.rank ?? null) : null }))),
	}
}

function rowToSnapshot(row: SnapshotRow): Snapshot {
	const skills = skillStates(unpackSkills(row.skills))
	return {
		takenAt: row.takenAt.toISOString(),
		source: row.source === 0 ? 'runemetrics' : 'hiscores',
		// Totals follow from the skills (upstream's own totals are the same sums).
		totalLevel: skills.reduce((sum, s) => sum + s.level, 0),
		totalXp: skills.reduce((sum, s) => sum + s.xp, 0),
		rank: row.rank,
		questPoints: row.questPoints,
		questsComplete: row.questsComplete,
		questsStarted: row.questsStarted,
		skills,
	}
}

export async function findPlayer(db: Database, key: string): Promise<TrackedPlayer | undefined> {
	const [player] = await db.select().from(trackedPlayers).where(eq(trackedPlayers.key, key))
	return player
}

/** The player's latest snapshot, with the skill ranks of their last fetch. */
export async function latestSnapshot(db: Database, player: Pick<TrackedPlayer, 'id' | 'ranks'>): Promise<Snapshot | undefined> {
	const latest = await snapshotAt(db, player.id)
	if (!latest || !player.ranks) return latest
	const ranks = unpackRanks(player.ranks)
	return { ...latest, skills: latest.skills.map((skill, id) => ({ ...skill, rank: ranks[id] ?? null })) }
}

/** The latest snapshot at or before `at` (default: the latest of all). */
export async function snapshotAt(db: Database, playerId: number, at?: Date): Promise<Snapshot | undefined> {
	const [row] = await db
		.select()
		.from(snapshots)
		.where(at ? and(eq(snapshots.playerId, playerId), lte(snapshots.takenAt, at)) : eq(snapshots.playerId, playerId))
		.orderBy(desc(snapshots.takenAt))
		.limit(1)
	return row && rowToSnapshot(row)
}

/** The first snapshot after `at`, up to `until`. */
export async function firstSnapshotAfter(db: Database, playerId: number, at: Date, until: Date): Promise<Snapshot | undefined> {
	const [row] = await db
		.select()
		.from(snapshots)
		.where(and(eq(snapshots.playerId, playerId), gt(snapshots.takenAt, at), lte(snapshots.takenAt, until)))
		.orderBy(asc(snapshots.takenAt))
		.limit(1)
	return row && rowToSnapshot(row)
}

/** Snapshots taken in [from, to], newest first, at most `limit`. */
export async function listSnapshots(db: Database, playerId: number, from: Date, to: Date, limit: number): Promise<Snapshot[]> {
	const rows = await db
		.select()
		.from(snapshots)
		.where(and(eq(snapshots.playerId, playerId), gte(snapshots.takenAt, from), lte(snapshots.takenAt, to)))
		.orderBy(desc(snapshots.takenAt))
		.limit(limit)
	return rows.map(rowToSnapshot)
}

/** What the tracker holds of one player around a time window (a competition's). */
export type WindowHistory = {
	key: string
	profile: 'public' | 'private'
	lastCheckedAt: Date
	/** The latest snapshot before `from`, if any. */
	before: Snapshot | undefined
	/** Snapshots taken in [from, to], oldest first. */
	within: Snapshot[]
	/** Log entries dated in [from, to], oldest first. */
	log: { date: string; text: string; details: string }[]
}

/** Each tracked player's history around [from, to], by key; players never tracked are absent. Three queries, whatever the number of players. */
export async function readWindowHistories(
	db: Database,
	keys: readonly string[],
	from: Date,
	to: Date,
): Promise<Map<string, WindowHistory>> {
	const histories = new Map<string, WindowHistory>()
	if (keys.length === 0) return histories
	const players = await db
		.select({
			id: trackedPlayers.id,
			key: trackedPlayers.key,
			profile: trackedPlayers.profile,
			lastCheckedAt: trackedPlayers.lastCheckedAt,
		})
		.from(trackedPlayers)
		.where(inArray(trackedPlayers.key, [...keys]))
	if (players.length === 0) return histories
	const ids = players.map((player) => player.id)
	const [before, within, log] = await Promise.all([
		db
			.selectDistinctOn([snapshots.playerId])
			.from(snapshots)
			.where(and(inArray(snapshots.playerId, ids), lt(snapshots.takenAt, from)))
			.orderBy(snapshots.playerId, desc(snapshots.takenAt)),
		db
			.select()
			.from(snapshots)
			.where(and(inArray(snapshots.playerId, ids), gte(snapshots.takenAt, from), lte(snapshots.takenAt, to)))
			.orderBy(snapshots.playerId, asc(snapshots.takenAt)),
		db
			.select({ playerId: activities.playerId, occurredAt: activities.occurredAt, text: activities.text, details: activities.details })
			.from(activities)
			.where(and(inArray(activities.playerId, ids), gte(activities.occurredAt, from), lte(activities.occurredAt, to)))
			.orderBy(activities.playerId, asc(activities.occurredAt), asc(activities.text)),
	])
	const byId = new Map<number, WindowHistory>()
	for (const player of players) {
		const history: WindowHistory = {
			key: player.key,
			profile: player.profile,
			lastCheckedAt: player.lastCheckedAt,
			before: undefined,
			within: [],
			log: [],
		}
		byId.set(player.id, history)
		histories.set(player.key, history)
	}
	for (const row of before) byId.get(row.playerId)!.before = rowToSnapshot(row)
	for (const row of within) byId.get(row.playerId)!.within.push(rowToSnapshot(row))
	for (const row of log) byId.get(row.playerId)!.log.push({ date: row.occurredAt.toISOString(), text: row.text, details: row.details })
	return histories
}

/** The spans over which the player's log was seen without a gap, oldest first (one more after each gap). */
export async function listLogCoverage(db: Database, playerId: number): Promise<LogSpan[]> {
	return db
		.select({ from: logCoverageSpans.fromAt, to: logCoverageSpans.toAt })
		.from(logCoverageSpans)
		.where(eq(logCoverageSpans.playerId, playerId))
		.orderBy(asc(logCoverageSpans.fromAt))
}

/** Newest first; quests done before tracking (no date) last, by title. */
export async function listQuestCompletions(db: Database, playerId: number) {
	const rows = await db
		.select({ title: questCompletions.title, completedAt: questCompletions.completedAt })
		.from(questCompletions)
		.where(eq(questCompletions.playerId, playerId))
		.orderBy(sql`${questCompletions.completedAt} desc nulls last`, asc(questCompletions.title))
	return rows.map((row) => ({ title: row.title, completedAt: row.completedAt?.toISOString() ?? null }))
}

export async function listActivities(db: Database, playerId: number, limit = 500) {
	const rows = await db
		.select({ occurredAt: activities.occurredAt, text: activities.text, details: activities.details })
		.from(activities)
		.where(eq(activities.playerId, playerId))
		.orderBy(desc(activities.occurredAt), asc(activities.text))
		.limit(limit)
	return rows.map((row) => ({ date: row.occurredAt.toISOString(), text: row.text, details: row.details }))
}

export async function readBackfill(db: Database, player: Pick<TrackedPlayer, 'id' | 'backfillState'>): Promise<Backfill> {
	if (player.backfillState !== 'done') return { state: player.backfillState, months: [] }
	const rows = await db.select().from(backfillMonths).where(eq(backfillMonths.playerId, player.id)).orderBy(asc(backfillMonths.month))
	return {
		state: 'done',
		months: rows.map((row) => {
			const skills = SKILLS.map((skill, id) => ({ skill: skill.name, xpGained: row.xpGained[id] ?? 0 }))
			return {
				month: row.month.slice(0, 7),
				totalXpGained: skills.reduce((sum, s) => sum + s.xpGained, 0),
				skills,
			}
		}),
	}
}

/** Someone looked the player up, opened their page or pressed Update: keeps them in the daily refresh for 90 more days (wakes a dormant player). */
export async function touchLookup(db: Database, key: string, at: Date): Promise<void> {
	await db
		.update(trackedPlayers)
		.set({ lastLookedUpAt: sql`greatest(${trackedPlayers.lastLookedUpAt}, ${at})` })
		.where(eq(trackedPlayers.key, key))
}

export type FetchClaim = { claimed: true; previous: Date } | { claimed: false; retryAt: Date } | { claimed: false; retryAt: null }

/**
 * Takes the right to fetch a player now: at most one fetch per `cooldownMs`, counted from the last
 * fetch whatever caused it. One conditional UPDATE, so every instance sharing the database agrees.
 * `retryAt` null: the player is not tracked.
 */
export async function claimFetch(db: Database, key: string, now: Date, cooldownMs: number): Promise<FetchClaim> {
	const before = new Date(now.getTime() - cooldownMs)
	const claimed = await db.execute(sql`
		update tracked_players as p set last_fetch_at = ${now}
		from (select id, last_fetch_at from tracked_players where key = ${key} for update) as old
		where p.id = old.id and old.last_fetch_at <= ${before}
		returning old.last_fetch_at as previous`)
	const rows = (claimed as unknown as { rows: Array<{ previous: Date | string }> }).rows
	if (rows[0]) return { claimed: true, previous: new Date(rows[0].previous) }
	const player = await findPlayer(db, key)
	if (!player) return { claimed: false, retryAt: null }
	return { claimed: false, retryAt: new Date(player.lastFetchAt.getTime() + cooldownMs) }
}

/** Gives a claimed fetch back after it failed: the last fetch counts from `lastFetchAt` again (the one before, or a shorter cooldown). */
export async function releaseFetch(db: Database, key: string, claimedAt: Date, lastFetchAt: Date): Promise<void> {
	await db
		.update(trackedPlayers)
		.set({ lastFetchAt })
		.where(and(eq(trackedPlayers.key, key), eq(trackedPlayers.lastFetchAt, claimedAt)))
}

/**
 * Claims up to `limit` players for the daily refresh: looked up within `activeMs` (the others are
 * dormant), not fetched within `staleMs`, those looked up within `recentMs` first, then stalest
 * first, none of `skipKeys` (those that failed this round). Claiming
 * moves their last fetch to now, and `skip locked` keeps two instances' claims apart, so each
 * player is refreshed once a round.
 *
 * The claimed rows are picked once, in a `materialized` CTE: as a subquery in `from`, a plan
 * built on statistics from when the table held one row joins it in a nested loop that runs it
 * again for every row, each run skipping the rows the statement has just updated for the next
 * ones: one claim of `limit` 1 marked every due player fetched, and all but one went unrefreshed.
 */
export async function claimRefreshBatch(
	db: Database,
	now: Date,
	options: { limit: number; staleMs: number; activeMs: number; recentMs?: number; skipKeys?: readonly string[] },
): Promise<Array<{ key: string; name: string; previous: Date }>> {
	const stale = new Date(now.getTime() - options.staleMs)
	const active = new Date(now.getTime() - options.activeMs)
	const recent = new Date(now.getTime() - (options.recentMs ?? options.activeMs))
	const rows = await queryRows<{ key: string; name: string; previous: Date | string }>(
		db,
		sql`
		with old as materialized (
			select id, last_fetch_at from tracked_players
			where last_fetch_at <= ${stale} and last_looked_up_at >= ${active}
				and ${notInArray(trackedPlayers.key, [...(options.skipKeys ?? [])])}
			order by last_looked_up_at >= ${recent} desc, last_fetch_at
			limit ${options.limit}
			for update skip locked
		)
		update tracked_players as p set last_fetch_at = ${now}
		from old
		where p.id = old.id
		returning p.key, p.name, old.last_fetch_at as previous`,
	)
	return rows
		.map((row) => ({ key: row.key, name: row.name, previous: new Date(row.previous) }))
		.toSorted((a, b) => a.previous.getTime() - b.previous.getTime())
}

/** Backfill tries per player before it is given up as unavailable. */
export const BACKFILL_MAX_ATTEMPTS = 3

/**
 * Claims players whose backfill is pending and due; each try pushes the next one `retryMs` later.
 * Picked once, in a `materialized` CTE, like the refresh's claims (see `claimRefreshBatch`).
 */
export async function claimBackfills(
	db: Database,
	now: Date,
	options: { limit: number; retryMs: number },
): Promise<Array<{ id: number; key: string; name: string; attempt: number }>> {
	const result = await db.execute(sql`
		with due as materialized (
			select id from tracked_players
			where backfill_state = 'pending' and backfill_next_at <= ${now}
			order by backfill_next_at
			limit ${options.limit}
			for update skip locked
		)
		update tracked_players as p
		set backfill_next_at = ${new Date(now.getTime() + options.retryMs)}, backfill_attempts = p.backfill_attempts + 1
		from due
		where p.id = due.id
		returning p.id, p.key, p.name, p.backfill_attempts as attempt`)
	return (result as unknown as { rows: Array<{ id: number; key: string; name: string; attempt: number }> }).rows
}

/**
 * Stores the monthly gains (done), or gives up (unavailable) when there are none. A claim that
 * outlived its retry time may be finished twice (here or on another instance): the player's row is
 * locked first and only a still-pending backfill is written, so the second finish does nothing.
 */
export async function finishBackfill(db: Database, playerId: number, months: Backfill['months']): Promise<void> {
	await db.transaction(async (tx) => {
		const [player] = await tx
			.select({ state: trackedPlayers.backfillState })
			.from(trackedPlayers)
			.where(eq(trackedPlayers.id, playerId))
			.for('update')
		if (player?.state !== 'pending') return
		await tx.delete(backfillMonths).where(eq(backfillMonths.playerId, playerId))
		if (months.length > 0) {
			const rows = months.map((month) => ({
				playerId,
				month: `${month.month}-01`,
				xpGained: SKILLS.map((skill) => month.skills.find((s) => s.skill === skill.name)?.xpGained ?? 0),
			}))
			await tx.insert(backfillMonths).values(rows)
			await addBackfillRecords(
				tx,
				playerId,
				rows.map((row) => ({ start: row.month, xpGained: row.xpGained })),
			)
		}
		await tx
			.update(trackedPlayers)
			.set({ backfillState: months.length > 0 ? 'done' : 'unavailable' })
			.where(eq(trackedPlayers.id, playerId))
	})
}

/** A claim given back unfinished (the server is stopping): due at once, the try not counted. */
export async function releaseBackfill(db: Database, playerId: number, attempt: number, now: Date): Promise<void> {
	await db
		.update(trackedPlayers)
		.set({ backfillNextAt: now, backfillAttempts: attempt - 1 })
		.where(and(eq(trackedPlayers.id, playerId), eq(trackedPlayers.backfillAttempts, attempt), eq(trackedPlayers.backfillState, 'pending')))
}

/** A failed try: pending again later, or unavailable after the last attempt. */
export async function failBackfill(db: Database, playerId: number, attempt: number): Promise<void> {
	if (attempt < BACKFILL_MAX_ATTEMPTS) return
	await db
		.update(trackedPlayers)
		.set({ backfillState: 'unavailable' })
		.where(and(eq(trackedPlayers.id, playerId), eq(trackedPlayers.backfillState, 'pending')))
}

/** Tracked players whose key starts with `prefix` (the dashboard's search), by key. */
export async function findPlayers(db: Database, prefix: string, limit = 20) {
	const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	return db
		.select({
			key: trackedPlayers.key,
			name: trackedPlayers.name,
			trackedSince: trackedPlayers.trackedSince,
			lastCheckedAt: trackedPlayers.lastCheckedAt,
		})
		.from(trackedPlayers)
		.where(sql`${trackedPlayers.key} like ${pattern}`)
		.orderBy(asc(trackedPlayers.key))
		.limit(limit)
}

/** Deletes every row about the player; with `block`, keeps them from being tracked again. */
export async function deletePlayer(db: Database, key: string, options: { block: boolean; at: Date }): Promise<{ deleted: boolean }> {
	return db.transaction(async (tx) => {
		const deleted = await tx.delete(trackedPlayers).where(eq(trackedPlayers.key, key)).returning({ id: trackedPlayers.id })
		if (options.block) await tx.insert(optOuts).values({ key, optedOutAt: options.at }).onConflictDoNothing()
		await tx
			.insert(removals)
			.values({ key, removedAt: options.at })
			.onConflictDoUpdate({ target: removals.key, set: { removedAt: sql`greatest(${removals.removedAt}, excluded.removed_at)` } })
		return { deleted: deleted.length > 0 }
	})
}
