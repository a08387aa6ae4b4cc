import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatDay, formatMonth, formatTimeOfDay } from './format-date.ts'

// What `en-GB` in UTC gives, for comparison: the formatters must print the same without Intl.
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' })
const dateTime = intl({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const longDate = intl({ day: 'numeric', month: 'long', year: 'numeric' })
const monthYear = intl({ month: 'long', year: 'numeric' })
const time = intl({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })

describe('dates in UTC, British style', () => {
	it('read as en-GB does, for every month, the first and last days and times around midnight', () => {
		for (let month = 0; month < 12; month++) {
			for (const [day, hour, minute, second] of [
				[1, 0, 0, 0],
				[9, 9, 5, 7],
				[28, 23, 59, 59],
			] as const) {
				const date = new Date(Date.UTC(2026, month, day, hour, minute, second))
				const iso = date.toISOString()
				expect(formatDateTime(iso)).toBe(`${dateTime.format(date)} UTC`)
				expect(formatDay(iso)).toBe(formatDay(date.getTime()))
				expect(formatDay(iso)).toBe(dateTime.format(date).split(',')[0])
				expect(formatDate(iso.slice(0, 10))).toBe(longDate.format(date))
				expect(formatMonth(iso.slice(0, 7))).toBe(monthYear.format(date))
				expect(formatTimeOfDay(iso)).toBe(`${time.format(date)} UTC`)
			}
		}
	})

	it('use the UTC day, not the local one', () => {
		expect(formatDay('2026-03-01T23:30:00-05:00')).toBe('2 Mar 2026')
		expect(formatDateTime('2026-12-31T23:59:00Z')).toBe('31 Dec 2026, 23:59 UTC')
		expect(formatDate('2026-09-05')).toBe('5 September 2026')
		expect(formatDay('2026-09-05T00:00:00Z')).toBe('5 Sept 2026')
	})
})
