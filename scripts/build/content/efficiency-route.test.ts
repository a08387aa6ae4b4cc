import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { createRequirementResolver } from '#app/quests/requirements.ts'
import type { ChecklistProps } from '#app/widgets/checklist/checklist.schema.ts'
import { widgetElements } from '#app/widgets/widget-elements.ts'
import { loadCheckedQuests, PROJECT_ROOT } from '../load-quests.ts'
import { compilePage } from './compile-page.ts'

// The efficiency checklist promises that working from the top, no quest comes before a quest it
// needs and every quest-point threshold is reached: checked here against the real quest data.
const quests = loadCheckedQuests().map((r) => r.quest)
const resolver = createRequirementResolver(quests)
const known = (name: string) => (resolver.chain(name).length > 0 ? resolver.summary(name) : undefined)
const pointsOf = new Map(quests.map((q) => [q.name, q.questPoints]))

function compileRoute() {
	const file = 'content/guides/efficiency.md'
	const result = compilePage(readFileSync(path.join(PROJECT_ROOT, file), 'utf8'), {
		file,
		path: '/guides/efficiency',
		section: 'guides',
		publicFiles: { imageSize: () => undefined, exists: () => false, readText: () => undefined },
		resolveQuest: (name) => known(name)?.quest,
		questSummary: known,
	})
	expect(result.errors).toEqual([])
	return widgetElements(result.page.body)
		.filter((w) => w.dataWidget === 'checklist')
		.map((w) => JSON.parse(w.props) as ChecklistProps)
}

test('the efficiency route: every quest after its whole chain, every quest-point threshold reached in time', () => {
	const stages = compileRoute()
	expect(stages.map((s) => s.id)).toEqual([
		'efficiency-fresh-account',
		'efficiency-early-members',
		'efficiency-mid-game',
		'efficiency-late-game',
	])
	const steps = stages.flatMap((s) => s.itemIds.map((id) => s.itemQuests?.[id]))
	expect(steps.length).toBeGreaterThanOrEqual(120)
	expect(steps.length).toBeLessThanOrEqual(230)

	const done = new Set<string>()
	let points = 0
	const problems: string[] = []
	for (const quest of steps) {
		if (!quest) continue
		const summary = known(quest)!
		const missing = summary.quests.slice(0, -1).map((q) => q.name).filter((q) => !done.has(q))
		if (missing.length > 0) problems.push(`${quest} comes before ${missing.join(', ')}`)
		if (summary.questPoints > points) problems.push(`${quest} needs ${summary.questPoints} quest points, the route has ${points}`)
		if (done.has(quest)) problems.push(`${quest} is listed twice`)
		done.add(quest)
		points += pointsOf.get(quest) ?? 0
	}
	expect(problems).toEqual([])
	expect(done.size).toBeGreaterThan(150)
})
