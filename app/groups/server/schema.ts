/**
 * Groups' tables (PostgreSQL; the same on PGlite). drizzle-kit reads this file (drizzle.config.ts)
 * to write the migrations. Members are kept by player key (`normalisePlayerName(…).key`), not by
 * the tracker's row: a clan's roster is stored before its members are first fetched.
 */
import { sql } from 'drizzle-orm'
import {
	bigint,
	boolean,
	check,
	foreignKey,
	index,
	integer,
	pgTable,
	primaryKey,
	smallint,
	text,
	timestamp,
	uniqueIndex,
} from 'drizzle-orm/pg-core'
import { activities } from '#app/tracker/server/schema.ts'
import { LOG_KINDS } from '../log-kinds.ts'
import { CLAN_RANKS } from '../ranks.ts'
import { ROSTER_EVENT_TYPES } from '../activity.ts'

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const rankList = sql.raw(CLAN_RANKS.map((rank) => `'${rank}'`).join(', '))
const eventList = sql.raw(ROSTER_EVENT_TYPES.map((type) => `'${type}'`).join(', '))
const kindList = sql.raw(LOG_KINDS.map((kind) => `'${kind}'`).join(', '))

export const groups = pgTable(
	'groups',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		name: text('name').notNull(),
		/** The clan whose member list is the roster; null for a group made from a list of names. */
		clanName: text('clan_name'),
		/** The verification code's hash (the code itself is shown once, never stored). */
		codeHash: text('code_hash').notNull(),
		/** The citadel's weekly reset: weekday (0 Monday … 6 Sunday) and minutes after 00:00 UTC; both or neither. */
		citadelResetWeekday: smallint('citadel_reset_weekday'),
		citadelResetMinute: smallint('citadel_reset_minute'),
		/** Locked by the author dashboard: no edit, sync or delete with the code. */
		locked: boolean('locked').notNull().default(false),
		createdAt: time('created_at').notNull(),
		/** The last roster reading (creation, then each sync): the events of the next one are dated from it. */
		rosterAt: time('roster_at').notNull(),
		/** When the daily sync last claimed the group (tried, whatever came of it): the next is due a day later. */
		rosterCheckedAt: time('roster_checked_at').notNull().defaultNow(),
	},
	(table) => [
		index('groups_daily_sync')
			.on(table.rosterCheckedAt)
			.where(sql`${table.clanName} is not null and not ${table.locked}`),
		check('groups_citadel_reset', sql`(${table.citadelResetWeekday} is null) = (${table.citadelResetMinute} is null)`),
		check('groups_citadel_reset_weekday', sql`${table.citadelResetWeekday} between 0 and 6`),
		check('groups_citadel_reset_minute', sql`${table.citadelResetMinute} between 0 and 1439`),
	],
)

export const groupMembers = pgTable(
	'group_members',
	{
		groupId: integer('group_id')
			.notNull()
			.references(() => groups.id, { onDelete: 'cascade' }),
		playerKey: text('player_key').notNull(),
		/** As the member list (or the group's creator) spells it. */
		name: text('name').notNull(),
		/** The clan rank; null in a group made from names. */
		rank: text('rank', { enum: CLAN_RANKS }),
		/** Total XP as the member list last gave it (what a rename is matched on); null in a group made from names. */
		totalXp: bigint('total_xp', { mode: 'number' }),
		/** When the member was first in the group's roster. */
		since: time('since').notNull(),
		/** When the member's profile is next due for a fetch (`member-refresh.server.ts`); every row of the player moves together. */
		nextCheckAt: time('next_check_at').notNull().defaultNow(),
	},
	(table) => [
		primaryKey({ columns: [table.groupId, table.playerKey] }),
		index('group_members_due').on(table.nextCheckAt),
		// A player's groups, and an opt-out removing them from all.
		index('group_members_player').on(table.playerKey),
		check('group_members_rank', sql`${table.rank} in (${rankList})`),
	],
)

