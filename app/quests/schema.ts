import { z } from 'zod'
import { getSkill, type SkillName } from '#app/lib/skills.ts'
import { skillNameSchema } from '#app/lib/skill-name-schema.ts'

/** 0 Novice, 1 Intermediate, 2 Experienced, 3 Master, 4 Grandmaster, 250 Special (as RuneMetrics). */
const QUEST_DIFFICULTIES = [0, 1, 2, 3, 4, 250] as const
export type QuestDifficulty = (typeof QUEST_DIFFICULTIES)[number]

/** Fields that may be listed in `unverified` because their values are estimates. */
const UNVERIFIABLE_FIELDS = ['difficulty', 'members', 'questPoints', 'requirements', 'series', 'released'] as const

function hasStrayWhitespace(value: string): boolean {
	return /^\s|\s$|\s\s|[\t\n\r\u00a0]/.test(value)
}

/** "33 Quest Points", "176 quest points …": thresholds belong in `requirements.questPoints`. */
export function looksLikeQuestPointText(value: string): boolean {
	return /\d[\d,]*\s*quest\s*points?\b/i.test(value)
}

const text = z
	.string()
	.min(1, 'must not be empty')
	.refine((s) => !hasStrayWhitespace(s), {
		message: 'has stray whitespace (leading, trailing, doubled, tab or line break)',
	})

const otherText = text.refine((s) => !looksLikeQuestPointText(s), {
	message: 'quest-point threshold written as free text: use requirements.questPoints instead',
})

export const skillRequirementSchema = z
	.strictObject({
		skill: skillNameSchema,
		level: z.int('level must be a whole number').min(1, 'level must be at least 1'),
	})
	.superRefine((req, ctx) => {
		const cap = getSkill(req.skill)?.cap
		if (cap !== undefined && req.level > cap) {
			ctx.addIssue({
				code: 'custom',
				path: ['level'],
				message: `level ${req.level} is over the ${req.skill} cap of ${cap}`,
			})
		}
	})

const skillListSchema = z.array(skillRequirementSchema).default([])

/**
 * Part of another quest: the point to reach (`until`, in our own short words) and what reaching
 * it takes. `needs` joins the chain of the quest that has this requirement; the quest itself
 * does not (only the part of it).
 */
const partialRequirementSchema = z.strictObject({
	quest: text,
	until: text,
	needs: z
		.strictObject({
			quest: z.array(text).default([]),
			skill: skillListSchema,
			questPoints: z.int().min(1, 'a quest-point threshold must be at least 1').optional(),
		})
		.default({ quest: [], skill: [] }),
})

/** A quest taken past its normal completion (a saga read to 100 %): it and its chain join. */
const fullyRequirementSchema = z.strictObject({
	quest: text,
	until: text,
})

/** Alternatives: any one of these levels will do ("85 in Crafting, Runecrafting or Smithing"). */
const anyOfRequirementSchema = z.strictObject({
	skill: z.array(skillRequirementSchema).min(2, 'an anyOf group needs at least two alternatives'),
})

export const questRequirementsSchema = z.strictObject({
	/** Canonical names of the quests that must be completed first (direct, not transitive). */
	quest: z.array(text).default([]),
	skill: skillListSchema,
	/** Quest points needed to start, parsed out of the old "33 Quest Points" free text. */
	questPoints: z.int().min(1, 'a quest-point threshold must be at least 1').optional(),
	/** Parts of other quests ("partial completion of Desert Treasure"). */
	partial: z.array(partialRequirementSchema).default([]),
	/** Quests needed past their normal completion ("Vengeance (saga) with 100 %"). */
	fully: z.array(fullyRequirementSchema).default([]),
	/** Groups of alternative levels; each group is met by any one of its levels. */
	anyOf: z.array(anyOfRequirementSchema).default([]),
	/** Levels only ironman accounts need (they cannot buy what others buy). */
	ironman: z.strictObject({ skill: skillListSchema }).optional(),
	other: z.array(otherText).default([]),
})

export const questSchema = z.strictObject({
	/** The RuneMetrics title: players' quest lists are matched on it. */
	name: text,
	/** Other titles: wiki spellings, older titles, community abbreviations. */
	aliases: z.array(text).optional(),
	/** The wiki page title, when it differs from `name`. */
	wikiTitle: text.optional(),
	difficulty: z.literal(QUEST_DIFFICULTIES, {
		error: (issue) => `difficulty ${JSON.stringify(issue.input)} is not one of ${QUEST_DIFFICULTIES.join(', ')}`,
	}),
	members: z.boolean(),
	questPoints: z.int('questPoints must be a whole number').min(0, 'questPoints must be 0 or more'),
	series: text.optional(),
	released: z.iso.date('released must be a YYYY-MM-DD date').optional(),
	requirements: questRequirementsSchema,
	/** Names of fields whose values are estimates, not checked facts. */
	unverified: z.array(z.enum(UNVERIFIABLE_FIELDS)).optional(),
	/** When and against what the requirements were last checked. */
	verified: z
		.strictObject({
			on: z.iso.date('verified.on must be a YYYY-MM-DD date'),
			source: text,
		})
		.optional(),
	/** One line per disagreement with the source that we keep, with the reason. */
	notes: z.array(text).optional(),
})

export type SkillRequirement = { skill: SkillName; level: number }
export type PartialRequirement = z.output<typeof partialRequirementSchema>
export type FullyRequirement = z.output<typeof fullyRequirementSchema>
export type AnyOfRequirement = z.output<typeof anyOfRequirementSchema>
export type Quest = z.output<typeof questSchema>
export type QuestInput = z.input<typeof questSchema>
