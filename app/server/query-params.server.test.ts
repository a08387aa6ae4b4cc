import { expect, test } from 'vitest'
import { unknownParameter } from './query-params.server.ts'

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
