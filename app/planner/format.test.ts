import { expect, test } from 'vitest'
import { planAsText, stepText } from './format.ts'
import type { Plan } from './plan.ts'

const names: Record<string, string> = { 'while-guthix-sleeps': 'While Guthix Sleeps' }
const questName = (slug: string) => names[slug] ?? slug

test('steps read as the page shows them', () => {
	expect(stepText({ id: 'a', kind: 'train', skill: 'magic', fromLevel: 55, toLevel: 75, xpNeeded: 1_043_785 }, questName)).toBe(
		'Train Magic 55 → 75: 1,043,785 XP',
	)
	expect(stepText({ id: 'b', kind: 'quest', slug: 'x', name: 'Desert Treasure', questPoints: 3 }, questName)).toBe('Desert Treasure')
	expect(stepText({ id: 'c', kind: 'partial', slug: 'x', name: 'Desert Treasure', until: 'the first diamond' }, questName)).toBe(
		'Desert Treasure, until the first diamond',
	)
	expect(stepText({ id: 'd', kind: 'other', text: "Ability to enter the Warriors' Guild", quest: 'while-guthix-sleeps' }, questName)).toBe(
		"Ability to enter the Warriors' Guild (for While Guthix Sleeps)",
	)
	expect(stepText({ id: 'e', kind: 'questPoints', needed: 56, have: 45 }, questName)).toBe(
		'Reach 56 quest points (45 by this point of the plan)',
	)
})

test('the plan as a numbered text checklist, ticked steps marked', () => {
	const plan: Plan = {
		goals: [{ slug: 'wgs', label: 'While Guthix Sleeps', kind: 'quest', quests: ['while-guthix-sleeps'], done: false }],
		steps: [
			{ id: 'train:magic:75', kind: 'train', skill: 'magic', fromLevel: 70, toLevel: 75, xpNeeded: 472_794 },
			{ id: 'quest:while-guthix-sleeps', kind: 'quest', slug: 'while-guthix-sleeps', name: 'While Guthix Sleeps', questPoints: 5 },
		],
		canStartNow: [],
		nearlyThere: [],
		totals: { quests: 1, questPoints: 5, xpBySkill: { magic: 472_794 } },
		questProgressKnown: true,
	}
	expect(planAsText(plan, questName, new Set(['train:magic:75']))).toBe(
		['Account plan: While Guthix Sleeps', '1. [x] Train Magic 70 → 75: 472,794 XP', '2. [ ] While Guthix Sleeps'].join('\n'),
	)
	expect(planAsText({ ...plan, steps: [] }, questName)).toBe('Account plan: While Guthix Sleeps\nNothing left to do for these goals.')
})
