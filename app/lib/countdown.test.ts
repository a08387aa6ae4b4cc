import { expect, test } from 'vitest'
import { pad, remaining } from './countdown.ts'

const target = Date.parse('2025-09-15T11:15:00Z')

test('remaining time splits into days, hours, minutes and seconds', () => {
	const now = target - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000
	expect(remaining(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false })
})

test('partial seconds round down, and the last second is not done yet', () => {
	expect(remaining(target, target - 1500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1, done: false })
})

test('at and after the target everything stops at zero', () => {
	const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true }
	expect(remaining(target, target)).toEqual(zero)
	expect(remaining(target, target + 86_400_000)).toEqual(zero)
})

test('numbers are zero-padded to two digits', () => {
	expect([0, 7, 42, 123].map(pad)).toEqual(['00', '07', '42', '123'])
})
