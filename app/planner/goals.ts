/** Goals as the page handles them: the options of the goal picker and the `goals=` URL parameter. */
import { normaliseQuestName, questSlug } from '#app/quests/names.ts'
import { compareNames } from '#app/quests/requirements.ts'
import type { PlannerData } from './data.ts'
import type { GoalKind } from './plan.ts'

export interface GoalOption {
	slug: string
	label: string
	kind: GoalKind
	aliases: readonly string[]
	/** For an unlock, the quest it stands for. */
	quest?: string
}

/** Presets first (in file order), then every quest by name. */
export function goalOptions(data: PlannerData): GoalOption[] {
	const presets: GoalOption[] = data.presets.map((p) => ({
		slug: p.slug,
		label: p.label,
		kind: p.kind,
		aliases: p.aliases ?? [],
		...(p.kind === 'unlock' ? { quest: p.quest } : {}),
	}))
	const quests: GoalOption[] = [...data.quests]
		.sort((a, b) => compareNames(a.name, b.name))
		.map((q) => ({ slug: q.slug, label: q.name, kind: 'quest', aliases: q.aliases ?? [] }))
	return [...presets, ...quests]
}

export interface GoalMatch {
	option: GoalOption
	/** The alias the input matched, when it was not the label. */
	alias?: string
}

/**
 * The options matching what the reader typed, best first: an exact name or alias ("wgs"), then
 * names starting with the input, aliases starting with it, names with a word starting with it,
 * and (from two letters) names or aliases containing it. Blank input lists the presets.
 */
export function searchGoals(options: readonly GoalOption[], input: string, limit = 8): GoalMatch[] {
	const needle = normaliseQuestName(input)
	if (!needle)
		return options
			.filter((o) => o.kind !== 'quest')
			.slice(0, limit)
			.map((option) => ({ option }))
	const loose = questSlug(input)
	// One letter inside a word matches nearly everything: only longer inputs match mid-word.
	const inside = loose.length >= 2 ? loose : ''
	const scored: { match: GoalMatch; score: number; index: number }[] = []
	options.forEach((option, index) => {
		const label = normaliseQuestName(option.label)
		let score = Infinity
		let alias: string | undefined
		const consider = (value: number, via?: string) => {
			if (value < score) {
				score = value
				alias = via
			}
		}
		if (label === needle || option.slug === loose) consider(0)
		else if (label.startsWith(needle)) consider(1)
		else if (label.split(/[\s:'-]+/).some((word) => word.startsWith(needle))) consider(3)
		else if (inside && questSlug(option.label).includes(inside)) consider(4)
		for (const a of option.aliases) {
			const key = normaliseQuestName(a)
			if (key === needle) consider(0, a)
			else if (key.startsWith(needle)) consider(2, a)
			else if (inside && questSlug(a).includes(inside)) consider(4, a)
		}
		if (score < Infinity) scored.push({ match: alias ? { option, alias } : { option }, score, index })
	})
	scored.sort((a, b) => a.score - b.score || a.index - b.index)
	return scored.slice(0, limit).map((s) => s.match)
}

/** Most goals a URL may carry. */
export const MAX_GOALS = 50

/** `goals=a,b` → ['a', 'b']: trimmed, blanks and repeats dropped, at most MAX_GOALS. */
export function parseGoalsParam(value: string | null | undefined): string[] {
	if (!value) return []
	const goals: string[] = []
	for (const part of value.split(',')) {
		const goal = part.trim().toLowerCase()
		if (goal && !goals.includes(goal)) goals.push(goal)
		if (goals.length === MAX_GOALS) break
	}
	return goals
}
