/**
 * Shapes of the generated quest data (app/generated/quests/) and the pure code that builds and
 * reads them. The writer lives in scripts/build/quest-artifacts.ts.
 */
import { normaliseQuestName, questSlug, wikiQuickGuideUrl } from '#app/quests/names.ts'
import { compareNames, completedPrerequisites, createRequirementResolver, type RequirementSummary } from '#app/quests/requirements.ts'
import type { Quest, QuestDifficulty, SkillRequirement } from '#app/quests/schema.ts'
import type { SkillName } from '#app/lib/skills.ts'

/** Skill → level, keys in skill-name order: the compact form used in the catalogue. */
export type SkillLevels = Partial<Record<SkillName, number>>

export function toSkillLevels(skills: readonly SkillRequirement[]): SkillLevels {
	const sorted = [...skills].sort((a, b) => compareNames(a.skill, b.skill))
	return Object.fromEntries(sorted.map((s) => [s.skill, s.level])) as SkillLevels
}

/**
 * One entry of `quests/catalogue.json`, for the quest list and its "can start now" filter.
 * Skills are `{ skill: level }` maps here (not `[{ skill, level }]`) to keep the file small.
 */
export interface QuestCatalogueEntry {
	name: string
	slug: string
	aliases?: string[]
	difficulty: QuestDifficulty
	members: boolean
	/** Quest points the quest awards. */
	questPoints: number
	series?: string
	unverified?: string[]
	/** Direct prerequisites to complete (canonical names; `fully` ones included). */
	quests: string[]
	/** Quests needed in part only (canonical names); see the quest page for how far. */
	partial?: string[]
	/** This quest's own skill requirements. */
	skills: SkillLevels
	/** This quest's groups of alternative levels: each is met by any one of its levels. */
	anyOf?: SkillLevels[]
	/** This quest's own ironman-only levels (above `skills`). */
	ironmanSkills?: SkillLevels
	/** The date the quest's requirements were last checked against a source; absent: unverified. */
	verified?: string
	/** Highest level per skill across the whole chain. */
	totalSkills: SkillLevels
	/** Highest quest-point threshold across the whole chain; 0 when none. */
	requiredQuestPoints: number
	/** How many whole quests the chain holds before this one. */
	prerequisiteCount: number
	/** How many quests the chain needs only part of; absent when none. */
	partialStepCount?: number
}

export interface QuestLink {
	name: string
	slug: string
}

/** `quests/<slug>.json`: everything a quest page shows. */
export interface QuestPageData {
	quest: Quest & { slug: string }
	summary: RequirementSummary
	unlocks: QuestLink[]
	wikiQuickGuideUrl: string
}

/** `quests/names.json`: normalised name or alias → canonical name and slug. */
export type QuestNameMap = Record<string, QuestLink>

/**
 * `quests/points.json`: canonical name → quest points awarded, for quests that award any. Lets a
 * page add up a player's quest points (the player data lists titles, not points) without
 * loading the catalogue.
 */
export type QuestPointsMap = Record<string, number>

export interface QuestArtifacts {
	catalogue: QuestCatalogueEntry[]
	pages: QuestPageData[]
	names: QuestNameMap
	points: QuestPointsMap
}

export function buildQuestArtifacts(quests: readonly Quest[]): QuestArtifacts {
	const sorted = [...quests].sort((a, b) => compareNames(a.name, b.name))
	const resolver = createRequirementResolver(sorted)
	const catalogue: QuestCatalogueEntry[] = []
	const pages: QuestPageData[] = []
	const nameEntries: [string, QuestLink][] = []
	const points: QuestPointsMap = {}

	for (const quest of sorted) {
		const slug = questSlug(quest.name)
		const summary = resolver.summary(quest.name)
		const before = summary.quests.slice(0, -1)
		const partialSteps = before.filter((step) => step.partial).length
		const req = quest.requirements
		catalogue.push({
			name: quest.name,
			slug,
			...(quest.aliases?.length ? { aliases: quest.aliases } : {}),
			difficulty: quest.difficulty,
			members: quest.members,
			questPoints: quest.questPoints,
			...(quest.series ? { series: quest.series } : {}),
			...(quest.unverified?.length ? { unverified: quest.unverified } : {}),
			quests: completedPrerequisites(quest).sort(compareNames),
			...(req.partial.length ? { partial: req.partial.map((p) => p.quest).sort(compareNames) } : {}),
			skills: toSkillLevels(req.skill),
			...(req.anyOf.length ? { anyOf: req.anyOf.map((g) => toSkillLevels(g.skill)) } : {}),
			...(req.ironman?.skill.length ? { ironmanSkills: toSkillLevels(req.ironman.skill) } : {}),
			...(quest.verified ? { verified: quest.verified.on } : {}),
			totalSkills: toSkillLevels(summary.totalSkills),
			requiredQuestPoints: summary.questPoints,
			prerequisiteCount: before.length - partialSteps,
			...(partialSteps ? { partialStepCount: partialSteps } : {}),
		})
		pages.push({
			quest: { ...quest, slug },
			summary,
			unlocks: resolver.unlocks(quest.name).map((name) => ({ name, slug: questSlug(name) })),
			wikiQuickGuideUrl: wikiQuickGuideUrl(quest.wikiTitle ?? quest.name),
		})
		if (quest.questPoints > 0) points[quest.name] = quest.questPoints
		for (const title of [quest.name, ...(quest.aliases ?? [])]) {
			nameEntries.push([normaliseQuestName(title), { name: quest.name, slug }])
		}
	}
	nameEntries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
	return { catalogue, pages, names: Object.fromEntries(nameEntries), points }
}

