import { expect, test } from 'vitest'
import { parseQuery } from '#app/lib/query-params.ts'
import { SKILLS } from '#app/lib/skills.ts'
import { groupGainsQuerySchema, memberGains, sortGains, type GainsEnd } from './group-gains.ts'

const end = (takenAt: string, xp: Partial<Record<number, number>>, source = 0): GainsEnd => ({
	takenAt: new Date(takenAt),
	source,
	xp: SKILLS.map((skill) => xp[skill.id] ?? 100),
})

test('a member gains the XP between the two snapshots, per skill and overall; a fall counts as none', () => {
	const gains = memberGains({
		key: 'anna',
		name: 'Anna',
		start: end('2026-11-01T00:00:00Z', { 0: 1000, 7: 500 }),
		end: end('2026-11-08T00:00:00Z', { 0: 4000, 7: 400 }),
	})
	expect(gains).toMatchObject({ start: '2026-11-01T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z', overall: 3000 })
	expect(gains.skills).toMatchObject({ attack: 3000, cooking: 0, defence: 0 })
})

test('a skill at 0 XP in a hiscores start is unranked, not zero: its XP is not a gain', () => {
	const gains = memberGains({
		key: 'b',
		name: 'B',
		start: end('2026-11-01T00:00:00Z', { 1: 0 }, 1),
		end: end('2026-11-08T00:00:00Z', { 1: 90_000 }),
	})
	expect(gains.skills?.defence).toBe(0)
	expect(gains.overall).toBe(0)
})

test('a member with nothing to compare has no gains', () => {
	expect(memberGains({ key: 'c', name: 'C', start: null, end: null })).toEqual({
		key: 'c',
		name: 'C',
		start: null,
		end: null,
		overall: null,
		skills: null,
	})
})

test('members sort by the chosen skill, then overall, then name; those without gains last', () => {
	const member = (name: string, attack: number, cooking: number) =>
		memberGains({
			key: name,
			name,
			start: end('2026-11-01T00:00:00Z', {}),
			end: end('2026-11-02T00:00:00Z', { 0: 100 + attack, 7: 100 + cooking }),
		})
	const members = [
		memberGains({ key: 'z', name: 'Aaron', start: null, end: null }),
		member('Cy', 10, 500),
		member('Bea', 50, 0),
		member('Al', 10, 500),
	]
	expect(sortGains(members, 'attack').map((m) => m.name)).toEqual(['Bea', 'Al', 'Cy', 'Aaron'])
	expect(sortGains(members, 'cooking').map((m) => m.name)).toEqual(['Al', 'Cy', 'Bea', 'Aaron'])
	expect(sortGains(members, 'overall').map((m) => m.name)).toEqual(['Al', 'Cy', 'Bea', 'Aaron'])
})

test("the query takes a player's gains parameters and sort, naming the parameter at fault", () => {
	const parse = (query: string) => parseQuery(groupGainsQuerySchema('2026-11-28'), new URLSearchParams(query))
	expect(parse('')).toEqual({ ok: true, value: { period: 'week', sort: 'overall' } })
	expect(parse('period=year&sort=Attack')).toEqual({ ok: true, value: { period: 'year', sort: 'attack' } })
	expect(parse('from=2026-11-01&to=2026-11-10&sort=')).toEqual({
		ok: true,
		value: { from: '2026-11-01', to: '2026-11-10', sort: 'overall' },
	})
	expect(parse('period=fortnight')).toMatchObject({ ok: false, parameter: 'period' })
	expect(parse('sort=sailing')).toMatchObject({
		ok: false,
		parameter: 'sort',
		message: expect.stringMatching(/^sort must be overall or a skill/),
	})
	expect(parse('from=2026-11-10&to=2026-11-01')).toMatchObject({ ok: false, parameter: 'from' })
	expect(parse('from=2026-11-10')).toMatchObject({ ok: false, parameter: 'to' })
	expect(parse('period=day&from=2026-11-01&to=2026-11-02')).toMatchObject({ ok: false, parameter: 'period' })
	expect(parse('skill=attack')).toMatchObject({ ok: false, parameter: 'skill' })
})
