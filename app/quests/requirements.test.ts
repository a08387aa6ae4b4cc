import { expect, test } from 'vitest'
import { computeAllSummaries, createRequirementResolver, QuestCycleError, type ChainQuest } from '#app/quests/requirements.ts'
import type { SkillRequirement } from '#app/quests/schema.ts'

function q(
	name: string,
	quest: string[] = [],
	skill: SkillRequirement[] = [],
	extra: { questPoints?: number; other?: string[]; aliases?: string[] } = {},
): ChainQuest {
	return {
		name,
		aliases: extra.aliases,
		requirements: { quest, skill, questPoints: extra.questPoints, other: extra.other ?? [] },
	}
}

const names = (quests: readonly ChainQuest[], target: string) =>
	createRequirementResolver(quests)
		.summary(target)
		.quests.map((s) => s.name)

test('diamond: the shared root comes once, before both branches, target last', () => {
	const quests = [q('Top', ['Left', 'Right']), q('Left', ['Root']), q('Right', ['Root']), q('Root')]
	expect(names(quests, 'Top')).toEqual(['Root', 'Left', 'Right', 'Top'])
})

test('deep chain keeps dependency order', () => {
	const quests = Array.from({ length: 50 }, (_, i) => q(`Q${String(i).padStart(2, '0')}`, i ? [`Q${String(i - 1).padStart(2, '0')}`] : []))
	const chain = names(quests, 'Q49')
	expect(chain).toHaveLength(50)
	expect(chain[0]).toBe('Q00')
	expect(chain.at(-1)).toBe('Q49')
	expect(chain).toEqual([...chain].sort())
})

test('shared prerequisites appear once and every quest follows all of its prerequisites', () => {
	const quests = [q('Final', ['B', 'A', 'C']), q('A', ['Base']), q('B', ['Base', 'A']), q('C', ['B', 'Base']), q('Base')]
	const chain = names(quests, 'Final')
	expect(chain).toEqual(['Base', 'A', 'B', 'C', 'Final'])
	const byName = new Map(quests.map((x) => [x.name, x]))
	chain.forEach((name, i) => {
		for (const prereq of byName.get(name)!.requirements.quest) {
			expect(chain.indexOf(prereq)).toBeLessThan(i)
		}
	})
})

test('order is alphabetical among siblings, whatever order the data lists them in', () => {
	const a = [q('T', ['Zeta', 'alpha', 'Mid']), q('Zeta'), q('alpha'), q('Mid')]
	const b = [q('Mid'), q('T', ['Mid', 'Zeta', 'alpha']), q('alpha'), q('Zeta')]
	expect(names(a, 'T')).toEqual(['alpha', 'Mid', 'Zeta', 'T'])
	expect(names(b, 'T')).toEqual(names(a, 'T'))
})

test('an unknown quest yields an empty summary', () => {
	const summary = createRequirementResolver([q('A')]).summary('Nope')
	expect(summary).toEqual({
		quest: 'Nope',
		quests: [],
		totalSkills: [],
		questPoints: 0,
		other: [],
		ironmanSkills: [],
		anyOf: [],
	})
})

test('a quest is found by alias and the summary uses the canonical name', () => {
	const resolver = createRequirementResolver([q('Desert Treasure', [], [], { aliases: ['DT'] })])
	expect(resolver.summary('dt').quest).toBe('Desert Treasure')
	expect(resolver.chain('DT')).toEqual(['Desert Treasure'])
})

test('totalSkills keeps the highest level per skill across the chain, sorted by skill', () => {
	const quests = [
		q(
			'Top',
			['Mid'],
			[
				{ skill: 'magic', level: 50 },
				{ skill: 'agility', level: 10 },
			],
		),
		q(
			'Mid',
			['Low'],
			[
				{ skill: 'magic', level: 60 },
				{ skill: 'thieving', level: 30 },
			],
		),
		q(
			'Low',
			[],
			[
				{ skill: 'agility', level: 40 },
				{ skill: 'thieving', level: 20 },
			],
		),
	]
	const summary = createRequirementResolver(quests).summary('Top')
	expect(summary.totalSkills).toEqual([
		{ skill: 'agility', level: 40 },
		{ skill: 'magic', level: 60 },
		{ skill: 'thieving', level: 30 },
	])
	expect(summary.quests.at(-1)).toEqual({
		name: 'Top',
		slug: 'top',
		skills: [
			{ skill: 'agility', level: 10 },
			{ skill: 'magic', level: 50 },
		],
		requires: ['Mid'],
	})
})