/** A roster change: joined, left, rank changed, renamed (then `previous*` is the old name). */
export const groupRosterEvents = pgTable(
	'group_roster_events',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		groupId: integer('group_id')
			.notNull()
			.references(() => groups.id, { onDelete: 'cascade' }),
		at: time('at').notNull(),
		type: text('type', { enum: ROSTER_EVENT_TYPES }).notNull(),
		playerKey: text('player_key').notNull(),
		playerName: text('player_name').notNull(),
		previousKey: text('previous_key'),
		previousName: text('previous_name'),
		fromRank: text('from_rank', { enum: CLAN_RANKS }),
		toRank: text('to_rank', { enum: CLAN_RANKS }),
	},
	(table) => [
		index('group_roster_events_feed').on(table.groupId, table.at.desc()),
		index('group_roster_events_player').on(table.playerKey),
		check('group_roster_events_type', sql`${table.type} in (${eventList})`),
		check('group_roster_events_ranks', sql`${table.fromRank} in (${rankList}) and ${table.toRank} in (${rankList})`),
	],
)

/**
 * What each entry of the tracker's adventurer's log is (`classifyLogEntry`), one row per entry:
 * `skill` (id) for levels and XP milestones; `subject` the quest, boss, item or clue tier;
 * `amount` the level, XP, kill count or fealty rank. Goes with its log entry.
 */
export const logEntryKinds = pgTable(
	'log_entry_kinds',
	{
		playerId: integer('player_id').notNull(),
		occurredAt: time('occurred_at').notNull(),
		text: text('text').notNull(),
		kind: text('kind', { enum: LOG_KINDS }).notNull(),
		skill: smallint('skill'),
		subject: text('subject'),
		amount: bigint('amount', { mode: 'number' }),
	},
	(table) => [
		primaryKey({ columns: [table.playerId, table.occurredAt, table.text] }),
		foreignKey({
			name: 'log_entry_kinds_activity_fk',
			columns: [table.playerId, table.occurredAt, table.text],
			foreignColumns: [activities.playerId, activities.occurredAt, activities.text],
		}).onDelete('cascade'),
		// The log by kind (a player's caps, drops, boss kills), newest first.
		index('log_entry_kinds_by_kind').on(table.playerId, table.kind, table.occurredAt.desc()),
		check('log_entry_kinds_kind', sql`${table.kind} in (${kindList})`),
	],
)

const NAME_CHANGE_STATUSES = ['pending', 'applied'] as const
const statusList = sql.raw(NAME_CHANGE_STATUSES.map((status) => `'${status}'`).join(', '))

/**
 * "Old name → new name": applied (the histories were merged under the new name, and the old name
 * redirects to it) or pending (waiting for the dashboard's review, with the reason). A refused
 * submission is answered, never stored; a rejected one is deleted. `source`: a visitor (the page
 * or the API) or a roster sync that lost one member and gained one whose XP fits.
 */
export const nameChanges = pgTable(
	'name_changes',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		oldKey: text('old_key').notNull(),
		oldName: text('old_name').notNull(),
		newKey: text('new_key').notNull(),
		newName: text('new_name').notNull(),
		status: text('status', { enum: NAME_CHANGE_STATUSES }).notNull(),
		source: text('source', { enum: ['visitor', 'roster'] }).notNull(),
		/** Why it waits for review (null once applied without one). */
		reason: text('reason'),
		submittedAt: time('submitted_at').notNull(),
		/** When it was applied; null while pending. */
		appliedAt: time('applied_at'),
	},
	(table) => [
		// The old name's redirect, newest change first.
		index('name_changes_old_key').on(table.oldKey, table.appliedAt.desc()),
		// One change of a name waits for review at a time.
		uniqueIndex('name_changes_one_pending')
			.on(table.oldKey)
			.where(sql`${table.status} = 'pending'`),
		index('name_changes_recent').on(table.submittedAt.desc()),
		check('name_changes_status', sql`${table.status} in (${statusList})`),
		check('name_changes_source', sql`${table.source} in ('visitor', 'roster')`),
		check('name_changes_applied', sql`(${table.status} = 'applied') = (${table.appliedAt} is not null)`),
	],
)
