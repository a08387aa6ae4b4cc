import { expect, test } from 'vitest'
import { createRequirementResolver } from '#app/quests/requirements.ts'
import { requirementsBuild } from '../requirements/requirements.build.ts'
import type { WidgetBuild, WidgetBuildContext } from '../widget-build.ts'
import { questRequirementsBuild } from './quest-requirements.build.ts'

const resolver = createRequirementResolver([
	{
		name: 'Desert Treasure',
		aliases: ['DT'],
		requirements: { quest: ['Bar Crawl'], skill: [{ skill: 'magic', level: 50 }], other: [] },
	},
	{
		name: 'Bar Crawl',
		wikiTitle: 'Bar Crawl (miniquest)',
		requirements: { quest: [], skill: [], other: [] },
	},
])
const lookup = (name: string) => {
	const summary = resolver.summary(name)
	return summary.quests.length ? summary : undefined
}
const problems: string[] = []
const ctx = {
	resolveQuest: (name: string) => lookup(name)?.quest,
	questSummary: lookup,
	fail: (reason: string) => problems.push(reason),
} as unknown as WidgetBuildContext
const builds: Record<string, WidgetBuild> = { 'quest-requirements': questRequirementsBuild, requirements: requirementsBuild }
/** The props the build gives a widget (the widgets without a build step keep theirs). */
function questWidgetProps(component: string, props: Record<string, unknown>, _lookup: typeof lookup) {
	const enrich = builds[component]?.enrich as ((p: unknown, c: WidgetBuildContext) => Record<string, unknown>) | undefined
	return enrich ? enrich(props, ctx) : props
}

test('the quest panel gets its summary; the author attributes stay as written', () => {
	const props = questWidgetProps('quest-requirements', { quest: 'DT' }, lookup)
	expect(props.quest).toBe('DT')
	expect(props.summary).toEqual(resolver.summary('Desert Treasure'))
	expect(questWidgetProps('quest-requirements', { quest: 'Nope' }, lookup)).toEqual({
		quest: 'Nope',
	})
	expect(problems).toEqual(['unknown quest "Nope" (not in data/quests/)'])
})

test('the requirements widget gets a link per quest, in order, with the wiki title', () => {
	const props = questWidgetProps('requirements', { quests: ['bar crawl', 'DT'], skills: [], other: [] }, lookup)
	expect(props.questLinks).toEqual([
		{ name: 'Bar Crawl', slug: 'bar-crawl', wikiTitle: 'Bar Crawl (miniquest)' },
		{ name: 'Desert Treasure', slug: 'desert-treasure' },
	])
	expect(props.quests).toEqual(['bar crawl', 'DT'])
})

test('other widgets pass through untouched', () => {
	const props = { variant: 'tip' }
	expect(questWidgetProps('callout', props, lookup)).toBe(props)
})
