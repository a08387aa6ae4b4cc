import { z } from 'zod'
import { skillNameSchema } from '#app/lib/skill-name-schema.ts'

/**
 * The JSON shapes of the player-history API (`/api/v1/players/:name/…`), shared by the server
 * that builds them, the player page that reads them and the tests. Times are ISO 8601 (UTC).
 * Errors use the lookup's shape: `{ error: { code, message, retryAfterSeconds? } }`.
 */

const isoTime = z.iso.datetime()

const skillStateSchema = z.object({
	skill: skillNameSchema,
	xp: z.number().int().min(0),
	/** Real level, capped at the skill's cap. */
	level: z.number().int().min(1),
	/** Past the cap (or 99) by XP alone: 120 virtual at 104,273,167 XP, up to 200M XP. */
	virtualLevel: z.number().int().min(1),
	/** Null when unranked or not known (hiscores lists unranked skills). */
	rank: z.number().int().positive().nullable(),
})
export type SkillState = z.infer<typeof skillStateSchema>

export const snapshotSchema = z.object({
	takenAt: isoTime,
	source: z.enum(['runemetrics', 'hiscores']),
	totalLevel: z.number().int().min(0),
	totalXp: z.number().int().min(0),
	rank: z.number().int().positive().nullable(),
	/** Null when the snapshot came from the hiscores (they carry no quests). */
	questPoints: z.number().int().min(0).nullable(),
	questsComplete: z.number().int().min(0).nullable(),
	questsStarted: z.number().int().min(0).nullable(),
	/** The 29 skills in id order. */
	skills: z.array(skillStateSchema),
})
export type Snapshot = z.infer<typeof snapshotSchema>

/** Monthly XP gains from RuneMetrics' xp-monthly, fetched once when a player is first tracked. */
const backfillSchema = z.object({
	state: z.enum(['pending', 'done', 'unavailable']),
	/** One entry per calendar month (UTC, 'YYYY-MM'), oldest first; empty unless done. */
	months: z.array(
		z.object({
			month: z.string().regex(/^\d{4}-\d{2}$/),
			totalXpGained: z.number().int().min(0),
			skills: z.array(z.object({ skill: skillNameSchema, xpGained: z.number().int().min(0) })),
		}),
	),
})
export type Backfill = z.infer<typeof backfillSchema>

/** `GET /api/v1/players/:name` */
export const playerSummarySchema = z.object({
	name: z.string(),
	trackedSince: isoTime,
	/** The last upstream fetch, whether or not anything had changed. */
	lastCheckedAt: isoTime,
	/** When `POST …/update` will next be accepted (now or in the past: it may be pressed). */
	canUpdateAt: isoTime,
	/** 'private' once RuneMetrics stopped showing the profile: snapshots then come from the hiscores. */
	profile: z.enum(['public', 'private']),
	latest: snapshotSchema,
	backfill: backfillSchema,
	/**
	 * The last time the name's XP changed in a way no account could (a skill's XP fell, or more than
	 * the caps of `plausible-gains.ts`): likely a name change to another account. That change counts
	 * on no board and in no record. Null when never seen.
	 */
	possibleNameChangeAt: isoTime.nullable(),
})
export type PlayerSummary = z.infer<typeof playerSummarySchema>

export const gainsPeriodSchema = z.enum(['day', 'week', 'month', 'year'])
export type GainsPeriod = z.infer<typeof gainsPeriodSchema>

/**
 * `GET /api/v1/players/:name/gains?period=day|week|month|year` or `?from=YYYY-MM-DD&to=YYYY-MM-DD`.
 * Gains are the latest snapshot up to the range's end minus the player's state when the range began
 * (the last snapshot at or before its start; rows are only written on change). With nothing to
 * compare every gain is 0, and `start`/`end` say which snapshots were used.
 */
export const gainsSchema = z.object({
	name: z.string(),
	period: z.union([gainsPeriodSchema, z.literal('range')]),
	from: isoTime,
	to: isoTime,
	start: isoTime.nullable(),
	end: isoTime.nullable(),
	total: z.object({ xpGained: z.number().int(), levelsGained: z.number().int() }),
	/** Sorted by XP gained, most first; skills with no gain included (0). */
	skills: z.array(
		z.object({
			skill: skillNameSchema,
			xpGained: z.number().int(),
			levelsGained: z.number().int(),
			startXp: z.number().int().min(0),
			endXp: z.number().int().min(0),
		}),
	),
})
export type Gains = z.infer<typeof gainsSchema>

/** `GET /api/v1/players/:name/snapshots?from=&to=&limit=` (newest first) */
export const snapshotListSchema = z.object({
	name: z.string(),
	snapshots: z.array(snapshotSchema),
})
export type SnapshotList = z.infer<typeof snapshotListSchema>

/** `GET /api/v1/players/:name/quests`: newest first; `completedAt` null = done before tracking. */
export const questTimelineSchema = z.object({
	name: z.string(),
	quests: z.array(z.object({ title: z.string(), completedAt: isoTime.nullable() })),
})
export type QuestTimeline = z.infer<typeof questTimelineSchema>

/** `GET /api/v1/players/:name/activities`: the adventurer's log, newest first, kept past 20. */
export const activityLogSchema = z.object({
	name: z.string(),
	activities: z.array(z.object({ date: isoTime, text: z.string(), details: z.string() })),
})
export type ActivityLog = z.infer<typeof activityLogSchema>

