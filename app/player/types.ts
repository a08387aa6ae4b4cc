import { z } from 'zod'
import { SKILLS } from '#app/lib/skills.ts'

/**
 * Shapes of `GET /api/v1/player-data?username=<name>&quests=true`.
 *
 * Success (HTTP 200): `PlayerData`.
 * Failure (any other status): `playerDataErrorBodySchema`, always `{ error: { code, message } }`; on an
 * upstream failure (502/504) it also carries `data`, the last good answer (marked `stale: true`)
 * when the server still holds one. Tell the two apart by the HTTP status, not by `error`: in a
 * 200 answer `error` is a RuneMetrics profile state (a string), in a failure it is an object.
 */

const questStatusSchema = z.enum(['COMPLETED', 'STARTED', 'NOT_STARTED'])

/**
 * Why RuneMetrics did not give a full profile. The answer is still a 200 and carries what we
 * could learn from the hiscores (possibly no skills at all) and no quests:
 * - NO_PROFILE: RuneMetrics knows no profile for the name, but the hiscores do.
 * - PROFILE_PRIVATE: the player hides their RuneMetrics profile.
 * - NOT_A_MEMBER: RuneMetrics refuses to show the profile (reportedly banned accounts).
 * - PROFILE_UNAVAILABLE: RuneMetrics gave an error code we do not know.
 */
const profileStateSchema = z.enum(['NO_PROFILE', 'PROFILE_PRIVATE', 'NOT_A_MEMBER', 'PROFILE_UNAVAILABLE'])
export type ProfileState = z.infer<typeof profileStateSchema>

export const playerQuestSchema = z.object({ title: z.string(), status: questStatusSchema })
export type PlayerQuest = z.infer<typeof playerQuestSchema>

/** One skill. `xp` is whole experience points (RuneMetrics' tenths are divided by 10). */
const playerSkillSchema = z.object({
	id: z
		.number()
		.int()
		.min(0)
		.max(SKILLS.length - 1),
	level: z.number().int().min(1),
	xp: z.number().int().min(0),
})
export type PlayerSkill = z.infer<typeof playerSkillSchema>

const playerDataSourceSchema = z.enum(['runemetrics', 'hiscores'])

export const playerDataSchema = z.object({
	/** Display name: RuneMetrics' spelling when it has a profile, else the name as asked. */
	name: z.string(),
	/** Empty unless `quests=true` was asked and RuneMetrics showed the profile. */
	quests: z.array(playerQuestSchema),
	/** Sorted by skill id. Hiscores list unranked skills as level 1 with 0 xp. */
	skillvalues: z.array(playerSkillSchema),
	error: profileStateSchema.optional(),
	/** Where the skills came from. */
	source: playerDataSourceSchema,
	/** When the oldest part of this answer was fetched from upstream (ISO 8601). */
	fetchedAt: z.iso.datetime(),
	/** Set on the last good answer sent along with an upstream failure. */
	stale: z.literal(true).optional(),
})
export type PlayerData = z.infer<typeof playerDataSchema>

const playerDataErrorCodeSchema = z.enum([
	/** 400: the name is not valid; the message says why. */
	'INVALID_USERNAME',
	/** 400: an unknown query parameter, or `quests` other than true or false; the message names it. */
	'INVALID_PARAMETER',
	/** 404: neither RuneMetrics nor the hiscores know the name. */
	'USER_NOT_FOUND',
	/** 405: only GET (and HEAD) are allowed. */
	'METHOD_NOT_ALLOWED',
	/** 429: too many lookups from this client; see `retryAfterSeconds` and `Retry-After`. */
	'RATE_LIMITED',
	/** 502: upstream down, refused, or sent something we cannot read. */
	'UPSTREAM_ERROR',
	/** 504: upstream did not answer within the timeout. */
	'UPSTREAM_TIMEOUT',
	/** 503: our share of the upstream's capacity is used up for now; see `retryAfterSeconds` and `Retry-After`. */
	'UPSTREAM_BUSY',
	/** 502: the lookup failed for a reason of our own (logged on the server). */
	'LOOKUP_FAILED',
])
export type PlayerDataErrorCode = z.infer<typeof playerDataErrorCodeSchema>

export const playerDataErrorBodySchema = z.object({
	error: z.object({
		code: playerDataErrorCodeSchema,
		message: z.string(),
		/** With INVALID_PARAMETER: the query parameter at fault. */
		parameter: z.string().optional(),
		retryAfterSeconds: z.number().int().positive().optional(),
	}),
	data: playerDataSchema.optional(),
})
