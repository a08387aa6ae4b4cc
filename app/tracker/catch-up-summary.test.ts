import { describe, expect, test } from 'vitest'
import type { CatchUp } from './catch-up.ts'
import { accountLine, trackingBeganAfterVisit } from './catch-up-summary.tsx'

/** A catch-up since 20 November; the compared snapshots and the XP are what each test sets. */
function catchUp(from: string | null, xpGained: number, quests = 0): CatchUp {
	return {
		name: 'Zezima',
		today: '2026-11-27',
		since: '2026-11-20',
		sinceFrom: 'visit',
		trackedSince: from ?? '2026-11-01T09:00:00.000Z',
		compared: { from, to: '2026-11-27T08:00:00.000Z' },
		xp: { gained: xpGained, levelsGained: xpGained > 0 ? 1 : 0, skills: [] },
		quests: Array.from({ length: quests }, (_, i) => ({
			title: `Quest ${i}`,
			completedAt: '2026-11-26T10:00:00.000Z',
			questPoints: 1,
			path: null,
		})),
		updates: [],
		pages: [],
	}
}

describe('the account line of a catch-up', () => {
	test('history from before the visit: what was gained, or plainly nothing', () => {
		expect(accountLine(catchUp('2026-11-20T18:00:00.000Z', 150_000, 1))).toBe('+150,000 XP · 1 level · 1 quest')
		expect(accountLine(catchUp('2026-11-19T18:00:00.000Z', 0))).toBe('No XP gained')
	})

	test('tracking began after the visit: no XP is not "no XP gained", since the days before are unknown', () => {
		const late = catchUp('2026-11-24T07:30:00.000Z', 0)
		expect(trackingBeganAfterVisit(late)).toBe('2026-11-24T07:30:00.000Z')
		expect(accountLine(late)).toBe('No XP since tracking began')
		expect(accountLine(catchUp('2026-11-24T07:30:00.000Z', 2_000, 2))).toBe('+2,000 XP · 1 level · 2 quests')
	})

	test('a first snapshot on the visit day itself covers the stretch after it', () => {
		expect(trackingBeganAfterVisit(catchUp('2026-11-20T23:59:00.000Z', 0))).toBeNull()
		expect(trackingBeganAfterVisit(catchUp(null, 0))).toBeNull()
	})
})
