import { expect, test } from 'vitest'
import { type ChainPlayer, chainStepStates, startHereIndex } from '#app/quests/chain-states.ts'
import { type ChainQuest, createRequirementResolver } from '#app/quests/requirements.ts'
import type { SkillRequirement } from '#app/quests/schema.ts'

function q(name: string, quest: string[] = [], skill: SkillRequirement[] = [], questPoints?: number): ChainQuest {
	return { name, requirements: { quest, skill, questPoints, other: [] } }
}

// Root → Left, Root → Right (Magic 50), Left + Right → Top (20 quest points).
const quests = [q('Top', ['Right', 'Left'], [], 20), q('Left', ['Root']), q('Right', ['Root'], [{ skill: 'magic', level: 50 }]), q('Root')]
const steps = createRequirementResolver(quests).summary('Top').quests

function player(done: string[], magic = 1, questPoints: number | undefined = 0, started: string[] = []): ChainPlayer {
	return {
		hasCompleted: (name) => done.includes(name),
		hasStarted: (name) => done.includes(name) || started.includes(name),
		levelOf: () => magic,
		questPoints,
	}
}

test('steps keep their direct prerequisites in chain order and their own quest points', () => {
	expect(steps.map((s) => s.name)).toEqual(['Root', 'Left', 'Right', 'Top'])
	expect(steps[0]).not.toHaveProperty('requires')
	expect(steps[3]).toMatchObject({ requires: ['Left', 'Right'], questPoints: 20 })
})

test('nothing done: the root can start, the rest are blocked by their first missing prerequisite', () => {
	const states = chainStepStates(steps, player([]))
	expect(states).toEqual([
		{ state: 'can-start' },
		{ state: 'blocked', by: { kind: 'quest', name: 'Root', slug: 'root' } },
		{ state: 'blocked', by: { kind: 'quest', name: 'Root', slug: 'root' } },
		{ state: 'blocked', by: { kind: 'quest', name: 'Left', slug: 'left' } },
	])
	expect(startHereIndex(states)).toBe(0)
})

test('a missing level blocks once the quests are done; the first startable quest is "Start here"', () => {
	const states = chainStepStates(steps, player(['Root'], 20))
	expect(states[0]).toEqual({ state: 'completed' })
	expect(states[1]).toEqual({ state: 'can-start' })
	expect(states[2]).toEqual({ state: 'blocked', by: { kind: 'skill', skill: 'magic', level: 50, current: 20 } })
	expect(startHereIndex(states)).toBe(1)
})

test('quest points block last, and count as unchecked until known', () => {
	const done = ['Root', 'Left', 'Right']
	expect(chainStepStates(steps, player(done, 60, 12))[3]).toEqual({
		state: 'blocked',
		by: { kind: 'quest-points', required: 20, current: 12 },
	})
	expect(chainStepStates(steps, { ...player(done, 60), questPoints: undefined })[3]).toEqual({ state: 'checking' })
	expect(chainStepStates(steps, player(done, 60, 20))[3]).toEqual({ state: 'can-start' })
})

test('a partial step is done once started; its own needs block it until then', () => {
	const partialChain = createRequirementResolver([
		{ name: 'Gate', requirements: { quest: [], skill: [], other: [] } },
		{ name: 'Long', requirements: { quest: ['Gate'], skill: [{ skill: 'magic', level: 60 }], other: [] } },
		{
			name: 'After',
			requirements: {
				quest: [],
				skill: [],
				other: [],
				partial: [{ quest: 'Long', until: 'the gate opens', needs: { quest: ['Gate'], skill: [] } }],
			},
		},
	]).summary('After').quests
	expect(partialChain.map((s) => [s.name, s.partial ?? false])).toEqual([
		['Gate', false],
		['Long', true],
		['After', false],
	])
	expect(partialChain[2]).toMatchObject({ requiresStarted: ['Long'] })
	expect(chainStepStates(partialChain, player([]))[1]).toEqual({
		state: 'blocked',
		by: { kind: 'quest', name: 'Gate', slug: 'gate' },
	})
	expect(chainStepStates(partialChain, player(['Gate']))[2]).toEqual({
		state: 'blocked',
		by: { kind: 'quest', name: 'Long', slug: 'long' },
	})
	// Long's own Magic 60 is a whole-quest level: the partial step does not need it.
	expect(chainStepStates(partialChain, player(['Gate'], 1, 0, ['Long']))).toEqual([
		{ state: 'completed' },
		{ state: 'completed' },
		{ state: 'can-start' },
	])
})

test('ironman-only levels and groups of alternatives block too', () => {
	const steps = createRequirementResolver([
		{
			name: 'Iron',
			requirements: {
				quest: [],
				skill: [],
				other: [],
				ironman: { skill: [{ skill: 'magic', level: 50 }] },
				anyOf: [
					{
						skill: [
							{ skill: 'magic', level: 40 },
							{ skill: 'ranged', level: 40 },
						],
					},
				],
			},
		},
	]).summary('Iron').quests
	expect(chainStepStates(steps, player([], 45))[0]).toEqual({ state: 'can-start' })
	expect(chainStepStates(steps, player([], 45), true)[0]).toEqual({
		state: 'blocked',
		by: { kind: 'skill', skill: 'magic', level: 50, current: 45 },
	})
	expect(chainStepStates(steps, player([], 30))[0]).toEqual({
		state: 'blocked',
		by: {
			kind: 'any-of',
			options: [
				{ skill: 'magic', level: 40 },
				{ skill: 'ranged', level: 40 },
			],
		},
	})
})

test('everything done: no "Start here"', () => {
	const states = chainStepStates(steps, player(['Root', 'Left', 'Right', 'Top'], 99, 50))
	expect(states.every((s) => s.state === 'completed')).toBe(true)
	expect(startHereIndex(states)).toBe(-1)
})
