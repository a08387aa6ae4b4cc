import { describe, expect, test } from 'vitest'
import { parseCompetitionInput } from './competition-input.ts'

const valid = {
	title: 'Skill of the week',
	startsAt: '2026-12-01T18:00:00Z',
	endsAt: '2026-12-08T18:00:00Z',
	metrics: [{ metric: 'magic' }, { metric: 'kills:Vorago', weight: 2.5 }],
	participants: ['Zezima', 'le_me-you'],
}

function errors(patch: Record<string, unknown>) {
	const parsed = parseCompetitionInput({ ...valid, ...patch })
	if (parsed.ok) throw new Error('accepted')
	return parsed.errors
}

describe('parseCompetitionInput', () => {
	test('a valid competition: dates as Date, metrics parsed, weight 1 by default, names normalised', () => {
		const parsed = parseCompetitionInput(valid)
		expect(parsed).toEqual({
			ok: true,
			competition: {
				title: 'Skill of the week',
				startsAt: new Date('2026-12-01T18:00:00Z'),
				endsAt: new Date('2026-12-08T18:00:00Z'),
				metrics: [
					{ metric: { kind: 'xp', skills: ['magic'] }, weight: 1 },
					{ metric: { kind: 'kills', boss: 'vorago' }, weight: 2.5 },
				],
				participants: [
					{ name: 'Zezima', key: 'zezima' },
					{ name: 'le me you', key: 'le me you' },
				],
			},
		})
	})

	test('a time with an offset is read as the UTC instant it names', () => {
		const parsed = parseCompetitionInput({ ...valid, startsAt: '2026-12-01T20:00:00+02:00' })
		expect(parsed.ok && parsed.competition.startsAt.toISOString()).toBe('2026-12-01T18:00:00.000Z')
	})

	test('an end before (or at) the start names endsAt', () => {
		expect(errors({ endsAt: '2026-11-30T18:00:00Z' })).toEqual([{ path: 'endsAt', message: 'The end must be after the start.' }])
		expect(errors({ endsAt: valid.startsAt })[0]?.path).toBe('endsAt')
	})

	test('90 days exactly is allowed, a minute more is not', () => {
		expect(parseCompetitionInput({ ...valid, endsAt: '2027-03-01T18:00:00Z' }).ok).toBe(true)
		expect(errors({ endsAt: '2027-03-01T18:01:00Z' })).toEqual([{ path: 'endsAt', message: 'A competition lasts at most 90 days.' }])
	})

	test('a date that is not a date names its field', () => {
		expect(errors({ startsAt: 'next tuesday' })[0]?.path).toBe('startsAt')
	})

	test('an unknown metric names its index', () => {
		const [error] = errors({ metrics: [{ metric: 'magic' }, { metric: 'sailing' }] })
		expect(error?.path).toBe('metrics.1.metric')
		expect(error?.message).toMatch(/Unknown metric "sailing"/)
	})

	test('a weight that is not positive names it', () => {
		expect(errors({ metrics: [{ metric: 'magic', weight: 0 }] })).toEqual([
			{ path: 'metrics.0.weight', message: 'A weight must be above 0.' },
		])
		expect(errors({ metrics: [{ metric: 'magic', weight: -2 }] })[0]?.path).toBe('metrics.0.weight')
	})

	test('no metric, or one twice, is refused', () => {
		expect(errors({ metrics: [] })[0]?.path).toBe('metrics')
		expect(errors({ metrics: [{ metric: 'Magic' }, { metric: 'magic' }] })[0]?.path).toBe('metrics.1.metric')
	})

	test('501 participants are too many; 500 are fine', () => {
		const names = (n: number) => Array.from({ length: n }, (_, i) => `Player ${i}`)
		expect(parseCompetitionInput({ ...valid, participants: names(500) }).ok).toBe(true)
		expect(errors({ participants: names(501) })).toEqual([{ path: 'participants', message: 'At most 500 participants.' }])
	})

	test('an invalid name names its index and says why', () => {
		const found = errors({ participants: ['Zezima', 'Way too long name'] })
		expect(found).toEqual([
			{
				path: 'participants.1',
				message: 'RuneScape names are at most 12 characters; "Way too long name" has 17.',
			},
		])
		expect(errors({ participants: ['Zez!ma'] })[0]?.path).toBe('participants.0')
		expect(errors({ participants: ['Zezima', 'zezima'] })[0]).toEqual({
			path: 'participants.1',
			message: '"zezima" is listed twice.',
		})
	})

	test('neither group nor participants is refused; a group alone is all its members', () => {
		expect(errors({ participants: undefined })[0]?.path).toBe('participants')
		expect(errors({ participants: [] })[0]?.path).toBe('participants')
		const group = parseCompetitionInput({ ...valid, participants: undefined, groupId: 7 })
		expect(group.ok && group.competition.groupId).toBe(7)
	})

	test('teams: each participant in exactly one, named in the participants', () => {
		const teams = [
			{ name: 'Red', participants: ['Zezima'] },
			{ name: 'Blue', participants: ['le me you'] },
		]
		const parsed = parseCompetitionInput({ ...valid, teams })
		expect(parsed.ok && parsed.competition.teams?.map((team) => team.participants[0]?.key)).toEqual(['zezima', 'le me you'])
		expect(errors({ teams: [teams[0], { name: 'Blue', participants: ['Zezima'] }] })).toContainEqual({
			path: 'teams.1.participants.0',
			message: '"Zezima" is already in team 1.',
		})
		expect(errors({ teams: [teams[0], { name: 'Blue', participants: ['Stranger'] }] })).toContainEqual({
			path: 'teams.1.participants.0',
			message: '"Stranger" is not in the participants.',
		})
		expect(errors({ participants: ['Zezima', 'le me you', 'Extra'], teams })).toContainEqual({
			path: 'participants.2',
			message: '"Extra" is in no team.',
		})
		expect(errors({ teams: [teams[0]] })[0]?.path).toBe('teams')
	})

	test('teams without a list are the participants', () => {
		const parsed = parseCompetitionInput({
			...valid,
			participants: undefined,
			teams: [
				{ name: 'Red', participants: ['A'] },
				{ name: 'Blue', participants: ['B'] },
			],
		})
		expect(parsed.ok).toBe(true)
	})

	test('a body that is not an object gets one error for the whole body', () => {
		const parsed = parseCompetitionInput('hello')
		expect(parsed.ok).toBe(false)
		expect(!parsed.ok && parsed.errors[0]?.path).toBe('')
	})
})

test('a bad name and an end before the start are both reported', () => {
	const parsed = parseCompetitionInput({
		...valid,
		endsAt: '2026-11-01T00:00:00Z',
		participants: ['Zez!ma'],
	})
	expect(!parsed.ok && parsed.errors.map((error) => error.path).sort()).toEqual(['endsAt', 'participants.0'])
})

test.each([
	{ participants: 'Zezima', teams: [{ name: 'A', participants: ['B'] }, 'x'] },
	{ teams: 'two', participants: [1, null] },
	{ teams: [{ name: 'A', participants: 5 }, null], startsAt: 5, endsAt: null },
	{ metrics: [null, { metric: 3, weight: 'heavy' }], groupId: 'mine' },
])('garbage in any field gives errors, never a throw (%#)', (patch) => {
	const parsed = parseCompetitionInput({ ...valid, ...patch })
	expect(parsed.ok).toBe(false)
	expect(!parsed.ok && parsed.errors.length).toBeGreaterThan(0)
})
