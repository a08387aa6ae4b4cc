import { createQuestIndex, normaliseQuestName, questSlug } from '#app/quests/names.ts'
import type { AnyOfRequirement, FullyRequirement, PartialRequirement, SkillRequirement } from '#app/quests/schema.ts'

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
		partial?: readonly PartialRequirement[]
		fully?: readonly FullyRequirement[]
		anyOf?: readonly AnyOfRequirement[]
		ironman?: { skill: readonly SkillRequirement[] }
	}
}

export interface ChainStep {
	name: string
	slug: string
	/**
	 * This quest's own skill requirements, sorted by skill name; for a partial step, the levels
	 * needed to reach its point.
	 */
	skills: SkillRequirement[]
	/** The wiki page title, only when it differs from `name` (for the quick-guide link). */
	wikiTitle?: string
	/** This quest's own ironman-only levels, when it has any. */
	ironmanSkills?: SkillRequirement[]
	/** This quest's own groups of alternative levels, when it has any. */
	anyOf?: SkillRequirement[][]
	/** Only part of the quest is needed: up to `until`. Not a completion. */
	partial?: true
	/**
	 * How far the quest has to be taken: the point reached (with `partial`), or what is needed
	 * past its completion ("100 % (unabridged)").
	 */
	until?: string
	/** Quests to complete before this step (all earlier in the chain), in chain order; absent when none. */
	requires?: string[]
	/** Quests this step needs only started (partial requirements); absent when none. */
	requiresStarted?: string[]
	/** This step's own quest-point threshold; absent when none. */
	questPoints?: number
}

/** " (until …)" for part of a quest, " (…)" for what is needed past its completion, else "". */
export function stepDetail(step: Pick<ChainStep, 'partial' | 'until'>): string {
	if (step.partial) return ` (until ${step.until})`
	return step.until ? ` (${step.until})` : ''
}

export interface RequirementSummary {
	/** The canonical name (or the input, for an unknown quest). */
	quest: string
	/**
	 * Every step, prerequisites before the steps that need them, target last. A step is a quest
	 * to complete, or part of one (`partial`, only when the chain does not hold the whole quest).
	 */
	quests: ChainStep[]
	/** Per skill, the highest level anywhere in the chain, sorted by skill name. */
	totalSkills: SkillRequirement[]
	/** The highest quest-point threshold in the chain; 0 when none. */
	questPoints: number
	/** The chain's other requirements in chain order, duplicates removed. */
	other: string[]
	/**
	 * Levels only ironman accounts need, where they are higher than `totalSkills`: per skill,
	 * the highest in the chain, sorted by skill name.
	 */
	ironmanSkills: SkillRequirement[]
	/** The chain's groups of alternative levels (each met by any one of them), duplicates removed. */
	anyOf: SkillRequirement[][]
}

export class QuestCycleError extends Error {
	constructor(readonly path: string[]) {
		super(`prerequisite cycle: ${path.join(' → ')}`)
		this.name = 'QuestCycleError'
	}
}

function emptySummary(quest: string): RequirementSummary {
	return {
		quest,
		quests: [],
		totalSkills: [],
		questPoints: 0,
		other: [],
		ironmanSkills: [],
		anyOf: [],
	}
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
	/** The chain as names (partial steps included); [] for an unknown quest. */
	chain(nameOrAlias: string): string[]
	/** Canonical names of the quests that directly require this one, sorted (not partially). */
	unlocks(nameOrAlias: string): string[]
}

/** A chain step before it is dressed: a quest, or part of one. */
interface StepRef {
	name: string
	partial?: PartialRequirement
}

const stepKey = (step: StepRef) => (step.partial ? `${step.name}\u0000${step.partial.until}` : step.name)

const bySkill = (a: SkillRequirement, b: SkillRequirement) => compareNames(a.skill, b.skill)

/** Quests that must be completed: `quest` and `fully`. */
export function completedPrerequisites(quest: ChainQuest): string[] {
	return [...quest.requirements.quest, ...(quest.requirements.fully ?? []).map((f) => f.quest)]
}

/** Every quest a quest's chain is built from: completed prerequisites and partial `needs`. */
export function chainEdges(quest: ChainQuest): string[] {
	return [...completedPrerequisites(quest), ...(quest.requirements.partial ?? []).flatMap((p) => p.needs.quest)]
}

