import { expect, test } from 'vitest'
import type { GameFacts } from '#app/lib/game-facts/schema.ts'
import { checkPage } from './check.ts'

const gear = (id: string, name: string, aliases: string[], skill: 'defence' | 'attack' | 'ranged', level: number) => ({
	id,
	name,
	aliases,
	kind: 'armour' as const,
	style: 'melee' as const,
	tier: level,
	levels: [{ skill, level }],
	sources: ['https://runescape.wiki/w/X'],
	verified: '2026-11-21',
})

const facts: GameFacts = {
	gear: [
		gear('subjugation-armour', 'Subjugation armour', ['Subjugation'], 'defence', 70),
		gear('bandos-armour', 'Bandos armour', ['Bandos'], 'defence', 70),
		gear('abyssal-whip', 'Abyssal whip', [], 'attack', 70),
		gear('magic-bows', 'Magic bows', ['magic shortbow'], 'ranged', 80),
	],
	unlocks: [
		{
			id: 'bonecrusher',
			name: 'Bonecrusher',
			aliases: [],
			levels: [{ skill: 'dungeoneering', level: 41 }],
			other: [],
			sources: ['https://runescape.wiki/w/Bonecrusher'],
			verified: '2026-11-21',
		},
	],
	updates: [],
}

const page = (body: string, front = 'sources: [https://runescape.wiki/w/Magic]\nlastVerified: 2026-11-21\n') =>
	`---\ntitle: T\norder: 1\n${front}---\n\n${body}\n`
const messages = (body: string, front?: string) => checkPage('content/x.md', page(body, front), facts).map((p) => `${p.line}: ${p.message}`)

test('a planted contradiction is found, in a table and in prose, with the line and the fix', () => {
	// The fact-check's case: Subjugation at Defence 70 on one page, 80 on another.
	const table = '| Tier | Armour |\n| --- | --- |\n| 80 | Subjugation :skill-badge{skill="defence" level="80"} |'
	expect(messages(table)).toEqual([
		'10: "Subjugation" with Defence 80, but data/game/ says Defence 70 (gear "subjugation-armour"): write :gear{id="subjugation-armour"}',
	])
	expect(messages('Later, Bandos armour needs Defence 80.')).toEqual([
		'8: "Bandos armour" with Defence 80, but data/game/ says Defence 70 (gear "bandos-armour"): write :gear{id="bandos-armour"}',
	])
	expect(messages('You can wear Bandos at level 80 Defence.')).toHaveLength(1)
	// A sentence on a later line of its paragraph is reported at its own line.
	expect(messages('First line of the paragraph.\nThe second: Bandos armour at Defence 80.')).toEqual([
		'9: "Bandos armour" with Defence 80, but data/game/ says Defence 70 (gear "bandos-armour"): write :gear{id="bandos-armour"}',
	])
})

test('levels that agree, a directive, and levels of other items or skills pass', () => {
	expect(messages('| Armour | Needs |\n| --- | --- |\n| Subjugation armour | :skill-badge{skill="defence" level="70"} |')).toEqual([])
	expect(messages('Wear :gear{id="subjugation-armour"} from Defence 70.')).toEqual([])
	// A level belongs to the item written before it: dragon 60 is not the whip's.
	expect(messages('Dragon weapons at :skill-badge{skill="attack" level="60"}, the abyssal whip at :skill-badge{skill="attack" level="70"}.')).toEqual([])
	// Slayer is not a requirement of the whip: the sentence is about the monsters.
	expect(messages('The abyssal whip drops from abyssal demons (Slayer 85).')).toEqual([])
	// "magic" the skill is not "magic bows" the weapon; "yew bows need 70 Ranged, magic bows 80" has no level for magic bows.
	expect(messages('Yew bows now need 70 Ranged, magic bows 80 and elder bows 90.')).toEqual([])
	// A table row's other cells: the source column naming an item takes no level.
	expect(messages('| Item | Needs | From |\n| --- | --- | --- |\n| Elite armour | :skill-badge{skill="defence" level="92"} | An upgrade of Bandos armour |')).toEqual([])
})

test('a bare number under a skill column heading is a level of that skill', () => {
	const table = (level: number) => `| Reward | Dungeoneering | Tokens |\n| --- | --- | --- |\n| Bonecrusher | ${level} | 50,000 |`
	expect(messages(table(41))).toEqual([])
	expect(messages(table(45))).toEqual([
		'10: "Bonecrusher" with Dungeoneering 45, but data/game/ says Dungeoneering 41 (unlock "bonecrusher"): write :unlock{id="bonecrusher"}',
	])
})

test('every page names its sources and a verified day', () => {
	expect(messages('Text.', '')).toEqual([
		'1: no sources: name the pages its facts were checked against',
		'1: no lastVerified: the day a person last checked its facts',
	])
	// A section that only redirects to its first page states no facts.
	expect(messages('Text.', 'redirect: first-child\n')).toEqual([])
})
