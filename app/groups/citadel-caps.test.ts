import { describe, expect, it } from 'vitest'
import { capWeeks, capsGrid, citadelResetSchema, type CapWeek, type MemberCaps } from './citadel-caps.ts'

const at = (iso: string) => new Date(iso)
const iso = (weeks: CapWeek[]) => weeks.map((w) => [w.start.toISOString(), w.end.toISOString(), w.inProgress])

describe('citadelResetSchema', () => {
	it('takes a weekday and a UTC time', () => {
		expect(citadelResetSchema.parse({ weekday: 'tuesday', time: '23:30' })).toEqual({
			weekday: 'tuesday',
			time: '23:30',
		})
	})
	it.each([
		{ weekday: 'tuesday', time: '24:00' },
		{ weekday: 'tuesday', time: '7:05' },
		{ weekday: 'tuesday', time: '23:60' },
		{ weekday: 'funday', time: '10:00' },
		{ weekday: 'Tuesday', time: '10:00' },
	])('refuses %o', (value) => {
		expect(citadelResetSchema.safeParse(value).success).toBe(false)
	})
})

describe('capWeeks', () => {
	const tuesday2330 = { weekday: 'tuesday', time: '23:30' } as const

	it('ends with the week in progress, a reset on Tuesday at 23:30 UTC', () => {
		expect(iso(capWeeks(tuesday2330, at('2026-11-28T12:00:00Z'), 2))).toEqual([
			['2026-11-17T23:30:00.000Z', '2026-11-24T23:30:00.000Z', false],
			['2026-11-24T23:30:00.000Z', '2026-12-01T23:30:00.000Z', true],
		])
	})

	it('on the reset day, before and after the reset minute', () => {
		expect(capWeeks(tuesday2330, at('2026-12-01T23:29:59Z'), 1)[0]!.start.toISOString()).toBe('2026-11-24T23:30:00.000Z')
		expect(capWeeks(tuesday2330, at('2026-12-01T23:30:00Z'), 1)[0]!.start.toISOString()).toBe('2026-12-01T23:30:00.000Z')
	})

	it('spans a month end and a year end', () => {
		expect(iso(capWeeks(tuesday2330, at('2027-01-01T00:00:00Z'), 3))).toEqual([
			['2026-12-15T23:30:00.000Z', '2026-12-22T23:30:00.000Z', false],
			['2026-12-22T23:30:00.000Z', '2026-12-29T23:30:00.000Z', false],
			['2026-12-29T23:30:00.000Z', '2027-01-05T23:30:00.000Z', true],
		])
	})

	it('a reset later in the week than today goes back to last week', () => {
		// Saturday 28 November; a Sunday 00:00 reset last happened on Sunday 22 November.
		expect(capWeeks({ weekday: 'sunday', time: '00:00' }, at('2026-11-28T12:00:00Z'), 1)[0]!.start.toISOString()).toBe(
			'2026-11-22T00:00:00.000Z',
		)
	})

	it('gives the last 8 weeks, each 7 days, without gaps', () => {
		const weeks = capWeeks(tuesday2330, at('2026-11-28T12:00:00Z'), 8)
		expect(weeks).toHaveLength(8)
		for (const [i, week] of weeks.entries()) {
			expect(week.end.getTime() - week.start.getTime()).toBe(7 * 24 * 3600 * 1000)
			if (i > 0) expect(week.start).toEqual(weeks[i - 1]!.end)
		}
	})
})

describe('capsGrid', () => {
	// Resets on Tuesday 23:30 UTC; three weeks, the last (24 Nov – 1 Dec) in progress on 28 November.
	const weeks = capWeeks({ weekday: 'tuesday', time: '23:30' }, at('2026-11-28T12:00:00Z'), 3)
	const always = [{ from: at('2026-01-01T00:00:00Z'), to: at('2026-11-28T11:00:00Z') }]
	const grid = (member: Omit<MemberCaps, 'key'>) => capsGrid([{ key: 'm', ...member }], weeks)[0]

	it('capped when a cap falls between two resets, the reset minute counting for the new week', () => {
		expect(grid({ caps: [at('2026-11-17T23:29:00Z')], coverage: always })?.weeks).toEqual(['capped', 'not-capped', 'not-capped'])
		expect(grid({ caps: [at('2026-11-17T23:30:00Z')], coverage: always })?.weeks).toEqual(['not-capped', 'capped', 'not-capped'])
		expect(grid({ caps: [at('2026-11-24T23:29:00Z')], coverage: always })?.weeks).toEqual(['not-capped', 'capped', 'not-capped'])
	})

	it('a private profile (no coverage) is unknown, not "not capped"', () => {
		expect(grid({ caps: [], coverage: [] })).toEqual({
			key: 'm',
			weeks: ['unknown', 'unknown', 'unknown'],
			currentStreak: 0,
			longestStreak: 0,
		})
	})

	it('a week the log was not seen whole is unknown; a cap seen in it still counts', () => {
		// Seen 12–19 November and from 25 November: 17 Nov 23:30 – 24 Nov 23:30 has a gap.
		const coverage = [
			{ from: at('2026-11-12T00:00:00Z'), to: at('2026-11-19T00:00:00Z') },
			{ from: at('2026-11-25T00:00:00Z'), to: at('2026-11-28T11:00:00Z') },
		]
		expect(grid({ caps: [], coverage })?.weeks).toEqual(['unknown', 'unknown', 'unknown'])
		expect(grid({ caps: [at('2026-11-18T08:00:00Z')], coverage })?.weeks).toEqual(['unknown', 'capped', 'unknown'])
	})

	it('a finished week seen only until mid-week is unknown', () => {
		const coverage = [{ from: at('2026-11-01T00:00:00Z'), to: at('2026-11-20T00:00:00Z') }]
		expect(grid({ caps: [], coverage })?.weeks).toEqual(['not-capped', 'unknown', 'unknown'])
	})

	it('the week in progress is not capped (yet) once seen from its reset to the last fetch', () => {
		const coverage = [{ from: at('2026-11-01T00:00:00Z'), to: at('2026-11-26T00:00:00Z') }]
		expect(grid({ caps: [], coverage })?.weeks).toEqual(['not-capped', 'not-capped', 'not-capped'])
	})

	it('streaks: the current one survives a week in progress not capped yet; unknown ends a streak', () => {
		const weeks8 = capWeeks({ weekday: 'tuesday', time: '23:30' }, at('2026-11-28T12:00:00Z'), 8)
		const capIn = (i: number) => new Date(weeks8[i]!.start.getTime() + 3600_000)
		const coverage = [
			{ from: at('2026-01-01T00:00:00Z'), to: weeks8[3]!.start },
			{ from: weeks8[4]!.start, to: at('2026-11-28T11:00:00Z') },
		]
		const [row] = capsGrid([{ key: 'm', caps: [0, 1, 2, 4, 5, 6].map(capIn), coverage }], weeks8)
		expect(row?.weeks).toEqual(['capped', 'capped', 'capped', 'unknown', 'capped', 'capped', 'capped', 'not-capped'])
		expect(row).toMatchObject({ currentStreak: 3, longestStreak: 3 })
		const [capped] = capsGrid([{ key: 'm', caps: [1, 2, 4, 5, 6, 7].map(capIn), coverage }], weeks8)
		expect(capped).toMatchObject({ currentStreak: 4, longestStreak: 4 })
		const [missed] = capsGrid([{ key: 'm', caps: [0, 1, 2, 4, 5].map(capIn), coverage }], weeks8)
		expect(missed).toMatchObject({ currentStreak: 0, longestStreak: 3 })
	})
})
