/**
 * The tracker's tables (PostgreSQL; the same on PGlite). drizzle-kit reads this file to write the
 * migrations in app/server/db/migrations/ (`npx drizzle-kit generate`). Nothing here is about the
 * visitor: only public RuneMetrics and hiscores data about players.
 */
import { sql } from 'drizzle-orm'
import { bigint, boolean, customType, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
	dataType: () => 'bytea',
	fromDriver: (value) => new Uint8Array(value),
})
const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const trackedPlayers = pgTable(
	'tracked_players',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		/** `parsePlayerName(…).data.key`: the lookup cache's key, one per player. */
		key: text('key').notNull().unique(),
		/** Display name as RuneMetrics last spelled it; as first typed while only the hiscores answered (they give no name). */
		name: text('name').notNull(),
		trackedSince: time('tracked_since').notNull(),
		/** The last upstream answer recorded, changed or not. */
		lastCheckedAt: time('last_checked_at').notNull(),
		/** The last upstream fetch started, whatever caused it: the Update cooldown and the refresh order count from it. */
		lastFetchAt: time('last_fetch_at').notNull(),
		/** The last time anyone looked the player up (lookup, page, API, Update): the refresh keeps players seen in the last 90 days (the others are dormant). */
		lastLookedUpAt: time('last_looked_up_at').notNull(),
		profile: text('profile', { enum: ['public', 'private'] }).notNull(),
		/**
		 * The skills' ranks at the last fetch, changed or not (`packRanks`): the latest snapshot shows
		 * these, since snapshots keep ranks only once a week. Null before the first fetch that had them.
		 */
		ranks: bytea('ranks'),
		/** When quests were first seen: quests complete then are "before tracking". Null until RuneMetrics showed quests. */
		questsKnownSince: time('quests_known_since'),
		backfillState: text('backfill_state', { enum: ['pending', 'done', 'unavailable'] })
			.notNull()
			.default('pending'),
		backfillAttempts: smallint('backfill_attempts').notNull().default(0),
		/** A backfill is claimed by moving this forward; pending players whose time has come are (re)tried. */
		backfillNextAt: time('backfill_next_at').notNull().defaultNow(),
		/**
		 * The last snapshot whose change no account could make (XP fell, or more than the caps of
		 * `plausible-gains.ts`): the name likely moved to another account. That change counted
		 * nowhere; the player page says so. Null when none was ever seen.
		 */
		possibleNameChangeAt: time('possible_name_change_at'),
		/**
		 * Moved on by every write that changes the player's snapshots or log (a fetch that recorded
		 * something, a name-change merge), in the same transaction: what was computed from the history
		 * at one version still holds while the version does (the competitions' kept standings).
		 */
		historyVersion: integer('history_version').notNull().default(0),
	},
	(table) => [
		index('tracked_players_refresh').on(table.lastFetchAt),
		index('tracked_players_backfill')
			.on(table.backfillNextAt)
			.where(sql`${table.backfillState} = 'pending'`),
	],
)

/**
 * One row per change: a fetch that finds the same XP and quests as the last row only moves
 * `last_checked_at`. Columns are ordered so the row has no alignment padding; the 29 skills' XP
 * and ranks are one packed varint blob (`snapshot-codec.ts`), ~4× smaller than 58 int columns.
 * Skill ranks are kept on the first snapshot of each ISO week only (the others store 0, a byte
 * each): rank history at a week's grain, about a third less space (decision 0014).
 */
export const snapshots = pgTable(
	'tracker_snapshots',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		/** 0 RuneMetrics, 1 hiscores. */
		source: smallint('source').notNull(),
		questPoints: smallint('quest_points'),
		takenAt: time('taken_at').notNull(),
		rank: integer('rank'),
		questsComplete: smallint('quests_complete'),
		questsStarted: smallint('quests_started'),
		skills: bytea('skills').notNull(),
	},
	(table) => [primaryKey({ columns: [table.playerId, table.takenAt] })],
)

/** The first time each quest was seen complete; null = already complete when tracking began. */
export const questCompletions = pgTable(
	'tracker_quest_completions',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		title: text('title').notNull(),
		completedAt: time('completed_at'),
	},
	(table) => [primaryKey({ columns: [table.playerId, table.title] })],
)

