import { expect, test } from 'vitest'
import { flagParameter, unknownParameter } from './query-params.server.ts'

test('names the first parameter the endpoint does not take, and what it does take', () => {
	const known = ['username', 'goals', 'ironman']
	expect(unknownParameter(new URLSearchParams('username=Zezima&goals=wgs'), known)).toBeNull()
	expect(unknownParameter(new URLSearchParams(''), known)).toBeNull()
	expect(unknownParameter(new URLSearchParams('username=Zezima&goal=wgs&x=1'), known)).toEqual({
		parameter: 'goal',
		message: 'Unknown parameter "goal": this endpoint takes username, goals, ironman.',
	})
	expect(unknownParameter(new URLSearchParams('limit=5'), [])?.message).toBe(
		'Unknown parameter "limit": this endpoint takes no query parameters.',
	)
})

test('a flag is true or false, false when absent; any other value is refused by name', () => {
	expect(flagParameter(new URLSearchParams(''), 'ironman')).toEqual({ ok: true, value: false })
	expect(flagParameter(new URLSearchParams('ironman=false'), 'ironman')).toEqual({ ok: true, value: false })
	expect(flagParameter(new URLSearchParams('ironman=true'), 'ironman')).toEqual({ ok: true, value: true })
	expect(flagParameter(new URLSearchParams('ironman=yes'), 'ironman')).toEqual({ ok: false, message: 'ironman must be true or false.' })
})
