import { expect, test } from 'vitest'
import { readFixture } from '#tests/fixtures/fake-upstream.ts'
import { parseXpMonthly, utcMonth } from './xp-monthly.ts'

const sample = () => JSON.parse(readFixture('xp_monthly_ok.json')) as { monthlyXpGain: Array<Record<string, unknown>> }

test('the sample: 12 UTC months of Magic, tenths turned into whole XP', () => {
	const magic = parseXpMonthly(sample(), 6)
	expect(magic?.skillId).toBe(6)
	// 42,608,454 tenths: the profile's Magic XP, level 87.
	expect(magic?.totalXp).toBe(4260845)
	expect(magic?.months.map((m) => m.month)).toEqual([
		'2025-01',
		'2025-02',
		'2025-03',
		'2025-04',
		'2025-05',
		'2025-06',
		'2025-07',
		'2025-08',
		'2025-09',
		'2025-10',
		'2025-11',
		'2025-12',
	])
	expect(magic?.months[0]?.xpGained).toBe(15234)
	expect(magic?.months[2]?.xpGained).toBe(0)
	// The sample's totalGain (1,413,294 tenths) is the sum of its months.
	expect(magic?.months.reduce((sum, m) => sum + m.xpGained, 0)).toBe(141327)
})

test('anything but one proper monthlyXpGain entry for the skill asked is no history', () => {
	const body = sample()
	const entry = body.monthlyXpGain[0]!
	const withMonth = (monthData: unknown) => ({ monthlyXpGain: [{ ...entry, monthData }] })
	for (const answer of [
		null,
		'text',
		[],
		{},
		{ error: 'PROFILE_PRIVATE', loggedIn: 'false' },
		{ error: 'NO_PROFILE' },
		{ monthlyXpGain: [] },
		{ monthlyXpGain: [entry, entry] },
		{ monthlyXpGain: 'none' },
		{ monthlyXpGain: [{ ...entry, totalXp: -5 }] },
		{ monthlyXpGain: [{ ...entry, totalXp: '42608454' }] },
		withMonth([{ xpGain: -1, timestamp: 1735689600000 }]),
		withMonth([{ xpGain: 1.5, timestamp: 1735689600000 }]),
		withMonth([{ xpGain: 10, timestamp: '2025-01-01' }]),
		withMonth([{ xpGain: 10 }]),
		withMonth('none'),
		// Two entries in one month, or out of order: the timestamps are not what we think.
		withMonth([
			{ xpGain: 10, timestamp: 1735689600000 },
			{ xpGain: 10, timestamp: 1735689600000 + 86_400_000 },
		]),
		withMonth([
			{ xpGain: 10, timestamp: 1738368000000 },
			{ xpGain: 10, timestamp: 1735689600000 },
		]),
	]) {
		expect(parseXpMonthly(answer, 6)).toBeNull()
	}
	// Another skill's answer.
	expect(parseXpMonthly(body, 7)).toBeNull()
	// An empty month list is a readable answer: no months.
	expect(parseXpMonthly(withMonth([]), 6)?.months).toEqual([])
})

test('utcMonth uses UTC, across a year boundary', () => {
	expect(utcMonth(Date.UTC(2025, 11, 31, 23, 59))).toBe('2025-12')
	expect(utcMonth(Date.UTC(2026, 0, 1, 0, 0))).toBe('2026-01')
	expect(utcMonth(new Date('2024-02-29T12:00:00Z'))).toBe('2024-02')
})
