import { expect, test } from 'vitest'
import type { GameFacts } from './schema.ts'
import { normaliseTopic } from './schema.ts'
import { staleReasons } from './stale.ts'

type Update = GameFacts['updates'][number]
const update = (date: string, touches: Partial<Update['touches']>, title = `Update ${date}`): Update => ({
	date,
	title,
	summary: 'What changed.',
	touches: { skills: [], gear: [], unlocks: [], activities: [], quests: [], areas: [], ...touches },
	sources: ['https://runescape.wiki/w/Update'],
})

const updates = [
	update('2026-07', { gear: ['yew-bows'] }, 'Mid-Game Rebalance'),
	update('2026-03-02', { skills: ['attack'] }, 'Combat'),
	update('2025-10-06', { quests: ['Stellar Born'], areas: ['Zolarea'] }, 'Stellar Born'),
]

test('an update after the verified day that touched a topic of the page makes it stale, naming it', () => {
	expect(staleReasons('2026-03-01', ['skill:attack', 'gear:yew-bows'], updates)).toEqual([
		{ title: 'Mid-Game Rebalance', date: '2026-07', topics: ['gear:yew-bows'] },
		{ title: 'Combat', date: '2026-03-02', topics: ['skill:attack'] },
	])
})

test('verified on or after the update, or another topic, is not stale', () => {
	expect(staleReasons('2026-03-02', ['skill:attack'], updates)).toEqual([])
	expect(staleReasons('2026-01-01', ['skill:defence', 'gear:torva-armour'], updates)).toEqual([])
	// No verified day: nothing to compare (the content check reports the missing day instead).
	expect(staleReasons(null, ['skill:attack'], updates)).toEqual([])
})

test('an update known only by its month counts from the next month', () => {
	expect(staleReasons('2026-07-15', ['gear:yew-bows'], updates)).toEqual([])
	expect(staleReasons('2026-06-30', ['gear:yew-bows'], updates)).toHaveLength(1)
})

test('quest and area topics compare without case, as front matter may write them', () => {
	expect(staleReasons('2025-01-01', [normaliseTopic('quest:stellar born'), normaliseTopic('area:ZOLAREA')], updates)).toEqual([
		{ title: 'Stellar Born', date: '2025-10-06', topics: ['quest:stellar born', 'area:zolarea'] },
	])
})
