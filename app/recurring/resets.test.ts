import { expect, test } from 'vitest'
import { nextReset, tickStillCounts } from './resets.ts'

const t = (iso: string) => Date.parse(iso)
const iso = (ms: number) => new Date(ms).toISOString()

test('daily resets at the next 00:00 UTC', () => {
	expect(iso(nextReset('daily', t('2026-11-23T23:59:59.999Z')))).toBe('2026-11-24T00:00:00.000Z')
	expect(iso(nextReset('daily', t('2026-11-24T00:00:00.000Z')))).toBe('2026-11-25T00:00:00.000Z')
	expect(iso(nextReset('daily', t('2026-12-31T12:00:00Z')))).toBe('2027-01-01T00:00:00.000Z')
})

test('weekly resets at 00:00 UTC on Wednesday', () => {
	// 2026-11-24 is a Tuesday.
	expect(iso(nextReset('weekly', t('2026-11-24T23:59:59Z')))).toBe('2026-11-25T00:00:00.000Z')
	// Exactly at the reset, the next one is a week away.
	expect(iso(nextReset('weekly', t('2026-11-25T00:00:00Z')))).toBe('2026-12-02T00:00:00.000Z')
	expect(iso(nextReset('weekly', t('2026-11-25T00:00:01Z')))).toBe('2026-12-02T00:00:00.000Z')
	// Sunday and Thursday; across a month and a year end.
	expect(iso(nextReset('weekly', t('2026-11-29T08:00:00Z')))).toBe('2026-12-02T00:00:00.000Z')
	expect(iso(nextReset('weekly', t('2026-11-26T08:00:00Z')))).toBe('2026-12-02T00:00:00.000Z')
	expect(iso(nextReset('weekly', t('2026-12-31T08:00:00Z')))).toBe('2027-01-06T00:00:00.000Z')
})

test('the weekly reset is a UTC moment whatever the local offset of the input', () => {
	// 23:30 on Tuesday in New York is already Wednesday 04:30 UTC: the reset has passed.
	expect(iso(nextReset('weekly', t('2026-11-24T23:30:00-05:00')))).toBe('2026-12-02T00:00:00.000Z')
	// 01:00 on Wednesday in Berlin is still Tuesday 23:00 UTC.
	expect(iso(nextReset('weekly', t('2026-11-25T01:00:00+02:00')))).toBe('2026-11-25T00:00:00.000Z')
})

test('monthly resets on the 1st at 00:00 UTC, whatever the month length', () => {
	expect(iso(nextReset('monthly', t('2026-11-30T23:59:59Z')))).toBe('2026-12-01T00:00:00.000Z')
	expect(iso(nextReset('monthly', t('2026-12-01T00:00:00Z')))).toBe('2027-01-01T00:00:00.000Z')
	expect(iso(nextReset('monthly', t('2027-02-28T23:59:59Z')))).toBe('2027-03-01T00:00:00.000Z')
	expect(iso(nextReset('monthly', t('2028-02-28T12:00:00Z')))).toBe('2028-03-01T00:00:00.000Z')
	expect(iso(nextReset('monthly', t('2028-02-29T23:59:59Z')))).toBe('2028-03-01T00:00:00.000Z')
	expect(iso(nextReset('monthly', t('2026-01-31T10:00:00Z')))).toBe('2026-02-01T00:00:00.000Z')
})

test('a tick counts until the next reset after it, then clears itself', () => {
	const tuesdayNight = t('2026-11-24T23:59:59Z')
	expect(tickStillCounts('weekly', tuesdayNight, t('2026-11-24T23:59:59.999Z'))).toBe(true)
	expect(tickStillCounts('weekly', tuesdayNight, t('2026-11-25T00:00:00Z'))).toBe(false)
	expect(tickStillCounts('daily', tuesdayNight, t('2026-11-25T00:00:00Z'))).toBe(false)
	// A tick from last week is cleared, even days after the reset.
	expect(tickStillCounts('weekly', t('2026-11-19T10:00:00Z'), t('2026-11-23T10:00:00Z'))).toBe(true)
	expect(tickStillCounts('weekly', t('2026-11-17T10:00:00Z'), t('2026-11-23T10:00:00Z'))).toBe(false)
	expect(tickStillCounts('monthly', t('2026-10-31T23:00:00Z'), t('2026-11-23T10:00:00Z'))).toBe(false)
	expect(tickStillCounts('monthly', t('2026-11-01T00:00:00Z'), t('2026-11-30T23:59:59Z'))).toBe(true)
	// A tick from the future (a clock set back) does not count.
	expect(tickStillCounts('daily', t('2026-11-24T10:00:00Z'), t('2026-11-23T10:00:00Z'))).toBe(false)
})