/**
 * Precomputes requirement chains over a set of quests.
 *
 * Order: a depth-first post-order walk from the target that visits each quest's requirements
 * alphabetically (`compareNames`), so the order does not depend on how a file lists them.
 * Every step appears once, after all of its prerequisites, and the target comes last.
 * A partial requirement is a step of its own: its `needs` (and their chains) come first, then
 * the step "<quest> (until …)". When the chain also holds the whole quest, the partial step is
 * dropped: completing the quest covers it. `fully` requirements are completions like `quest`,
 * and their step carries the extra (`until`).
 * Chains are memoised per quest. Unknown prerequisite names are skipped (the integrity check
 * reports them); a cycle throws a QuestCycleError naming the path.
 */
export function createRequirementResolver(quests: readonly ChainQuest[]): RequirementResolver {
	const byName = new Map(quests.map((q) => [q.name, q]))
	const index = createQuestIndex(quests)
	const chains = new Map<string, readonly StepRef[]>()
	const summaries = new Map<string, RequirementSummary>()
	const active: string[] = []

	const dependents = new Map<string, string[]>()
	for (const q of quests) {
		for (const prereq of new Set(completedPrerequisites(q))) {
			if (!byName.has(prereq)) continue
			const list = dependents.get(prereq) ?? []
			list.push(q.name)
			dependents.set(prereq, list)
		}
	}
	for (const list of dependents.values()) list.sort(compareNames)

	const chainOf = (name: string): readonly StepRef[] => {
		const memo = chains.get(name)
		if (memo) return memo
		if (active.includes(name)) throw new QuestCycleError([...active.slice(active.indexOf(name)), name])
		active.push(name)
		try {
			const req = byName.get(name)!.requirements
			// Whole quests and partial steps, visited in name order (a whole quest before a part
			// of the same quest).
			const visits: { name: string; partial?: PartialRequirement }[] = [...new Set(completedPrerequisites(byName.get(name)!))]
				.filter((p) => byName.has(p))
				.map((p) => ({ name: p }))
			for (const partial of req.partial ?? []) {
				if (byName.has(partial.quest)) visits.push({ name: partial.quest, partial })
			}
			visits.sort((a, b) => compareNames(a.name, b.name) || (a.partial ? 1 : 0) - (b.partial ? 1 : 0))

			const seen = new Set<string>()
			const chain: StepRef[] = []
			const addAll = (steps: readonly StepRef[]) => {
				for (const step of steps) {
					const key = step.partial ? stepKey(step) : step.name
					if (seen.has(key)) continue
					seen.add(key)
					chain.push(step)
				}
			}
			for (const visit of visits) {
				if (!visit.partial) {
					addAll(chainOf(visit.name))
					continue
				}
				const needs = [...new Set(visit.partial.needs.quest)].filter((p) => byName.has(p)).sort(compareNames)
				for (const need of needs) addAll(chainOf(need))
				addAll([{ name: visit.name, partial: visit.partial }])
			}
			chain.push({ name })
			// A part of a quest the chain also completes whole is covered by that completion.
			const partials = chain.filter((s) => s.partial)
			if (partials.length === 0 || partials.every((s) => !seen.has(s.name))) {
				chains.set(name, chain)
				return chain
			}
			const result = chain.filter((s) => !s.partial || !seen.has(s.name))
			chains.set(name, result)
			return result
		} finally {
			active.pop()
		}
	}

	// Steps are the same in every chain they appear in (only `until` varies), so each is built
	// once; summaries share them.
	const wholeSteps = new Map<string, ChainStep>()
	const partialSteps = new WeakMap<PartialRequirement, ChainStep>()
	const stepFor = (ref: StepRef): ChainStep => {
		const cached = ref.partial ? partialSteps.get(ref.partial) : wholeSteps.get(ref.name)
		if (cached) return cached
		const quest = byName.get(ref.name)!
		const skills = (ref.partial ? ref.partial.needs.skill : quest.requirements.skill).map((s) => ({ ...s })).sort(bySkill)
		const step: ChainStep = { name: ref.name, slug: questSlug(ref.name), skills }
		if (quest.wikiTitle && quest.wikiTitle !== ref.name) step.wikiTitle = quest.wikiTitle
		if (ref.partial) {
			step.partial = true
			step.until = ref.partial.until
			const needs = [...new Set(ref.partial.needs.quest)].filter((q) => byName.has(q)).sort(compareNames)
			if (needs.length) step.requires = needs
			if (ref.partial.needs.questPoints) step.questPoints = ref.partial.needs.questPoints
			partialSteps.set(ref.partial, step)
			return step
		}
		// What must be done before this quest can start, for the panels' "blocked by" (in the
		// order of this quest's own chain).
		const direct = new Set(completedPrerequisites(quest))
		const requires = chainOf(ref.name)
			.filter((s) => !s.partial && direct.has(s.name))
			.map((s) => s.name)
		if (requires.length) step.requires = requires
		const started = [...new Set((quest.requirements.partial ?? []).map((p) => p.quest))]
			.filter((q) => byName.has(q) && !direct.has(q))
			.sort(compareNames)
		if (started.length) step.requiresStarted = started
		if (quest.requirements.questPoints) step.questPoints = quest.requirements.questPoints
		const { ironman, anyOf } = quest.requirements
		if (ironman?.skill.length) step.ironmanSkills = ironman.skill.map((s) => ({ ...s })).sort(bySkill)
		if (anyOf?.length) step.anyOf = anyOf.map((g) => g.skill.map((s) => ({ ...s })).sort(bySkill))
		wholeSteps.set(ref.name, step)
		return step
	}

	const summaryOf = (name: string): RequirementSummary => {
		const memo = summaries.get(name)
		if (memo) return memo
		const chain = chainOf(name)
		// What `fully` requirements in the chain ask of a quest past its completion.
		const extras = new Map<string, string>()
		for (const ref of chain) {
			if (ref.partial) continue
			const fully = byName.get(ref.name)!.requirements.fully
			if (!fully?.length) continue
			for (const f of fully) if (!extras.has(f.quest)) extras.set(f.quest, f.until)
		}
		const steps: ChainStep[] = []
		const best = new Map<SkillRequirement['skill'], number>()
		const ironmanBest = new Map<SkillRequirement['skill'], number>()
		const raise = (map: typeof best, skills: readonly SkillRequirement[]) => {
			for (const { skill, level } of skills) map.set(skill, Math.max(level, map.get(skill) ?? 0))
		}
		let questPoints = 0
		const other: string[] = []
		const otherKeys = new Set<string>()
		const anyOf: SkillRequirement[][] = []
		const anyOfKeys = new Set<string>()
		for (const ref of chain) {
			const step = stepFor(ref)
			if (ref.partial) {
				steps.push(step)
				raise(best, ref.partial.needs.skill)
				questPoints = Math.max(questPoints, ref.partial.needs.questPoints ?? 0)
				continue
			}
			const req = byName.get(ref.name)!.requirements
			const until = extras.get(ref.name)
			steps.push(until ? { ...step, until } : step)
			raise(best, req.skill)
			if (req.ironman?.skill.length) raise(ironmanBest, req.ironman.skill)
			questPoints = Math.max(questPoints, req.questPoints ?? 0)
			for (const text of req.other) {
				const key = normaliseQuestName(text)
				if (otherKeys.has(key)) continue
				otherKeys.add(key)
				other.push(text)
			}
			if (req.anyOf?.length)
				for (const group of req.anyOf) {
					const options = group.skill.map((s) => ({ ...s })).sort(bySkill)
					const key = JSON.stringify(options)
					if (anyOfKeys.has(key)) continue
					anyOfKeys.add(key)
					anyOf.push(options)
				}
		}
		const sorted = (map: typeof best) => [...map].map(([skill, level]) => ({ skill, level })).sort(bySkill)
		const totalSkills = sorted(best)
		const ironmanSkills = sorted(ironmanBest).filter((s) => s.level > (best.get(s.skill) ?? 0))
		const summary = {
			quest: name,
			quests: steps,
			totalSkills,
			questPoints,
			other,
			ironmanSkills,
			anyOf,
		}
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
			return quest ? chainOf(quest.name).map((s) => s.name) : []
		},
		unlocks(nameOrAlias) {
			const quest = index.find(nameOrAlias)
			return quest ? [...(dependents.get(quest.name) ?? [])] : []
		},
	}
}

/** Summaries of every quest, keyed by canonical name, in name order. */
export function computeAllSummaries(quests: readonly ChainQuest[]): Map<string, RequirementSummary> {
	const resolver = createRequirementResolver(quests)
	const names = quests.map((q) => q.name).sort(compareNames)
	return new Map(names.map((name) => [name, resolver.summary(name)]))
}
