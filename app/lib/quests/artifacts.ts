/**
 * Shapes of the generated quest data (app/generated/quests/) and the pure code that builds and
 * reads them. The writer lives in scripts/build/quest-artifacts.ts.
 */
import {
	createQuestIndex,
	normaliseQuestName,
	questSlug,
	wikiQuickGuideUrl,
} from '#app/lib/quests/names.ts'
import {
	compareNames,
	createRequirementResolver,
	type RequirementSummary,
} from '#app/lib/quests/requirements.ts'
import type { Quest, QuestDifficulty, SkillRequirement } from '#app/lib/quests/schema.ts'
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
	/** Direct prerequisites (canonical names). */
	quests: string[]
	/** This quest's own skill requirements. */
	skills: SkillLevels
	/** Highest level per skill across the whole chain. */
	totalSkills: SkillLevels
	/** Highest quest-point threshold across the whole chain; 0 when none. */
	requiredQuestPoints: number
	/** How many quests the chain holds before this one. */
	prerequisiteCount: number
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
		catalogue.push({
			name: quest.name,
			slug,
			...(quest.aliases?.length ? { aliases: quest.aliases } : {}),
			difficulty: quest.difficulty,
			members: quest.members,
			questPoints: quest.questPoints,
			...(quest.series ? { series: quest.series } : {}),
			...(quest.unverified?.length ? { unverified: quest.unverified } : {}),
			quests: [...quest.requirements.quest].sort(compareNames),
			skills: toSkillLevels(quest.requirements.skill),
			totalSkills: toSkillLevels(summary.totalSkills),
			requiredQuestPoints: summary.questPoints,
			prerequisiteCount: summary.quests.length - 1,
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
	return Object.hasOwn(names, normaliseQuestName(input))
		? names[normaliseQuestName(input)]
		: undefined
}

export interface PlayerProgress {
	/** Canonical names of completed quests. */
	completed: ReadonlySet<string>
	levels: Partial<Record<SkillName, number>>
	questPoints: number
}

export interface StartCheck {
	canStart: boolean
	missingQuests: string[]
	missingSkills: (SkillRequirement & { current: number })[]
	/** Quest points still needed; 0 when enough. */
	questPointsShort: number
}

/** What checkCanStart reads from a catalogue entry. */
export type StartCheckEntry = Pick<QuestCatalogueEntry, 'quests' | 'skills' | 'requiredQuestPoints'>

/**
 * Whether a player can start a quest now: every direct prerequisite completed, the quest's own
 * levels reached and the chain's quest-point threshold met (quest points never go down, so the
 * chain's highest threshold is the one that matters). Boosts are not considered.
 */
export function checkCanStart(entry: StartCheckEntry, player: PlayerProgress): StartCheck {
	const missingQuests = entry.quests.filter((q) => !player.completed.has(q))
	const missingSkills = (Object.entries(entry.skills) as [SkillName, number][])
		.map(([skill, level]) => ({ skill, level, current: player.levels[skill] ?? 1 }))
		.filter((req) => req.current < req.level)
	const questPointsShort = Math.max(0, entry.requiredQuestPoints - player.questPoints)
	return {
		canStart: missingQuests.length === 0 && missingSkills.length === 0 && questPointsShort === 0,
		missingQuests,
		missingSkills,
		questPointsShort,
	}
}

/** Finds a catalogue entry by name or alias. */
export function createCatalogueIndex(catalogue: readonly QuestCatalogueEntry[]) {
	return createQuestIndex(catalogue)
}
