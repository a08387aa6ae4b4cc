/**
 * Competitions' tables and the Discord outbox (PostgreSQL; the same on PGlite). drizzle-kit reads
 * this file (drizzle.config.ts) to write the migrations. Participants are kept by player key
 * (`normalisePlayerName(…).key`), like group members: a competition is stored before its
 * participants are first fetched.
 */
import { sql } from 'drizzle-orm'
import {
	boolean,
	check,
	doublePrecision,
	foreignKey,
	index,
	integer,
	json,
	jsonb,
	pgTable,
	primaryKey,
	smallint,
	text,
	timestamp,
	unique,
} from 'drizzle-orm/pg-core'
import { groups } from '#app/groups/server/schema.ts'
import { MAX_DAYS } from '../competition-input.ts'
import { DISCORD_EVENT_KINDS } from '../discord.ts'

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const kindList = sql.raw(DISCORD_EVENT_KINDS.map((kind) => `'${kind}'`).join(', '))

export const competitions = pgTable(
	'competitions',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		title: text('title').notNull(),
		startsAt: time('starts_at').notNull(),
		endsAt: time('ends_at').notNull(),
		/** A group's competition; it stays (with its participants) if the group is deleted. */
		groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
		/** The verification code's hash (the code itself is shown once, never stored). */
		codeHash: text('code_hash').notNull(),
		createdAt: time('created_at').notNull(),
		/** When the standings froze (final round done, or an hour after the end). */
		frozenAt: time('frozen_at'),
	},
	(table) => [
		check('competitions_dates', sql`${table.endsAt} > ${table.startsAt}`),
		check('competitions_length', sql`${table.endsAt} - ${table.startsAt} <= ${sql.raw(`interval '${MAX_DAYS} days'`)}`),
		// Ongoing, upcoming, finished: all three are ranges on the dates.
		index('competitions_starts').on(table.startsAt),
		index('competitions_ends').on(table.endsAt),
		index('competitions_group').on(table.groupId),
	],
)

/** A metric as `metricName` spells it, in the order given, with its weight. */
export const competitionMetrics = pgTable(
	'competition_metrics',
	{
		competitionId: integer('competition_id')
			.notNull()
			.references(() => competitions.id, { onDelete: 'cascade' }),
		position: smallint('position').notNull(),
		metric: text('metric').notNull(),
		weight: doublePrecision('weight').notNull(),
	},
	(table) => [
		primaryKey({ columns: [table.competitionId, table.position] }),
		unique('competition_metrics_once').on(table.competitionId, table.metric),
		check('competition_metrics_weight', sql`${table.weight} > 0`),
	],
)

export const competitionTeams = pgTable(
	'competition_teams',
	{
		competitionId: integer('competition_id')
			.notNull()
			.references(() => competitions.id, { onDelete: 'cascade' }),
		/** 0, 1, … in the order given. */
		position: smallint('position').notNull(),
		name: text('name').notNull(),
	},
	(table) => [
		primaryKey({ columns: [table.competitionId, table.position] }),
		unique('competition_teams_name').on(table.competitionId, table.name),
	],
)

export const competitionParticipants = pgTable(
	'competition_participants',
	{
		competitionId: integer('competition_id')
			.notNull()
			.references(() => competitions.id, { onDelete: 'cascade' }),
		playerKey: text('player_key').notNull(),
		name: text('name').notNull(),
		/** The team's position; null without teams. */
		team: smallint('team'),
		/**
		 * A check of the player at or after the start (the tracker's `last_checked_at` first seen
		 * there): what the player had then is their latest snapshot at that time, so an unchanged
		 * start check still dates their start value (standings.server.ts).
		 */
		startCheckedAt: time('start_checked_at'),
		/** An update round's lease on this participant (one instance fetches them; a failed fetch waits until then). */
		claimedUntil: time('claimed_until'),
	},
	(table) => [
		primaryKey({ columns: [table.competitionId, table.playerKey] }),
		// A team of this competition, never another's.
		foreignKey({
			name: 'competition_participants_team_fk',
			columns: [table.competitionId, table.team],
			foreignColumns: [competitionTeams.competitionId, competitionTeams.position],
		}),
		// A player's competitions, and an opt-out removing them from all.
		index('competition_participants_player').on(table.playerKey),
	],
)

/**
 * Each participant's standing as last computed (kept-standings.server.ts), before ranking: the
 * `fingerprint` names the inputs it came from (the competition's window and metrics, the player's
 * row and history version, profile, whether the start value was an unchanged check). The start
 * check's inputs are kept so a later check can be weighed without reading the history again.
 */
