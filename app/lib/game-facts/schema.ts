import { z } from 'zod'
import { skillNameSchema } from '#app/lib/skill-name-schema.ts'

/**
 * The game facts of data/game/ (skill caps, gear, unlocks) and data/game-updates.yaml, written
 * once and read by the pages (the `:gear` and `:unlock` directives), the content check and the
 * stale-page rule. Every entry names its sources and the day a person last checked it.
 */
const text = z.string().trim().min(1, 'must not be empty')
const httpsUrl = z.url({ protocol: /^https$/, error: 'each source must be an https:// address' })
const sources = z.array(httpsUrl).min(1, 'name at least one source')
const id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'id must be kebab-case (letters, digits, dashes)')

/** `YYYY-MM-DD` (YAML may hand us a Date), a day that exists. */
export const isoDay = z.union([z.date(), z.string()]).transform((value, ctx) => {
	const day = value instanceof Date ? value.toISOString().slice(0, 10) : value
	const date = new Date(`${day}T00:00:00Z`)
	if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
		ctx.addIssue({ code: 'custom', message: 'expected a real day written YYYY-MM-DD' })
		return z.NEVER
	}
	return day
})

/** A day, or `YYYY-MM` when the sources give only the month (never guess a day). */
const dayOrMonth = z.union([z.date(), z.string()]).transform((value, ctx) => {
	const text = value instanceof Date ? value.toISOString().slice(0, 10) : value
	const day = /^\d{4}-\d{2}$/.test(text) ? `${text}-01` : text
	const date = new Date(`${day}T00:00:00Z`)
	if (!/^\d{4}-\d{2}(-\d{2})?$/.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) {
		ctx.addIssue({ code: 'custom', message: 'expected YYYY-MM-DD, or YYYY-MM when only the month is known' })
		return z.NEVER
	}
	return text
})

const level = z.int().min(1).max(120)
const levelRequirementSchema = z.strictObject({ skill: skillNameSchema, level })
export type LevelRequirement = z.infer<typeof levelRequirementSchema>

/** data/game/skills.json: one entry per skill (all 29), imported by app/lib/skills.ts for `cap`. */
const skillCapSchema = z.strictObject(
	{
		cap: z.literal([99, 110, 120], { error: 'cap is 99, 110 or 120' }),
		/** When the cap was last raised (left out for a skill that has always had it). */
		raised: dayOrMonth.optional(),
		/** What a reader should know, e.g. a raise that is reported but that no source confirms. */
		note: text.optional(),
		sources,
		verified: isoDay,
	},
	{ error: (issue) => (issue.input === undefined ? 'missing (every skill needs its cap)' : undefined) },
)
/** Every skill must be there (a record over an enum requires each key). */
export const skillCapsSchema = z.record(skillNameSchema, skillCapSchema)

/** Every name a page may use for a fact: the name first, then shorter or older ones. */
const names = {
	name: text,
	aliases: z.array(text).default([]),
}

/** data/game/gear.yaml: an armour set or a weapon (family), with the levels it needs. */
export const gearSchema = z.strictObject({
	id,
	...names,
	kind: z.enum(['armour', 'weapon']),
	style: z.enum(['melee', 'ranged', 'magic', 'necromancy', 'hybrid']),
	tier: z.int().min(1).max(120),
	levels: z.array(levelRequirementSchema).min(1, 'a gear entry needs at least one level'),
	sources,
	verified: isoDay,
})
type Gear = z.infer<typeof gearSchema>

/** data/game/unlocks.yaml: something that is not a quest and has requirements (a reward, a port, a skill). */
export const unlockSchema = z.strictObject({
	id,
	...names,
	/** All of these. */
	levels: z.array(levelRequirementSchema).default([]),
	/** Any one of these, at `level` (Player-owned ports: 90 in one of twelve skills). */
	oneOf: z.strictObject({ level, skills: z.array(skillNameSchema).min(2) }).optional(),
	/** Anything else, in our own words (tokens, membership). */
	other: z.array(text).default([]),
	sources,
	verified: isoDay,
})
type Unlock = z.infer<typeof unlockSchema>

const topicLists = {
	skills: z.array(skillNameSchema).default([]),
	gear: z.array(id).default([]),
	unlocks: z.array(id).default([]),
	activities: z.array(id).default([]),
	quests: z.array(text).default([]),
	areas: z.array(text).default([]),
}

/** data/game-updates.yaml: the What Changed page and the stale-page rule. */
const gameUpdateEntrySchema = z.strictObject({
	date: dayOrMonth,
	title: text,
	/** Our own words, markdown (internal links are checked like a page's). */
	summary: text,
	/** What the update changed: pages citing any of these and verified before `date` are stale. */
	touches: z.strictObject(topicLists).prefault({}),
	sources,
})
export type GameUpdateEntry = z.infer<typeof gameUpdateEntrySchema>
export const gameUpdatesSchema = z.array(gameUpdateEntrySchema).min(1)

/**
 * A topic a page or activity is about, as `kind:value` (`skill:hunter`, `gear:subjugation`,
 * `unlock:bonecrusher`, `activity:guthixian-cache`, `quest:Desert Treasure`, `area:Havenhythe`).
 */
export const topicSchema = z
	.string()
	.regex(
		/^(skill|gear|unlock|activity|quest|area):\S.*$/,
		'a topic is written kind:value, kind one of skill, gear, unlock, activity, quest, area',
	)

export type GameFacts = {
	gear: Gear[]
	unlocks: Unlock[]
	updates: GameUpdateEntry[]
}

/** The topics an update touched, as `kind:value` keys (quest names and areas compared lower-case). */
export function updateTopics(update: GameUpdateEntry): string[] {
	const t = update.touches
	return [
		...t.skills.map((s) => `skill:${s}`),
		...t.gear.map((g) => `gear:${g}`),
		...t.unlocks.map((u) => `unlock:${u}`),
		...t.activities.map((a) => `activity:${a}`),
		...t.quests.map((q) => `quest:${q.toLowerCase()}`),
		...t.areas.map((a) => `area:${a.toLowerCase()}`),
	]
}

/** A topic as written in front matter, normalised like `updateTopics`. */
export function normaliseTopic(topic: string): string {
	const [kind, ...rest] = topic.split(':')
	const value = rest.join(':').trim()
	return kind === 'quest' || kind === 'area' ? `${kind}:${value.toLowerCase()}` : `${kind}:${value}`
}
