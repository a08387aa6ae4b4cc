import { readFileSync } from 'node:fs'
import type { PlannerData } from '#app/planner/data.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { createPlanner } from '#app/planner/plan.ts'
import { plannerPlayer } from '#app/planner/player.ts'
import type { PlayerData } from '#app/player/types.ts'
import { readFixture } from '#tests/fixtures/fake-upstream.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// The planner's totals on phones, with a mid-game account ("Midgame Mia" of the fake upstream):
// every card's content must stay inside its card at 320, 360 and 390 px.

const planner = createPlanner(JSON.parse(readFileSync('app/generated/planner.json', 'utf8')) as PlannerData)
const goals = ['quest-point-cape']

function miaXpToTrain(): number {
	const profile = JSON.parse(readFixture('profile_midgame.json')) as { skillvalues: { id: number; level: number; xp: number }[] }
	const { quests } = JSON.parse(readFixture('quests_midgame.json')) as Pick<PlayerData, 'quests'>
	const skillvalues = profile.skillvalues.map((s) => ({ id: s.id, level: s.level, xp: Math.floor(s.xp / 10) }))
	const plan = planner.plan(goals, plannerPlayer({ source: 'runemetrics', quests, skillvalues }, planner.questName))
	return Object.values(plan.totals.xpBySkill).reduce((sum, xp) => sum + xp, 0)
}

test('every total fits inside its card at 320, 360 and 390 px with a mid-game account', async ({ page, consoleErrors }) => {
	// Three page loads of a 300-step plan: slow on a busy machine.
	test.setTimeout(120_000)
	const xp = miaXpToTrain()
	// A seven-digit total at least: the width that used to overflow at 390 px.
	expect(xp).toBeGreaterThanOrEqual(1_000_000)
	for (const width of [320, 360, 390]) {
		await page.setViewportSize({ width, height: 800 })
		await page.goto(`/tools/plan?goals=${goals.join(',')}&player=Midgame%20Mia`)
		await waitForHydration(page)
		const totals = page.locator('[data-plan-totals]')
		await expect(totals).toContainText(formatNumber(xp), { timeout: 30_000 })
		const cards = totals.locator('[data-plan-total]')
		expect(await cards.count()).toBeGreaterThanOrEqual(3)
		const overflows = await cards.evaluateAll((elements) =>
			elements.flatMap((card) => {
				const box = card.getBoundingClientRect()
				const problems: string[] = []
				if (card.scrollWidth > card.clientWidth) problems.push(`card scrolls (${card.scrollWidth} > ${card.clientWidth})`)
				for (const child of card.querySelectorAll('*')) {
					const inner = child.getBoundingClientRect()
					// The text itself, not only its box: a nowrap number can spill out of a narrow dd.
					const range = document.createRange()
					range.selectNodeContents(child)
					const text = range.getBoundingClientRect()
					for (const rect of [inner, text]) {
						if (rect.width > 0 && (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)) {
							problems.push(`"${child.textContent}" spans ${rect.left}–${rect.right} outside ${box.left}–${box.right}`)
						}
					}
				}
				return problems
			}),
		)
		expect(overflows, `at ${width} px`).toEqual([])
		// And the cards themselves stay on the screen.
		const page_ = await page.evaluate(() => ({
			scroll: document.documentElement.scrollWidth,
			client: document.documentElement.clientWidth,
		}))
		expect(page_.scroll, `page width at ${width} px`).toBeLessThanOrEqual(page_.client)
	}
	expect(consoleErrors).toEqual([])
})
