import { expect, test } from 'vitest'
import { questSchema } from '#app/quests/schema.ts'
import { questSlug } from '#app/quests/names.ts'
import { buildPlannerData } from './planner-data.ts'

const quest = (name: string, extra: Record<string, unknown> = {}) => {
	const parsed = questSchema.parse({ name, difficulty: 1, members: true, questPoints: 2, requirements: {}, ...extra })
	return { ...parsed, slug: questSlug(parsed.name) }
}
const quests = [
	quest("Plague's End", {
		aliases: ['PE'],
		requirements: { quest: ['Mourning'], skill: [{ skill: 'magic', level: 75 }], questPoints: 50, other: ['Be brave'] },
	}),
	quest('Mourning'),
]
const preset = (fields: string) =>
	`- slug: prifddinas\n  kind: unlock\n  label: Prifddinas\n  quest: Plague's End\n  description: The elf city.\n  sources: [https://example.org/pe]\n${fields}`

test('a sound presets file gives the planner data: quests reduced, presets without sources', () => {
	const { data, problems } = buildPlannerData(quests, preset('  aliases: [Prif]\n'))
	expect(problems).toEqual([])
	expect(data!.presets).toEqual([
		{ slug: 'prifddinas', kind: 'unlock', label: 'Prifddinas', quest: "Plague's End", aliases: ['Prif'], description: 'The elf city.' },
	])
	expect(data!.quests[0]).toEqual({
		name: "Plague's End",
		slug: 'plagues-end',
		aliases: ['PE'],
		questPoints: 2,
		quests: ['Mourning'],
		skills: { magic: 75 },
		questPointsNeeded: 50,
		other: ['Be brave'],
	})
	expect(data!.quests[1]).toEqual({ name: 'Mourning', slug: 'mourning', questPoints: 2, quests: [], skills: {} })
})

test('problems name the file, the preset and the field', () => {
	const check = (yaml: string) => buildPlannerData(quests, yaml).problems
	expect(check(preset('').replace("Plague's End", "plague's end"))).toEqual([
		`data/planner/presets.yaml: [0] prifddinas: quest "plague's end" is not a quest's name; did you mean "Plague's End"?`,
	])
	expect(check(preset('  aliases: [PE]\n'))).toEqual([
		`data/planner/presets.yaml: [0] prifddinas: alias "PE" is already a name of the quest "Plague's End"`,
	])
	expect(check(preset('').replace('slug: prifddinas', 'slug: mourning'))).toEqual([
		'data/planner/presets.yaml: [0] mourning: slug "mourning" is already the slug of the quest "Mourning"',
	])
	expect(check(preset('') + preset('').replace('label: Prifddinas', 'label: Prif city'))).toEqual([
		'data/planner/presets.yaml: [1] prifddinas: slug "prifddinas" is already used by the preset "prifddinas"',
	])
	expect(check(preset('').replace('https://example.org/pe', 'http://example.org/pe'))).toEqual([
		'data/planner/presets.yaml: 0.sources.0: must be an https address',
	])
	expect(check(preset('').replace('kind: unlock', 'kind: cape'))[0]).toMatch(/^data\/planner\/presets.yaml: 0.kind: /)
	expect(check('- slug: [')[0]).toMatch(/^data\/planner\/presets.yaml: invalid YAML/)
	expect(check('[]')).toEqual(['data/planner/presets.yaml: (file): list at least one preset'])
})

test('parts of quests, quests past completion, alternatives and ironman levels reach the planner', () => {
	const base = quest('Mourning')
	const structured = {
		...base,
		name: 'Curse',
		slug: 'curse',
		requirements: {
			...base.requirements,
			quest: ['Mourning'],
			other: ['Bring a light'],
			partial: [
				{
					quest: "Plague's End",
					until: 'the first door',
					needs: { quest: ['Mourning'], skill: [{ skill: 'agility' as const, level: 30 }] },
				},
			],
			fully: [{ quest: 'Saga', until: '100 % (unabridged)' }],
			anyOf: [
				{
					skill: [
						{ skill: 'mining' as const, level: 20 },
						{ skill: 'divination' as const, level: 22 },
					],
				},
			],
			ironman: { skill: [{ skill: 'smithing' as const, level: 40 }] },
		},
	}
	const { data, problems } = buildPlannerData([...quests, structured], preset(''))
	expect(problems).toEqual([])
	expect(data!.quests.at(-1)).toEqual({
		name: 'Curse',
		slug: 'curse',
		questPoints: 2,
		quests: ['Mourning', 'Saga'],
		skills: {},
		other: ['Saga: 100 % (unabridged)', 'Bring a light'],
		partial: [{ quest: "Plague's End", until: 'the first door', needs: { quests: ['Mourning'], skills: { agility: 30 } } }],
		anyOf: [{ mining: 20, divination: 22 }],
		ironman: { smithing: 40 },
	})
})
