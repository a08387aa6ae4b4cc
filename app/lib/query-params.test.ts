import { expect, test } from 'vitest'
import { z } from 'zod'
import { dayParameter, emptyAsAbsent, flagParameter, parseQuery } from './query-params.ts'

const schema = z.object({ username: z.string().optional(), goals: z.string().optional(), ironman: flagParameter('ironman') })
const parse = (query: string, options?: { ignoreUnknown?: boolean }) => parseQuery(schema, new URLSearchParams(query), options)

test('names the first parameter the endpoint does not take, and what it does take', () => {
	expect(parse('username=Zezima&goals=wgs')).toEqual({ ok: true, value: { username: 'Zezima', goals: 'wgs', ironman: false } })
	expect(parse('')).toMatchObject({ ok: true })
	expect(parse('username=Zezima&goal=wgs&x=1')).toEqual({
		ok: false,
		parameter: 'goal',
		message: 'Unknown parameter "goal": this endpoint takes username, goals, ironman.',
	})
	expect(parseQuery(z.object({}), new URLSearchParams('limit=5'))).toMatchObject({
		message: 'Unknown parameter "limit": this endpoint takes no query parameters.',
	})
	expect(parse('goal=wgs&username=x', { ignoreUnknown: true })).toMatchObject({ ok: true, value: { username: 'x' } })
})

test('a parameter given twice, or holding a control character, is refused by name', () => {
	expect(parse('goals=a&goals=b')).toEqual({ ok: false, parameter: 'goals', message: 'goals must be given once' })
	expect(parse('username=Zez%00ima')).toMatchObject({
		ok: false,
		parameter: 'username',
		message: expect.stringContaining('control character'),
	})
	expect(parse('username=a%1Fb').ok).toBe(false)
	expect(parse('goals=a%09b').ok).toBe(true)
})

test('a flag is true or false, false when absent; any other value is refused by name', () => {
	expect(parse('ironman=false')).toMatchObject({ value: { ironman: false } })
	expect(parse('ironman=true')).toMatchObject({ value: { ironman: true } })
	expect(parse('ironman=yes')).toEqual({ ok: false, parameter: 'ironman', message: 'ironman must be true or false.' })
	expect(parse('ironman=')).toMatchObject({ ok: false, parameter: 'ironman' })
})

test('an empty value can count as absent', () => {
	const optional = z.object({ from: emptyAsAbsent(z.string().min(3)) })
	expect(parseQuery(optional, new URLSearchParams('from='))).toEqual({ ok: true, value: { from: undefined } })
	expect(parseQuery(optional, new URLSearchParams('from=ab'))).toMatchObject({ ok: false, parameter: 'from' })
})

test('a day is bounded: from 2000-01-01 to tomorrow', () => {
	const day = dayParameter('from', '2026-11-28')
	expect(day.safeParse('2000-01-01').success).toBe(true)
	expect(day.safeParse('2026-11-29').success).toBe(true)
	expect(day.safeParse('2026-11-30').error?.issues[0]?.message).toBe('from must be a day from 2000-01-01 to 2026-11-29')
	expect(day.safeParse('1999-12-31').success).toBe(false)
	expect(day.safeParse('0000-01-01').success).toBe(false)
	expect(day.safeParse('2026-02-30').error?.issues[0]?.message).toBe('from must be a date like 2026-11-26')
})
