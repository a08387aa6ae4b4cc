import { expect, test } from 'vitest'
import { type ChainPlayer, chainStepStates, startHereIndex } from '#app/lib/quests/chain-states.ts'
import { type ChainQuest, createRequirementResolver } from '#app/lib/quests/requirements.ts'
import type { SkillRequirement } from '#app/lib/quests/schema.ts'

function q(name: string, quest: string[] = [], skill: SkillRequirement[] = [], questPoints?: number): ChainQuest {
	return { name, requirements: { quest, skill, questPoints, other: [] } }
}

// Root → Left, Root → Right (Magic 50), Left + Right → Top (20 quest points).
const quests = [
	q('Top', ['Right', 'Left'], [], 20),
	q('Left', ['Root']),
	q('Right', ['Root'], [{ skill: 'magic', level: 50 }]),
	q('Root'),
]
const steps = createRequirementResolver(quests).summary('Top').quests

function player(done: string[], magic = 1, questPoints: number | undefined = 0): ChainPlayer {
	return { hasCompleted: (name) => done.includes(name), levelOf: () => magic, questPoints }
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

test('everything done: no "Start here"', () => {
	const states = chainStepStates(steps, player(['Root', 'Left', 'Right', 'Top'], 99, 50))
	expect(states.every((s) => s.state === 'completed')).toBe(true)
	expect(startHereIndex(states)).toBe(-1)
})
