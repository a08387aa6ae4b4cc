import { expect, test } from 'vitest'
import { questSlug } from '#app/quests/names.ts'
import type { PlannerData } from './data.ts'
import { goalOptions, MAX_GOALS, parseGoalsParam, searchGoals } from './goals.ts'

const quest = (name: string, aliases?: string[]) => ({
	name,
	slug: questSlug(name),
	...(aliases ? { aliases } : {}),
	questPoints: 1,
	quests: [],
	skills: {},
})

const data: PlannerData = {
	quests: [
		quest('While Guthix Sleeps', ['WGS']),
		quest('Desert Treasure', ['DT']),
		quest('Desert Treasure II - The Fallen Empire', ['DT2']),
		quest('Recipe for Disaster', ['RFD']),
		quest('The Dig Site'),
		quest('Dragon Slayer'),
	],
	presets: [
		{ slug: 'quest-point-cape', kind: 'quest-cape', label: 'Quest Point Cape', aliases: ['QPC'], description: 'All.' },
		{ slug: 'prifddinas', kind: 'unlock', label: 'Prifddinas', quest: "Plague's End", aliases: ['Prif'], description: 'Elves.' },
	],
}
const options = goalOptions(data)
const labels = (input: string, limit?: number) => searchGoals(options, input, limit).map((m) => m.option.label)

test('the options list presets first, then quests by name', () => {
	expect(options.map((o) => o.label)).toEqual([
		'Quest Point Cape',
		'Prifddinas',
		'Desert Treasure',
		'Desert Treasure II - The Fallen Empire',
		'Dragon Slayer',
		'Recipe for Disaster',
		'The Dig Site',
		'While Guthix Sleeps',
	])
	expect(options[1]).toMatchObject({ kind: 'unlock', quest: "Plague's End" })
})

test('an exact alias wins: wgs, dt, rfd, prif', () => {
	expect(labels('wgs')[0]).toBe('While Guthix Sleeps')
	expect(searchGoals(options, 'WGS')[0]).toMatchObject({ alias: 'WGS' })
	expect(labels('dt')[0]).toBe('Desert Treasure')
	expect(labels('rfd')).toEqual(['Recipe for Disaster'])
	expect(labels('prif')).toEqual(['Prifddinas'])
})

test('then names starting with the input, aliases starting with it, words, and anything containing it', () => {
	expect(labels('desert')).toEqual(['Desert Treasure', 'Desert Treasure II - The Fallen Empire'])
	expect(labels('d')).toEqual([
		'Desert Treasure',
		'Desert Treasure II - The Fallen Empire',
		'Dragon Slayer',
		'Recipe for Disaster',
		'The Dig Site',
	])
	expect(labels('dig')).toEqual(['The Dig Site'])
	expect(labels('slay')).toEqual(['Dragon Slayer'])
	expect(labels('guthix sl')).toEqual(['While Guthix Sleeps'])
	expect(labels('zzz')).toEqual([])
	expect(labels('d', 2)).toHaveLength(2)
})

test('blank input offers the presets', () => {
	expect(labels('  ')).toEqual(['Quest Point Cape', 'Prifddinas'])
})

test('the goals parameter: trimmed, lower-cased, repeats and blanks dropped, capped', () => {
	expect(parseGoalsParam('while-guthix-sleeps, ritual-of-the-mahjarrat,,WGS,while-guthix-sleeps')).toEqual([
		'while-guthix-sleeps',
		'ritual-of-the-mahjarrat',
		'wgs',
	])
	expect(parseGoalsParam(null)).toEqual([])
	expect(parseGoalsParam(Array.from({ length: 80 }, (_, i) => `q${i}`).join(','))).toHaveLength(MAX_GOALS)
})