test('the highest quest-point threshold in the chain wins; none gives 0', () => {
	const quests = [q('Top', ['Mid'], [], { questPoints: 20 }), q('Mid', ['Low'], [], { questPoints: 107 }), q('Low')]
	const resolver = createRequirementResolver(quests)
	expect(resolver.summary('Top').questPoints).toBe(107)
	expect(resolver.summary('Low').questPoints).toBe(0)
})

test('other requirements are deduplicated in chain order', () => {
	const quests = [
		q('Top', ['A', 'B'], [], { other: ['Own a boat', 'Reach the summit'] }),
		q('A', [], [], { other: ['Own a boat'] }),
		q('B', [], [], { other: ['own a  boat', 'Find the key'] }),
	]
	expect(createRequirementResolver(quests).summary('Top').other).toEqual(['Own a boat', 'Find the key', 'Reach the summit'])
})

test('unlocks lists the quests that directly need one, sorted', () => {
	const resolver = createRequirementResolver([q('Root'), q('b', ['Root']), q('A', ['Root']), q('C', ['b'])])
	expect(resolver.unlocks('Root')).toEqual(['A', 'b'])
	expect(resolver.unlocks('C')).toEqual([])
	expect(resolver.unlocks('Unknown')).toEqual([])
})

test('unknown prerequisites are skipped, cycles throw with the path', () => {
	expect(names([q('A', ['Ghost'])], 'A')).toEqual(['A'])
	const resolver = createRequirementResolver([q('A', ['B']), q('B', ['C']), q('C', ['A'])])
	expect(() => resolver.summary('A')).toThrow(QuestCycleError)
	expect(() => resolver.summary('A')).toThrow('A → B → C → A')
})

test('summaries are deterministic and memoised chains match a fresh computation', () => {
	const quests = [q('Top', ['Left', 'Right']), q('Left', ['Root']), q('Right', ['Root', 'Left']), q('Root')]
	const all = computeAllSummaries(quests)
	expect([...all.keys()]).toEqual(['Left', 'Right', 'Root', 'Top'])
	for (const quest of quests) {
		const fresh = createRequirementResolver([...quests].reverse()).summary(quest.name)
		expect(all.get(quest.name)).toEqual(fresh)
	}
})

// A walk that revisits shared prerequisites grows exponentially on this graph and would not end
// within the test's timeout; the time itself is measured by npm run bench:quests, not asserted here.
test('all chains of a wide generated graph are computed without revisiting shared steps', () => {
	const quests = Array.from({ length: 400 }, (_, i) =>
		q(
			`Q${i}`,
			[i - 1, i - 7, i - 31].filter((j) => j >= 0).map((j) => `Q${j}`),
			[{ skill: 'attack', level: 1 + (i % 99) }],
		),
	)
	const all = computeAllSummaries(quests)
	expect(all.get('Q399')!.quests).toHaveLength(400)
	expect(all.get('Q399')!.totalSkills).toEqual([{ skill: 'attack', level: 99 }])
})

test('a chain step carries its wiki title only when it differs from the name', () => {
	const quests: ChainQuest[] = [
		{ ...q('Top', ['Mini']), wikiTitle: 'Top' },
		{ ...q('Mini'), wikiTitle: 'Mini (miniquest)' },
	]
	const steps = createRequirementResolver(quests).summary('Top').quests
	expect(steps.map((s) => s.wikiTitle)).toEqual(['Mini (miniquest)', undefined])
	expect('wikiTitle' in steps[1]!).toBe(false)
})

type Req = ChainQuest['requirements']
const r = (name: string, requirements: Partial<Req>): ChainQuest => ({
	name,
	requirements: { quest: [], skill: [], other: [], ...requirements },
})

const partialWorld = () => [
	r('Dig', {}),
	r('Troll', { quest: ['Plateau'] }),
	r('Plateau', {}),
	r('Treasure', {
		quest: ['Dig', 'Troll'],
		skill: [{ skill: 'thieving', level: 53 }],
	}),
	r('Curse', {
		quest: ['Ikov'],
		partial: [
			{
				quest: 'Treasure',
				until: 'the pyramid is open',
				needs: { quest: ['Dig', 'Troll'], skill: [{ skill: 'thieving', level: 53 }] },
			},
		],
	}),
	r('Ikov', {}),
	r('Shadow', { quest: ['Curse'] }),
	r('Both', { quest: ['Curse', 'Treasure'] }),
]

