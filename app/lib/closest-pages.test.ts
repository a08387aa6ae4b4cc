import { expect, test } from 'vitest'
import { closestPages, pathWords, similarity } from '#app/lib/closest-pages.ts'

const pages = [
	{ path: '/setup/gamemodes', title: 'Game modes' },
	{ path: '/setup/interface-setup', title: 'Interface setup' },
	{ path: '/guides/early-game/desert-treasure', title: 'Desert Treasure' },
	{ path: '/quests/dragon-slayer', title: 'Dragon Slayer' },
	{ path: '/quests/desert-treasure', title: 'Desert Treasure', aliases: ['DT'] },
	{ path: '/quests/while-guthix-sleeps', title: 'While Guthix Sleeps', aliases: ['WGS'] },
]

test('similarity ignores case, spaces and dashes and falls with every difference', () => {
	expect(similarity('game-modes', 'Game modes')).toBe(1)
	expect(similarity('gamemodes', 'game modes')).toBe(1)
	expect(similarity('dragon slayr', 'Dragon Slayer')).toBeGreaterThan(0.8)
	expect(similarity('dragon slayr', 'Desert Treasure')).toBeLessThan(0.3)
	expect(similarity('', 'x')).toBe(0)
})

test('the words of a path come from its last segment', () => {
	expect(pathWords('/setup/game-modes')).toBe('game modes')
	expect(pathWords('/quests/While_Guthix%20Sleeps')).toBe('While Guthix Sleeps')
	expect(pathWords('/bad/%E0%A4%A')).toBe('%E0%A4%A')
	expect(pathWords('/')).toBe('')
})

test('a kebab variant of a title finds the page first', () => {
	expect(closestPages('/setup/game-modes', pages)[0]).toEqual({ path: '/setup/gamemodes', title: 'Game modes' })
})

test('a typo in a quest slug finds the quest; an alias counts too', () => {
	expect(closestPages('/quests/dragon-slayr', pages)[0]?.path).toBe('/quests/dragon-slayer')
	expect(closestPages('/quests/wgs', pages)[0]?.path).toBe('/quests/while-guthix-sleeps')
})

test('the same section breaks a tie, nothing similar gives no suggestions, and the limit holds', () => {
	expect(closestPages('/quests/desert-tresure', pages).map((s) => s.path)).toEqual([
		'/quests/desert-treasure',
		'/guides/early-game/desert-treasure',
	])
	expect(closestPages('/zzzz/qqqq', pages)).toEqual([])
	expect(closestPages('/quests/desert-treasure', pages, 1)).toHaveLength(1)
})
