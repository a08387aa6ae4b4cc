import { expect, test } from 'vitest'
import {
	createQuestIndex,
	difficultyLabel,
	encodeWikiTitle,
	findQuest,
	normaliseQuestName,
	questSlug,
	wikiQuickGuideUrl,
} from '#app/quests/names.ts'

test('questSlug makes lower-case kebab-case without apostrophes or punctuation', () => {
	expect(questSlug("Cook's Assistant")).toBe('cooks-assistant')
	expect(questSlug("'Phite Club")).toBe('phite-club')
	expect(questSlug('Another Slice of H.A.M.')).toBe('another-slice-of-ham')
	expect(questSlug('Recipe for Disaster: Freeing the Goblin Generals')).toBe('recipe-for-disaster-freeing-the-goblin-generals')
	expect(questSlug("A Fairy Tale III - Battle at Ork's Rift")).toBe('a-fairy-tale-iii-battle-at-orks-rift')
	expect(questSlug("There's No Place Like Home...")).toBe('theres-no-place-like-home')
	expect(questSlug('Enter the Abyss (miniquest)')).toBe('enter-the-abyss-miniquest')
	expect(questSlug('Missing, Presumed Death')).toBe('missing-presumed-death')
	expect(questSlug('Crème Brûlée’s Quest')).toBe('creme-brulees-quest')
})

test('wikiQuickGuideUrl encodes like MediaWiki: _ for spaces, %27 for apostrophes, / kept', () => {
	expect(wikiQuickGuideUrl('Desert Treasure')).toBe('https://runescape.wiki/w/Desert_Treasure/Quick_guide')
	expect(wikiQuickGuideUrl("Sliske's Endgame")).toBe('https://runescape.wiki/w/Sliske%27s_Endgame/Quick_guide')
	expect(wikiQuickGuideUrl('Recipe for Disaster: Freeing Evil Dave')).toBe(
		'https://runescape.wiki/w/Recipe_for_Disaster:_Freeing_Evil_Dave/Quick_guide',
	)
	expect(wikiQuickGuideUrl('Bar Crawl (miniquest)')).toBe('https://runescape.wiki/w/Bar_Crawl_(miniquest)/Quick_guide')
	expect(encodeWikiTitle('A/B & C?')).toBe('A/B_%26_C%3F')
	expect(encodeWikiTitle('Crème')).toBe('Cr%C3%A8me')
})

test('difficultyLabel names each RuneMetrics difficulty', () => {
	expect([0, 1, 2, 3, 4, 250].map(difficultyLabel)).toEqual(['Novice', 'Intermediate', 'Experienced', 'Master', 'Grandmaster', 'Special'])
	expect(difficultyLabel(7)).toBe('Unknown')
})

test('normaliseQuestName trims, collapses whitespace, straightens apostrophes, lower-cases', () => {
	expect(normaliseQuestName('  Cook\u2019s   Assistant ')).toBe("cook's assistant")
})

const quests = [
	{ name: 'Desert Treasure', aliases: ['DT'] },
	{ name: "Legends' Quest" },
	{ name: 'Bar Crawl (miniquest)' },
	{ name: 'Nadir (saga)' },
	{ name: 'Twin (miniquest)' },
	{ name: 'Twin (saga)' },
]

test('findQuest matches names and aliases case-insensitively, then loosely', () => {
	expect(findQuest(quests, 'desert treasure')?.name).toBe('Desert Treasure')
	expect(findQuest(quests, 'dt')?.name).toBe('Desert Treasure')
	expect(findQuest(quests, 'Legends Quest')?.name).toBe("Legends' Quest")
	expect(findQuest(quests, 'legends\u2019 quest')?.name).toBe("Legends' Quest")
	expect(findQuest(quests, 'bar crawl')?.name).toBe('Bar Crawl (miniquest)')
	expect(findQuest(quests, 'Nadir')?.name).toBe('Nadir (saga)')
	expect(findQuest(quests, 'Twin')).toBeUndefined()
	expect(findQuest(quests, 'Twin (saga)')?.name).toBe('Twin (saga)')
	expect(findQuest(quests, 'Desert')).toBeUndefined()
})

test('suggest offers quests whose names contain the input', () => {
	const index = createQuestIndex(quests)
	expect(index.suggest('desert').map((q) => q.name)).toEqual(['Desert Treasure'])
	expect(index.suggest('!!')).toEqual([])
})