test('a partial requirement is its own step after its needs; the whole quest stays out', () => {
	const summary = createRequirementResolver(partialWorld()).summary('Curse')
	expect(summary.quests.map((s) => s.name)).toEqual(['Ikov', 'Dig', 'Plateau', 'Troll', 'Treasure', 'Curse'])
	expect(summary.quests[4]).toEqual({
		name: 'Treasure',
		slug: 'treasure',
		skills: [{ skill: 'thieving', level: 53 }],
		partial: true,
		until: 'the pyramid is open',
		requires: ['Dig', 'Troll'],
	})
	expect(summary.quests.filter((s) => !s.partial).map((s) => s.name)).not.toContain('Treasure')
	expect(summary.totalSkills).toEqual([{ skill: 'thieving', level: 53 }])
})

test('partial steps pass down the chain, and a whole completion replaces them', () => {
	const resolver = createRequirementResolver(partialWorld())
	const shadow = resolver.summary('Shadow').quests
	expect(shadow.find((s) => s.name === 'Treasure')).toMatchObject({ partial: true })
	const both = resolver.summary('Both').quests
	expect(both.filter((s) => s.name === 'Treasure')).toEqual([
		{ name: 'Treasure', slug: 'treasure', skills: [{ skill: 'thieving', level: 53 }], requires: ['Dig', 'Troll'] },
	])
	expect(resolver.unlocks('Treasure')).toEqual(['Both'])
})

test('partial needs take part in cycle detection and quest points', () => {
	const loop = [r('A', { partial: [{ quest: 'B', until: 'x', needs: { quest: ['C'], skill: [] } }] }), r('B', {}), r('C', { quest: ['A'] })]
	expect(() => createRequirementResolver(loop).summary('A')).toThrow('A → C → A')
	const qp = [
		r('Legends', { questPoints: 107 }),
		r('Amik', {
			partial: [{ quest: 'Legends', until: 'x', needs: { quest: [], skill: [], questPoints: 107 } }],
		}),
	]
	expect(createRequirementResolver(qp).summary('Amik').questPoints).toBe(107)
})

test('a fully requirement is a completion whose step carries the extra', () => {
	const quests = [
		r('Saga', { skill: [{ skill: 'dungeoneering', level: 23 }] }),
		r('Remains', { quest: ['Tomes'], fully: [{ quest: 'Saga', until: '100 % (unabridged)' }] }),
		r('Tomes', {}),
		r('Alpha', { quest: ['Remains'] }),
	]
	const resolver = createRequirementResolver(quests)
	const steps = resolver.summary('Alpha').quests
	expect(steps.map((s) => s.name)).toEqual(['Saga', 'Tomes', 'Remains', 'Alpha'])
	expect(steps[0]).toEqual({
		name: 'Saga',
		slug: 'saga',
		skills: [{ skill: 'dungeoneering', level: 23 }],
		until: '100 % (unabridged)',
	})
	expect(resolver.unlocks('Saga')).toEqual(['Remains'])
	expect(resolver.summary('Saga').quests[0]!.until).toBeUndefined()
})

test('ironman levels are kept apart and only where above the everyone level', () => {
	const quests = [
		r('Low', {
			skill: [{ skill: 'crafting', level: 20 }],
			ironman: {
				skill: [
					{ skill: 'crafting', level: 49 },
					{ skill: 'mining', level: 20 },
				],
			},
		}),
		r('Top', { quest: ['Low'], skill: [{ skill: 'mining', level: 30 }] }),
	]
	const summary = createRequirementResolver(quests).summary('Top')
	expect(summary.totalSkills).toEqual([
		{ skill: 'crafting', level: 20 },
		{ skill: 'mining', level: 30 },
	])
	expect(summary.ironmanSkills).toEqual([{ skill: 'crafting', level: 49 }])
})

test('anyOf groups are collected along the chain, once each', () => {
	const group = {
		skill: [
			{ skill: 'smithing' as const, level: 85 },
			{ skill: 'crafting' as const, level: 85 },
		],
	}
	const quests = [r('A', { anyOf: [group] }), r('B', { quest: ['A'], anyOf: [group] })]
	expect(createRequirementResolver(quests).summary('B').anyOf).toEqual([
		[
			{ skill: 'crafting', level: 85 },
			{ skill: 'smithing', level: 85 },
		],
	])
})
