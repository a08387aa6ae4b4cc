import { SKILLS } from '#app/lib/skills.ts'
import type { PlayerPageView } from '#app/tracker/page-data.ts'
import { chartPoints } from '#app/tracker/chart-series.ts'
import { computeGains, periodRange } from '#app/tracker/gains.ts'
import { milestonesOf } from '#app/tracker/milestones.ts'
import { paceOf } from '#app/tracker/pace.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'

/** A tracked player's page as the server would build it, for component tests. */
export function fixtureView(overrides: Partial<PlayerPageView> = {}): PlayerPageView {
	const now = new Date('2026-11-26T12:00:00.000Z')
	const first = testSnapshot('2026-11-25T09:00:00.000Z', 20_000, { magic: 13_034_431 })
	const latest = testSnapshot('2026-11-26T11:59:00.000Z', 20_000, {
		magic: 14_000_000,
		attack: 120_000_000,
		fishing: 25_000,
	})
	const backfill = {
		state: 'done' as const,
		months: [
			{
				month: '2026-10',
				totalXpGained: 50_000,
				skills: [{ skill: 'magic' as const, xpGained: 50_000 }],
			},
		],
	}
	const range = periodRange('week', now)
	return {
		summary: {
			name: 'Zezima Jr',
			trackedSince: first.takenAt,
			lastCheckedAt: latest.takenAt,
			canUpdateAt: '2026-11-26T12:00:59.000Z',
			profile: 'public',
			latest,
			backfill,
			possibleNameChangeAt: null,
		},
		gains: computeGains('Zezima Jr', 'week', range, first, latest),
		gainsQuery: { period: 'week' },
		chart: { subject: 'total', points: chartPoints([first, latest], backfill, 'total') },
		quests: [
			{ title: 'Beneath Cursed Tides', completedAt: '2026-11-26T11:59:00.000Z' },
			{ title: "Cook's Assistant", completedAt: null },
		],
		activities: [
			{
				date: '2026-11-26T10:13:00.000Z',
				text: 'Levelled up Magic.',
				details: 'I levelled my  Magic skill, I am now level 92.',
			},
		],
		// Two snapshots a day apart: the pace is October's, from the backfill (Magic only).
		milestones: milestonesOf({
			skills: latest.skills,
			pace: paceOf([first, latest], backfill, now.getTime()),
			questCape: { left: 3, total: 283 },
		}),
		records: {
			name: 'Zezima Jr',
			overall: {
				day: { xpGained: 965_569, from: '2026-11-26', to: '2026-11-26', source: 'snapshots' },
				week: { xpGained: 965_569, from: '2026-11-23', to: '2026-11-29', source: 'snapshots' },
				month: { xpGained: 1_200_000, from: '2026-10-01', to: '2026-10-31', source: 'backfill' },
			},
			skills: SKILLS.map(({ name }) =>
				name === 'magic'
					? {
							skill: name,
							day: { xpGained: 965_569, from: '2026-11-26', to: '2026-11-26', source: 'snapshots' as const },
							week: { xpGained: 965_569, from: '2026-11-30', to: '2026-12-06', source: 'snapshots' as const },
							month: { xpGained: 1_200_000, from: '2026-10-01', to: '2026-10-31', source: 'backfill' as const },
						}
					: { skill: name, day: null, week: null, month: null },
			),
		},
		firstVisit: false,
		notice: null,
		now: now.toISOString(),
		...overrides,
	}
}
