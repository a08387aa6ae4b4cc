import { expect, test } from 'vitest'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { parseMetric } from './metrics.ts'
import { scoreCompetition } from './scoring.ts'
import { standingsCsv } from './standings-csv.ts'

const metric = (name: string) => {
	const parsed = parseMetric(name)
	if (!parsed.ok) throw new Error(name)
	return { metric: parsed.metric, weight: 2 }
}
const window = { startsAt: new Date('2026-12-01T00:00:00Z'), endsAt: new Date('2026-12-08T00:00:00Z'), frozenAt: null }
const snapshot = (takenAt: string, magicXp: number) => testSnapshot(takenAt, 1_000, { magic: magicXp })

test('a header, one row per participant in rank order with each part; no data is empty, formulas defused', () => {
	const standings = scoreCompetition(
		window,
		[metric('magic'), metric('caps')],
		[
			{ key: 'anna', name: 'Anna', snapshots: [], log: null },
			{
				key: 'zezima',
				name: 'Zezima',
				snapshots: [snapshot('2026-12-01T01:00:00Z', 100), snapshot('2026-12-02T01:00:00Z', 400)],
				log: [{ date: '2026-12-01T05:00:00Z', kind: { kind: 'citadel-cap' } }],
			},
		],
	)
	const csv = standingsCsv({
		competition: {
			metrics: [{ metric: 'magic' }, { metric: 'caps' }],
			teams: [
				{ name: '=HYPERLINK("x")', members: ['anna'] },
				{ name: 'Blue, the best', members: ['zezima'] },
			],
		},
		standings,
		lastCheckedAt: { anna: null, zezima: '2026-12-02T01:00:00.000Z' },
	})
	expect(csv.split('\r\n')).toEqual([
		'rank,name,team,score,magic,magic points,caps,caps points,last updated',
		'1,Zezima,"Blue, the best",602,300,600,1,2,2026-12-02T01:00:00.000Z',
		',Anna,"\'=HYPERLINK(""x"")",,,,,,',
		'',
	])
})
