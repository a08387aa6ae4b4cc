import { expect, test } from 'vitest'
import { progressColumns } from './progress-columns.ts'

const t = (iso: string) => Date.parse(iso)

test('one time axis for every series, each score held until its next point, null before its first, all drawn to `until`', () => {
	const series = [
		{
			key: 'ann',
			name: 'Ann',
			progress: [
				{ at: '2026-12-01T00:00:00Z', score: 0 },
				{ at: '2026-12-02T00:00:00Z', score: 10 },
			],
		},
		{
			key: 'bob',
			name: 'Bob',
			progress: [
				{ at: '2026-12-01T12:00:00Z', score: 0 },
				{ at: '2026-12-03T00:00:00Z', score: 5 },
			],
		},
	]
	const [xs, ann, bob] = progressColumns(series, t('2026-12-02T12:00:00Z'))
	expect(xs.map((x) => new Date(x * 1000).toISOString())).toEqual([
		'2026-12-01T00:00:00.000Z',
		'2026-12-01T12:00:00.000Z',
		'2026-12-02T00:00:00.000Z',
		'2026-12-02T12:00:00.000Z',
	])
	expect(ann).toEqual([0, 0, 10, 10])
	// Bob's 5 comes after `until`: not drawn.
	expect(bob).toEqual([null, 0, 0, 0])
})
