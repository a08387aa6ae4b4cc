import { expect, test } from 'vitest'
import { createRequirementResolver } from '#app/lib/quests/requirements.ts'
import { questWidgetProps } from './quest-widget-data.ts'

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

test('the quest panel gets its summary; the author attributes stay as written', () => {
	const props = questWidgetProps('quest-requirements', { quest: 'DT' }, lookup)
	expect(props.quest).toBe('DT')
	expect(props.summary).toEqual(resolver.summary('Desert Treasure'))
	expect(questWidgetProps('quest-requirements', { quest: 'Nope' }, lookup)).toEqual({
		quest: 'Nope',
	})
})

test('the requirements widget gets a link per quest, in order, with the wiki title', () => {
	const props = questWidgetProps(
		'requirements',
		{ quests: ['bar crawl', 'DT'], skills: [], other: [] },
		lookup,
	)
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