/** `POST /api/v1/players/:name/update`: 202 with the new summary, or 429 with `Retry-After`. */
export const updateResultSchema = z.object({ updated: z.boolean(), summary: playerSummarySchema })

/** An ETA at the player's pace (`#app/tracker/pace.ts`), with its words ("about 12–16 days"). */
const etaSchema = z.discriminatedUnion('kind', [
	z.object({ kind: z.literal('done'), text: z.string() }),
	z.object({ kind: z.literal('no-recent-xp'), skill: skillNameSchema, text: z.string() }),
	z.object({ kind: z.literal('beyond-cap'), skill: skillNameSchema, cap: z.number().int(), text: z.string() }),
	z.object({
		kind: z.literal('range'),
		/** XP still to gain, for a target in one skill (a total level has none). */
		xpNeeded: z.number().min(0).optional(),
		minDays: z.number().int().min(1),
		maxDays: z.number().int().min(1),
		text: z.string(),
	}),
])

const skillMilestoneSchema = z.object({
	skill: skillNameSchema,
	/** 'next-level' (virtual past the cap), '99', 'cap' (the skill's cap above 99), '200m' (XP). */
	kind: z.enum(['next-level', '99', 'cap', '200m']),
	/** The level it reaches; null for 200M XP. */
	level: z.number().int().min(2).nullable(),
	/** A level past the skill's cap, by XP alone. */
	virtual: z.boolean(),
	targetXp: z.number().int().min(0),
	xpNeeded: z.number().int().min(1),
	/** Null without a pace. */
	eta: etaSchema.nullable(),
})
export type SkillMilestone = z.infer<typeof skillMilestoneSchema>

/**
 * `GET /api/v1/players/:name/milestones`: the next milestones at the player's pace. `account`
 * lists what is still ahead of: the total level's next hundred, "max" (every skill 99) and the
 * Quest Point Cape (counted in quests, not timed; null counts when the quest list is unknown).
 * `skills` is nearest first (by ETA, then XP needed). `pace` null: no ETAs yet (`message` says why).
 */
export const milestonesSchema = z.object({
	name: z.string(),
	pace: z.object({ source: z.enum(['snapshots', 'backfill']), from: isoTime, to: isoTime, days: z.number().positive() }).nullable(),
	message: z.string(),
	account: z.array(
		z.discriminatedUnion('kind', [
			z.object({ kind: z.literal('total-level'), current: z.number().int(), target: z.number().int(), eta: etaSchema.nullable() }),
			z.object({ kind: z.literal('max'), skillsLeft: z.number().int().min(1), eta: etaSchema.nullable() }),
			z.object({
				kind: z.literal('quest-cape'),
				questsLeft: z.number().int().min(1).nullable(),
				questsTotal: z.number().int().min(1).nullable(),
			}),
		]),
	),
	skills: z.array(skillMilestoneSchema),
})
export type Milestones = z.infer<typeof milestonesSchema>
const isoDay = z.iso.date()

/**
 * A best period of XP: `from`–`to` are its UTC days (a day; an ISO week, Monday to Sunday; a
 * calendar month). `source: 'backfill'`: a month from RuneMetrics' monthly XP rather than from
 * snapshots (a month before tracking began, or one RuneMetrics saw more of).
 */
const gainRecordSchema = z.object({
	xpGained: z.number().int().positive(),
	from: isoDay,
	to: isoDay,
	source: z.enum(['snapshots', 'backfill']),
})
export type GainRecord = z.infer<typeof gainRecordSchema>

const bestPeriodsSchema = z.object({
	day: gainRecordSchema.nullable(),
	week: gainRecordSchema.nullable(),
	month: gainRecordSchema.nullable(),
})

/**
 * `GET /api/v1/players/:name/records`: the best day, week and month of XP overall and per skill
 * (29 skills in id order; null where nothing was gained yet). XP counts on the UTC day of the
 * snapshot that first showed it; records grow as snapshots arrive, never from a recount.
 */
export const playerRecordsSchema = z.object({
	name: z.string(),
	overall: bestPeriodsSchema,
	skills: z.array(bestPeriodsSchema.extend({ skill: skillNameSchema })),
})
export type PlayerRecords = z.infer<typeof playerRecordsSchema>

const boardSkillSchema = z.union([skillNameSchema, z.literal('overall')])
export type BoardSkill = z.infer<typeof boardSkillSchema>

/**
 * `GET /api/v1/leaderboards/gains?period=week|month&skill=<skill>|overall&page=&date=`: tracked
 * players by XP gained in the ISO week (Monday–Sunday UTC) or calendar month that holds `date`
 * (default today), most first, equal XP in tracking order. Only players who gained XP are ranked.
 */
export const gainsBoardSchema = z.object({
	period: z.enum(['week', 'month']),
	skill: boardSkillSchema,
	from: isoDay,
	to: isoDay,
	page: z.number().int().positive(),
	pageSize: z.number().int().positive(),
	/** Ranked players in all; `pages` = ceil(players / pageSize). */
	players: z.number().int().min(0),
	pages: z.number().int().min(0),
	entries: z.array(z.object({ rank: z.number().int().positive(), name: z.string(), xpGained: z.number().int().positive() })),
	/**
	 * The pages to link, in order: the first, the last, and two either side of this one, each with
	 * the `after` that asks for it (null for the first). Pages are found by where they start (keyset
	 * paging); `players` and `pages` are counted at most once a minute.
	 */
	pageLinks: z.array(z.object({ page: z.number().int().positive(), after: z.string().nullable() })),
})
export type GainsBoard = z.infer<typeof gainsBoardSchema>