/** The adventurer's log, kept past the 20 entries the profile returns; one row per (time, text). */
export const activities = pgTable(
	'tracker_activities',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		occurredAt: time('occurred_at').notNull(),
		text: text('text').notNull(),
		details: text('details').notNull(),
	},
	(table) => [primaryKey({ columns: [table.playerId, table.occurredAt, table.text] })],
)

/**
 * The spans of time over which the adventurer's log was seen without a gap (`log-coverage.ts`),
 * merged as fetches arrive: one row per player while every fetch overlapped the one before, one
 * more after each gap (entries pushed out of the 20 between two fetches). Private fetches add none.
 */
export const logCoverageSpans = pgTable(
	'tracker_log_coverage',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		fromAt: time('from_at').notNull(),
		toAt: time('to_at').notNull(),
	},
	(table) => [primaryKey({ columns: [table.playerId, table.fromAt] })],
)

/** RuneMetrics xp-monthly, fetched once per player: XP gained per skill (id order) in each month. */
export const backfillMonths = pgTable(
	'tracker_backfill_months',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		/** The first day of the month (UTC). */
		month: date('month', { mode: 'string' }).notNull(),
		xpGained: integer('xp_gained').array().notNull(),
	},
	(table) => [primaryKey({ columns: [table.playerId, table.month] })],
)

/** Players who asked to be forgotten: never tracked again (by key, nothing else kept). */
export const optOuts = pgTable('tracker_opt_outs', {
	key: text('key').primaryKey(),
	optedOutAt: time('opted_out_at').notNull(),
})

/**
 * Players deleted from the dashboard (blocked or not), by key, with the time of the last delete:
 * a restore from an older backup deletes them again (`forgotten-players.server.ts`).
 */
export const removals = pgTable('tracker_removals', {
	key: text('key').primaryKey(),
	removedAt: time('removed_at').notNull(),
})

/** `skill` of the rows that hold the sum over all skills (skills are 0–28 by id). */
export const OVERALL_SKILL = -1

/**
 * XP gained per UTC day: one row per player and day with any gain, the 29 skills' XP in id order.
 * Written by `recordFetch` from the difference between a new snapshot and the one before it; the
 * gain counts on the day of the snapshot that saw it. The week and month totals and the records
 * below are kept from the same differences in the same transaction.
 */
export const dailyGains = pgTable(
	'tracker_daily_gains',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		day: date('day', { mode: 'string' }).notNull(),
		xpGained: integer('xp_gained').array().notNull(),
	},
	(table) => [primaryKey({ columns: [table.playerId, table.day] })],
)

/**
 * XP gained per ISO week (Monday–Sunday UTC) and calendar month (UTC), one row per skill with a
 * gain plus one for all skills (`OVERALL_SKILL`): what the top-gainers boards read, by index, in
 * order. Only the current and previous periods are kept (older rows go with the player's next gain).
 */
export const periodGains = pgTable(
	'tracker_period_gains',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		period: text('period', { enum: ['week', 'month'] }).notNull(),
		/** The period's first day: a Monday, or the 1st of the month. */
		start: date('start', { mode: 'string' }).notNull(),
		skill: smallint('skill').notNull(),
		xp: bigint('xp', { mode: 'number' }).notNull(),
	},
	(table) => [
		primaryKey({ columns: [table.playerId, table.period, table.start, table.skill] }),
		index('tracker_period_gains_board').on(table.period, table.start, table.skill, table.xp.desc(), table.playerId),
	],
)

/** Each player's best day, week and month of XP per skill and overall: raised as gains arrive. */
export const gainRecords = pgTable(
	'tracker_gain_records',
	{
		playerId: integer('player_id')
			.notNull()
			.references(() => trackedPlayers.id, { onDelete: 'cascade' }),
		period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
		skill: smallint('skill').notNull(),
		xp: bigint('xp', { mode: 'number' }).notNull(),
		/** The record's day, the Monday of its week, or the 1st of its month. */
		start: date('start', { mode: 'string' }).notNull(),
		/** A month from RuneMetrics' monthly XP (before tracking, or more than the snapshots saw). */
		fromBackfill: boolean('from_backfill').notNull().default(false),
	},
	(table) => [primaryKey({ columns: [table.playerId, table.period, table.skill] })],
)
