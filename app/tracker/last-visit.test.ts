import { describe, expect, test } from 'vitest'
import { parseLastVisit, sinceToAsk, visitAfterShowing } from './last-visit.ts'

describe('the last-visit record', () => {
	test('first visit: the server chooses; the record then says today, since what was shown', () => {
		expect(sinceToAsk(null, '2026-11-26')).toBeNull()
		expect(visitAfterShowing(null, '2026-11-26', '2026-11-20')).toEqual({ on: '2026-11-26', since: '2026-11-20' })
	})
	test('a reload the same day asks for the same catch-up, and keeps the record as it was', () => {
		const record = { on: '2026-11-26', since: '2026-07-01' }
		expect(sinceToAsk(record, '2026-11-26')).toBe('2026-07-01')
		expect(visitAfterShowing(record, '2026-11-26', '2026-07-01')).toBe(record)
	})
	test('the next day: since the last visit, which becomes the starting day', () => {
		const record = { on: '2026-11-26', since: '2026-07-01' }
		expect(sinceToAsk(record, '2026-11-27')).toBe('2026-11-26')
		expect(visitAfterShowing(record, '2026-11-27', '2026-11-26')).toEqual({ on: '2026-11-27', since: '2026-11-26' })
	})
	test('a visit "after" today (the clock went back) is not trusted', () => {
		expect(sinceToAsk({ on: '2026-12-01', since: null }, '2026-11-26')).toBeNull()
	})
	test('anything not ours reads as no record', () => {
		expect(parseLastVisit(null)).toBeNull()
		expect(parseLastVisit('{')).toBeNull()
		expect(parseLastVisit('{"on":"yesterday"}')).toBeNull()
		expect(parseLastVisit('{"on":"2026-11-26","since":42}')).toEqual({ on: '2026-11-26', since: null })
	})
})