export const competitionStandings = pgTable(
	'competition_standings',
	{
		competitionId: integer('competition_id').notNull(),
		playerKey: text('player_key').notNull(),
		fingerprint: text('fingerprint').notNull(),
		/** Whether the player had a snapshot before the start, and the first one within (if any). */
		hasSnapshotBefore: boolean('has_snapshot_before').notNull(),
		firstSnapshotWithin: time('first_snapshot_within'),
		/**
		 * `KeptStanding`: score, parts, reachedAt, start and end snapshot times, flagged gains. JSON,
		 * not jsonb: read back as written, keys in the order the API shows them.
		 */
		standing: json('standing').notNull(),
		/** `scoreProgress`: the score over time, read for the chart's top 5 only. */
		progress: json('progress').notNull(),
	},
	(table) => [
		primaryKey({ columns: [table.competitionId, table.playerKey] }),
		// Gone with the participant (and so with the competition); follows a key that changes.
		foreignKey({
			name: 'competition_standings_participant_fk',
			columns: [table.competitionId, table.playerKey],
			foreignColumns: [competitionParticipants.competitionId, competitionParticipants.playerKey],
		})
			.onDelete('cascade')
			.onUpdate('cascade'),
	],
)

/**
 * A Discord webhook of a group or of a competition (one each at most): Discord's id and token
 * (the token is a secret: it never leaves the server), the event kinds chosen, and its state.
 */
export const discordWebhooks = pgTable(
	'discord_webhooks',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
		competitionId: integer('competition_id').references(() => competitions.id, {
			onDelete: 'cascade',
		}),
		discordId: text('discord_id').notNull(),
		token: text('token').notNull(),
		events: text('events', { enum: DISCORD_EVENT_KINDS }).array().notNull(),
		/** A group's list of item and boss names: log drops and kills matching one are announced (`log-match`). */
		logMatches: text('log_matches')
			.array()
			.notNull()
			.default(sql`'{}'::text[]`),
		createdAt: time('created_at').notNull(),
		/** Switched off (Discord answered 404 or 401): when and why, for the group page. */
		disabledAt: time('disabled_at'),
		disabledReason: text('disabled_reason'),
		/** Discord asked us to wait (429) or failed (5xx): nothing is posted to it before then. */
		blockedUntil: time('blocked_until'),
	},
	(table) => [
		check('discord_webhooks_owner', sql`(${table.groupId} is null) <> (${table.competitionId} is null)`),
		check('discord_webhooks_events', sql`${table.events} <@ array[${kindList}]::text[]`),
		unique('discord_webhooks_group').on(table.groupId),
		unique('discord_webhooks_competition').on(table.competitionId),
	],
)

/**
 * Events waiting for Discord, kept until sent so a restart loses none. `event_key` names the event
 * once (`competition:7:finished`, `group:3:joined:zezima:2026-11-20T10:00Z`): an instance adding
 * an event another already added adds nothing, so nothing is sent twice. `claimed_until` is the
 * lease of the instance posting it.
 */
export const discordOutbox = pgTable(
	'discord_outbox',
	{
		id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
		webhookId: integer('webhook_id')
			.notNull()
			.references(() => discordWebhooks.id, { onDelete: 'cascade' }),
		eventKey: text('event_key').notNull(),
		kind: text('kind', { enum: DISCORD_EVENT_KINDS }).notNull(),
		/** The `DiscordEvent`, as `formatDiscordMessage` takes it. */
		event: jsonb('event').notNull(),
		createdAt: time('created_at').notNull(),
		attempts: smallint('attempts').notNull().default(0),
		nextAttemptAt: time('next_attempt_at').notNull(),
		claimedUntil: time('claimed_until'),
		sentAt: time('sent_at'),
		/** Given up (a 4xx other than 401/404/429, or 8 failed attempts): why. */
		failedReason: text('failed_reason'),
	},
	(table) => [
		unique('discord_outbox_once').on(table.webhookId, table.eventKey),
		check('discord_outbox_kind', sql`${table.kind} in (${kindList})`),
		// What is left to send, oldest first.
		index('discord_outbox_pending')
			.on(table.nextAttemptAt)
			.where(sql`${table.sentAt} is null and ${table.failedReason} is null`),
		// When each kind was last sent to each webhook (one message a minute).
		index('discord_outbox_sent').on(table.webhookId, table.kind, table.sentAt),
	],
)
