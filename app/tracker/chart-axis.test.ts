import { describe, expect, it } from 'vitest'
import { MIN_SPAN, timeRange, timeTickLabels } from '#app/tracker/chart-axis.ts'

const at = (iso: string) => Date.parse(iso) / 1000
const DAY = 86_400

describe('timeRange', () => {
	it('puts a single update in the middle of two days, not years', () => {
		const point = at('2026-11-27T08:15:00Z')
		expect(timeRange(point, point)).toEqual([point - DAY, point + DAY])
	})

	it('widens updates from one day about their middle', () => {
		const [from, to] = timeRange(at('2026-11-27T08:00:00Z'), at('2026-11-27T10:00:00Z'))
		expect(to - from).toBe(MIN_SPAN)
		expect((from + to) / 2).toBe(at('2026-11-27T09:00:00Z'))
	})

	it('keeps a longer span as it is', () => {
		const range = [at('2025-06-01T00:00:00Z'), at('2026-11-27T08:15:00Z')] as const
		expect(timeRange(...range)).toEqual(range)
	})
})

describe('timeTickLabels', () => {
	it('labels days in British style, the year on the first tick and on 1 January', () => {
		const ticks = ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'].map((d) => at(`${d}T00:00:00Z`))
		expect(timeTickLabels(ticks, DAY)).toEqual(['30 Dec\n2026', '31 Dec', '1 Jan\n2027', '2 Jan'])
	})

	it('labels hours as UTC times, the day on the first tick and at midnight', () => {
		const ticks = ['2026-11-26T18:00:00Z', '2026-11-27T00:00:00Z', '2026-11-27T06:00:00Z'].map(at)
		expect(timeTickLabels(ticks, 6 * 3600)).toEqual(['18:00\n26 Nov', '00:00\n27 Nov', '06:00'])
	})

	it('labels months by name (Sept as en-GB writes it), the year on the first and in January', () => {
		const ticks = ['2026-09-01', '2026-10-01', '2026-11-01', '2026-12-01', '2027-01-01'].map((d) => at(`${d}T00:00:00Z`))
		expect(timeTickLabels(ticks, 30 * DAY)).toEqual(['Sept\n2026', 'Oct', 'Nov', 'Dec', 'Jan\n2027'])
	})

	it('labels years by the year alone', () => {
		const ticks = ['2024-01-01', '2025-01-01'].map((d) => at(`${d}T00:00:00Z`))
		expect(timeTickLabels(ticks, 365 * DAY)).toEqual(['2024', '2025'])
	})

	it('reads the UTC day whatever the time zone (a tick at 23:30 UTC is still that day)', () => {
		const zone = process.env.TZ
		// UTC+14: the local day is already the 28th.
		process.env.TZ = 'Pacific/Kiritimati'
		try {
			expect(new Date(at('2026-11-27T23:30:00Z') * 1000).getDate()).toBe(28)
			expect(timeTickLabels([at('2026-11-27T23:30:00Z')], DAY)).toEqual(['27 Nov\n2026'])
		} finally {
			if (zone === undefined) delete process.env.TZ
			else process.env.TZ = zone
		}
	})
})
