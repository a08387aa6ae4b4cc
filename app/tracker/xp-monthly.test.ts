import { expect, test } from 'vitest'
import { backfillMonths } from './xp-monthly.ts'

test('backfillMonths joins skills per month, oldest first, with totals', () => {
	const months = backfillMonths([
		{
			skillId: 6,
			totalXp: 100,
			months: [
				{ month: '2026-01', xpGained: 5 },
				{ month: '2025-12', xpGained: 7 },
			],
		},
		{ skillId: 0, totalXp: 100, months: [{ month: '2025-12', xpGained: 3 }] },
		{ skillId: 99, totalXp: 1, months: [{ month: '2025-12', xpGained: 1000 }] },
	])
	expect(months).toEqual([
		{
			month: '2025-12',
			totalXpGained: 10,
			skills: [
				{ skill: 'attack', xpGained: 3 },
				{ skill: 'magic', xpGained: 7 },
			],
		},
		{ month: '2026-01', totalXpGained: 5, skills: [{ skill: 'magic', xpGained: 5 }] },
	])
	expect(backfillMonths([])).toEqual([])
})