/** Resolves a name, alias or RuneMetrics title through `names.json`. */
export function resolveQuestName(names: QuestNameMap, input: string): QuestLink | undefined {
	return Object.hasOwn(names, normaliseQuestName(input)) ? names[normaliseQuestName(input)] : undefined
}

export interface PlayerProgress {
	/** Canonical names of completed quests. */
	completed: ReadonlySet<string>
	/**
	 * Canonical names of started quests. A quest needed in part counts as done once started:
	 * the player data does not say how far a started quest is.
	 */
	started?: ReadonlySet<string>
	levels: Partial<Record<SkillName, number>>
	questPoints: number
	/** Ironman accounts also need the ironman-only levels. */
	ironman?: boolean
}

export interface StartCheck {
	canStart: boolean
	missingQuests: string[]
	/** Quests needed in part that are neither started nor completed. */
	missingPartial: string[]
	missingSkills: (SkillRequirement & { current: number })[]
	/** Groups of alternatives none of which is reached. */
	missingAnyOf: SkillRequirement[][]
	/** Quest points still needed; 0 when enough. */
	questPointsShort: number
}

/** What checkCanStart reads from a catalogue entry. */
export type StartCheckEntry = Pick<QuestCatalogueEntry, 'quests' | 'skills' | 'requiredQuestPoints'> &
	Partial<Pick<QuestCatalogueEntry, 'partial' | 'anyOf' | 'ironmanSkills'>>

/**
 * Whether a player can start a quest now: every direct prerequisite completed (a partial one at
 * least started), the quest's own levels reached (with the ironman-only ones for an ironman),
 * one level of each group of alternatives, and the chain's quest-point threshold met (quest
 * points never go down, so the chain's highest threshold is the one that matters). Boosts are
 * not considered.
 */
export function checkCanStart(entry: StartCheckEntry, player: PlayerProgress): StartCheck {
	const level = (skill: SkillName) => player.levels[skill] ?? 1
	const missingQuests = entry.quests.filter((q) => !player.completed.has(q))
	const missingPartial = (entry.partial ?? []).filter((q) => !player.completed.has(q) && !player.started?.has(q))
	const needed = new Map(Object.entries(entry.skills) as [SkillName, number][])
	if (player.ironman) {
		for (const [skill, lvl] of Object.entries(entry.ironmanSkills ?? {}) as [SkillName, number][])
			needed.set(skill, Math.max(lvl, needed.get(skill) ?? 0))
	}
	const missingSkills = [...needed]
		.map(([skill, lvl]) => ({ skill, level: lvl, current: level(skill) }))
		.filter((req) => req.current < req.level)
	const missingAnyOf = (entry.anyOf ?? [])
		.map((group) =>
			(Object.entries(group) as [SkillName, number][]).map(([skill, lvl]) => ({
				skill,
				level: lvl,
			})),
		)
		.filter((group) => !group.some((option) => level(option.skill) >= option.level))
	const questPointsShort = Math.max(0, entry.requiredQuestPoints - player.questPoints)
	return {
		canStart:
			missingQuests.length === 0 &&
			missingPartial.length === 0 &&
			missingSkills.length === 0 &&
			missingAnyOf.length === 0 &&
			questPointsShort === 0,
		missingQuests,
		missingPartial,
		missingSkills,
		missingAnyOf,
		questPointsShort,
	}
}
