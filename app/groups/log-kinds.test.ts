import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { classifyLogEntry, type LogEntryKind } from './log-kinds.ts'

type Entry = { date: string; text: string; details: string }
const read = (path: string) => JSON.parse(readFileSync(new URL(`../../tests/fixtures/${path}`, import.meta.url), 'utf8')) as unknown
const clanSample = read('clans/activities_sample.json') as Entry[]
const profileSample = (read('runemetrics/profile_ok.json') as { activities: Entry[] }).activities

/** Every line of both samples, with what it must become. */
const expected: Record<string, LogEntryKind> = {
	'Capped at my Clan Citadel.': { kind: 'citadel-cap' },
	'Visited my Clan Citadel.': { kind: 'citadel-visit' },
	'I killed 12 Amascuts.': { kind: 'boss-kill', boss: 'Amascuts', count: 12 },
	'I found a Seismic wand.': { kind: 'drop', item: 'Seismic wand' },
	'I killed  Vorago.': { kind: 'boss-kill', boss: 'Vorago', count: 1 },
	'Master treasure trail completed.': { kind: 'clue', tier: 'master' },
	'Levelled up Cooking.': { kind: 'level', skill: 'cooking', level: 90 },
	'200000000XP in Necromancy': { kind: 'xp-milestone', skill: 'necromancy', xp: 200_000_000 },
	'Quest complete: The Restless Ghost': { kind: 'quest', quest: 'The Restless Ghost' },
	'Maintained Clan Fealty 5': { kind: 'clan-fealty', fealty: 5 },
	'I found some Dragon bones.': { kind: 'drop', item: 'Dragon bones' },
	'Levelled up Divination.': { kind: 'level', skill: 'divination', level: 56 },
	"I killed 6 K'ril Tsutsaroths.": { kind: 'boss-kill', boss: "K'ril Tsutsaroths", count: 6 },
	'Quest complete: Beneath Cursed Tides': { kind: 'quest', quest: 'Beneath Cursed Tides' },
	// A Dungeoneering floor's boss, not a boss with a name to count.
	'I killed a boss monster in Daemonheim.': { kind: 'other' },
}

describe('classifyLogEntry over the samples', () => {
	const lines = [...clanSample, ...profileSample]

	it('has an expectation for every sample line', () => {
		expect(lines).toHaveLength(15)
		expect(new Set(lines.map((l) => l.text))).toEqual(new Set(Object.keys(expected)))
	})

	it.each(lines.map((line) => [line.text, line] as const))('%s', (text, line) => {
		expect(classifyLogEntry(line)).toEqual(expected[text])
	})
})

describe('classifyLogEntry beyond the samples', () => {
	it.each<[string, string, LogEntryKind]>([
		['Levelled up Attack.', '', { kind: 'level', skill: 'attack', level: null }],
		[
			'Levelled up Constitution.',
			'I levelled my Constitution skill, I am now level 99.',
			{ kind: 'level', skill: 'constitution', level: 99 },
		],
		['Levelled up Sailing.', 'I levelled my Sailing skill, I am now level 2.', { kind: 'other' }],
		['13034431XP in Attack', '', { kind: 'xp-milestone', skill: 'attack', xp: 13_034_431 }],
		['50000000XP in Nothing', '', { kind: 'other' }],
		['I found an Elite clue scroll.', '', { kind: 'drop', item: 'Elite clue scroll' }],
		['I killed 2 Nexes.', '', { kind: 'boss-kill', boss: 'Nexes', count: 2 }],
		['Easy treasure trail completed.', '', { kind: 'clue', tier: 'easy' }],
		['Reached Clan Fealty 3', '', { kind: 'clan-fealty', fealty: 3 }],
		['Completed the Hard Ardougne achievements.', '', { kind: 'other' }],
		['Capped at my Clan Citadel', '', { kind: 'citadel-cap' }],
		["Capped at my friend's Clan Citadel.", '', { kind: 'other' }],
	])('%s', (text, details, kind) => {
		expect(classifyLogEntry({ text, details })).toEqual(kind)
	})
})
