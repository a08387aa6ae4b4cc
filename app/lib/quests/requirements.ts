import { createQuestIndex, normaliseQuestName, questSlug } from '#app/lib/quests/names.ts'
import type { SkillRequirement } from '#app/lib/quests/schema.ts'

/** The parts of a quest record the chain needs (a `Quest` fits). */
export interface ChainQuest {
	name: string
	aliases?: readonly string[]
	/** The wiki page title, when it differs from `name`. */
	wikiTitle?: string
	requirements: {
		quest: readonly string[]
		skill: readonly SkillRequirement[]
		questPoints?: number
		other: readonly string[]
	}
}

export interface ChainStep {
	name: string
	slug: string
	/** This quest's own skill requirements, sorted by skill name. */
	skills: SkillRequirement[]
	/** The wiki page title, only when it differs from `name` (for the quick-guide link). */
	wikiTitle?: string
	/** This quest's direct prerequisites (all earlier in the chain), in the order of its own chain; absent when none. */
	requires?: string[]
	/** This quest's own quest-point threshold; absent when none. */
	questPoints?: number
}

export interface RequirementSummary {
	/** The canonical name (or the input, for an unknown quest). */
	quest: string
	/** Every quest to complete, prerequisites before the quests that need them, target last. */
	quests: ChainStep[]
	/** Per skill, the highest level anywhere in the chain, sorted by skill name. */
	totalSkills: SkillRequirement[]
	/** The highest quest-point threshold in the chain; 0 when none. */
	questPoints: number
	/** The chain's other requirements in chain order, duplicates removed. */
	other: string[]
}

export class QuestCycleError extends Error {
	constructor(readonly path: string[]) {
		super(`prerequisite cycle: ${path.join(' → ')}`)
		this.name = 'QuestCycleError'
	}
}

export function emptySummary(quest: string): RequirementSummary {
	return { quest, quests: [], totalSkills: [], questPoints: 0, other: [] }
}

/** Case-insensitive, then code-point order: the same on every machine, unlike localeCompare. */
export function compareNames(a: string, b: string): number {
	const x = a.toLowerCase()
	const y = b.toLowerCase()
	if (x !== y) return x < y ? -1 : 1
	return a < b ? -1 : a > b ? 1 : 0
}

export interface RequirementResolver {
	/** The full summary for a name or alias; an unknown quest gives an empty summary. */
	summary(nameOrAlias: string): RequirementSummary
	/** The chain as names; [] for an unknown quest. */
	chain(nameOrAlias: string): string[]
	/** Canonical names of the quests that directly require this one, sorted. */
	unlocks(nameOrAlias: string): string[]
}

/**
 * Precomputes requirement chains over a set of quests.
 *
 * Order: a depth-first post-order walk from the target that visits each quest's prerequisites
 * alphabetically (`compareNames`), so the order does not depend on how a file lists them.
 * Every quest appears once, after all of its prerequisites, and the target comes last.
 * Chains are memoised per quest: the chain of a quest is the concatenation of its sorted
 * prerequisites' chains with repeats skipped, plus itself, which equals that walk.
 * Unknown prerequisite names are skipped (the integrity check reports them); a cycle throws
 * a QuestCycleError naming the path.
 */
export function createRequirementResolver(quests: readonly ChainQuest[]): RequirementResolver {
	const byName = new Map(quests.map((q) => [q.name, q]))
	const index = createQuestIndex(quests)
	const chains = new Map<string, readonly string[]>()
	const summaries = new Map<string, RequirementSummary>()
	const active: string[] = []

	const dependents = new Map<string, string[]>()
	for (const q of quests) {
		for (const prereq of new Set(q.requirements.quest)) {
			if (!byName.has(prereq)) continue
			const list = dependents.get(prereq) ?? []
			list.push(q.name)
			dependents.set(prereq, list)
		}
	}
	for (const list of dependents.values()) list.sort(compareNames)

	const chainOf = (name: string): readonly string[] => {
		const memo = chains.get(name)
		if (memo) return memo
		if (active.includes(name))
			throw new QuestCycleError([...active.slice(active.indexOf(name)), name])
		active.push(name)
		try {
			const prereqs = [...new Set(byName.get(name)!.requirements.quest)]
				.filter((p) => byName.has(p))
				.sort(compareNames)
			const seen = new Set<string>()
			const chain: string[] = []
			for (const prereq of prereqs) {
				for (const step of chainOf(prereq)) {
					if (!seen.has(step)) {
						seen.add(step)
						chain.push(step)
					}
				}
			}
			chain.push(name)
			chains.set(name, chain)
			return chain
		} finally {
			active.pop()
		}
	}

	// A quest's direct prerequisites in the order its own chain lists them.
	const requirements = new Map<string, string[]>()
	const requiresOf = (name: string): string[] => {
		let list = requirements.get(name)
		if (!list) {
			const direct = new Set(byName.get(name)!.requirements.quest)
			list = chainOf(name).filter((step) => direct.has(step))
			requirements.set(name, list)
		}
		return list
	}

	const summaryOf = (name: string): RequirementSummary => {
		const memo = summaries.get(name)
		if (memo) return memo
		const steps: ChainStep[] = []
		const best = new Map<SkillRequirement['skill'], number>()
		let questPoints = 0
		const other: string[] = []
		const otherKeys = new Set<string>()
		for (const stepName of chainOf(name)) {
			const step = byName.get(stepName)!
			const req = step.requirements
			const skills = req.skill.map((s) => ({ ...s })).sort((a, b) => compareNames(a.skill, b.skill))
			const wikiTitle = step.wikiTitle && step.wikiTitle !== stepName ? step.wikiTitle : undefined
			const requires = requiresOf(stepName)
			steps.push({
				name: stepName,
				slug: questSlug(stepName),
				skills,
				...(wikiTitle ? { wikiTitle } : {}),
				...(requires.length ? { requires } : {}),
				...(req.questPoints ? { questPoints: req.questPoints } : {}),
			})
			for (const { skill, level } of req.skill)
				best.set(skill, Math.max(level, best.get(skill) ?? 0))
			questPoints = Math.max(questPoints, req.questPoints ?? 0)
			for (const text of req.other) {
				const key = normaliseQuestName(text)
				if (otherKeys.has(key)) continue
				otherKeys.add(key)
				other.push(text)
			}
		}
		const totalSkills = [...best]
			.map(([skill, level]) => ({ skill, level }))
			.sort((a, b) => compareNames(a.skill, b.skill))
		const summary = { quest: name, quests: steps, totalSkills, questPoints, other }
		summaries.set(name, summary)
		return summary
	}

	return {
		summary(nameOrAlias) {
			const quest = index.find(nameOrAlias)
			return quest ? summaryOf(quest.name) : emptySummary(nameOrAlias)
		},
		chain(nameOrAlias) {
			const quest = index.find(nameOrAlias)
			return quest ? [...chainOf(quest.name)] : []
		},
		unlocks(nameOrAlias) {
			const quest = index.find(nameOrAlias)
			return quest ? [...(dependents.get(quest.name) ?? [])] : []
		},
	}
}

/** Summaries of every quest, keyed by canonical name, in name order. */
export function computeAllSummaries(
	quests: readonly ChainQuest[],
): Map<string, RequirementSummary> {
	const resolver = createRequirementResolver(quests)
	const names = quests.map((q) => q.name).sort(compareNames)
	return new Map(names.map((name) => [name, resolver.summary(name)]))
}
