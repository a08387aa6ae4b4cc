import { z } from 'zod'
import { createQuestIndex, difficultyLabel } from '#app/quests/names.ts'
import type { Quest } from '#app/quests/schema.ts'
import { compareNames } from '#app/quests/requirements.ts'

/** A saved `runemetrics/quests?user=…` answer (extra fields are ignored). */
export const runeMetricsQuestsSchema = z.object({
	quests: z.array(
		z.object({
			title: z.string().min(1),
			status: z.string().optional(),
			difficulty: z.number(),
			members: z.boolean(),
			questPoints: z.number(),
			userEligible: z.boolean().optional(),
		}),
	),
})
export type RuneMetricsQuest = z.infer<typeof runeMetricsQuestsSchema>['quests'][number]

export type ComparedField = 'difficulty' | 'members' | 'questPoints'

export interface FieldDifference {
	quest: string
	field: ComparedField
	ours: number | boolean
	theirs: number | boolean
}

export interface QuestDiff {
	/** RuneMetrics titles that match none of our names or aliases. */
	weLack: string[]
	/** Our quests that no RuneMetrics title matches. */
	theyLack: string[]
	fields: FieldDifference[]
	/** Titles that matched one of our aliases rather than the name (not an error, worth knowing). */
	byAlias: { title: string; quest: string }[]
	/** Titles listed more than once in their file. */
	repeated: string[]
}

const FIELDS: ComparedField[] = ['difficulty', 'members', 'questPoints']

export function diffQuests(ours: readonly Quest[], theirs: readonly RuneMetricsQuest[]): QuestDiff {
	const index = createQuestIndex(ours)
	const matched = new Set<string>()
	const seenTitles = new Set<string>()
	const diff: QuestDiff = { weLack: [], theyLack: [], fields: [], byAlias: [], repeated: [] }
	for (const rm of theirs) {
		if (seenTitles.has(rm.title)) {
			diff.repeated.push(rm.title)
			continue
		}
		seenTitles.add(rm.title)
		const quest = index.find(rm.title)
		if (!quest) {
			diff.weLack.push(rm.title)
			continue
		}
		matched.add(quest.name)
		if (quest.name !== rm.title) diff.byAlias.push({ title: rm.title, quest: quest.name })
		for (const field of FIELDS) {
			if (quest[field] !== rm[field]) {
				diff.fields.push({ quest: quest.name, field, ours: quest[field], theirs: rm[field] })
			}
		}
	}
	diff.theyLack = ours.map((q) => q.name).filter((name) => !matched.has(name))
	diff.weLack.sort(compareNames)
	diff.theyLack.sort(compareNames)
	diff.fields.sort((a, b) => compareNames(a.quest, b.quest) || compareNames(a.field, b.field))
	diff.byAlias.sort((a, b) => compareNames(a.title, b.title))
	return diff
}

export function diffHasProblems(diff: QuestDiff): boolean {
	return diff.weLack.length + diff.theyLack.length + diff.fields.length + diff.repeated.length > 0
}

function show(field: ComparedField, value: number | boolean): string {
	return field === 'difficulty' ? `${value} (${difficultyLabel(value as number)})` : String(value)
}

export function formatQuestDiff(diff: QuestDiff, theirCount: number): string {
	const lines: string[] = []
	if (diff.theyLack.length > 0 && theirCount < 100) {
		lines.push(
			`Note: the file lists only ${theirCount} quests, while a real RuneMetrics answer lists every quest: expect a long "not in RuneMetrics" list.`,
			'',
		)
	}
	const section = (title: string, items: string[]) => {
		lines.push(`${title} (${items.length})${items.length ? ':' : ''}`)
		for (const item of items) lines.push(`  ${item}`)
	}
	section('In RuneMetrics, not in our data', diff.weLack)
	section('In our data, not in RuneMetrics', diff.theyLack)
	section(
		'Fields that differ (ours → RuneMetrics)',
		diff.fields.map((d) => `${d.quest}: ${d.field} ${show(d.field, d.ours)} → ${show(d.field, d.theirs)}`),
	)
	if (diff.byAlias.length) {
		section(
			'Matched by alias (fine; consider the RuneMetrics title as the name)',
			diff.byAlias.map((m) => `${m.title} → ${m.quest}`),
		)
	}
	if (diff.repeated.length) section('Listed more than once in the file', diff.repeated)
	return lines.join('\n')
}
