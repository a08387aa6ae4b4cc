import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// The section overview (/guides), the skill training overview, the efficiency checklist and the
// dated list of updates, against the fake RuneMetrics upstream. "Zezima Jr"
// (tests/fixtures/runemetrics/) has completed Cook's Assistant, A Shadow over Ashdale and All Fired
// Up, has started 'Phite Club, and has levels 40–90 except Invention 1, Archaeology 2,
// Necromancy 40, Dungeoneering 50 and Divination 56; Mining is 74.

const PLAYER = 'Zezima Jr'

function remember(page: Page, name: string) {
	return page.addInitScript((n) => localStorage.setItem('player:username', n), name)
}

async function open(page: Page, path: string, widget: string) {
	await page.goto(path)
	await waitForHydration(page)
	// Widgets are lazy chunks: wait until this one, too, is interactive.
	await page.locator(`${widget}[data-hydrated]`).first().waitFor()
}

test.describe('guides overview', () => {
	test('/guides is a page of its own, listing the guides by stage', async ({ page, request, consoleErrors }) => {
		const response = await request.get('/guides', { maxRedirects: 0 })
		expect(response.status()).toBe(200)
		await open(page, '/guides', '[data-guide-index]')
		await expect(page.getByRole('heading', { level: 1, name: 'Guides' })).toBeVisible()
		const index = page.locator('[data-guide-index]')
		for (const stage of ['early-game', 'mid-game', 'late-game']) {
			const group = index.locator(`li[data-guide-group="/guides/${stage}"]`)
			await expect(group.getByRole('heading', { level: 3 })).toBeVisible()
			expect(await group.locator('li[data-guide]').count()).toBeGreaterThan(3)
		}
		const earlyGame = index.locator('li[data-guide-group="/guides/early-game"]')
		await expect(earlyGame.locator('li[data-guide="/guides/early-game/dig-site"]')).toContainText('Shadow Tendrils')
		// The pages for every stage sit at the top level, outside the groups.
		await expect(index.locator(':scope > ul > li[data-guide="/guides/efficiency"]')).toBeVisible()
		await index.locator('li[data-guide="/guides/whats-changed"]').getByRole('link').click()
		await expect(page).toHaveURL(/\/guides\/whats-changed$/)
		expect(consoleErrors).toEqual([])
	})

	test('with a player loaded, the guides inside the stages show met and not met', async ({ page, consoleErrors }) => {
		await remember(page, PLAYER)
		await open(page, '/guides', '[data-guide-index]')
		const guide = (path: string) => page.locator(`[data-guide-index] li[data-guide="${path}"]`)
		await expect(guide('/guides/early-game/dig-site')).toHaveAttribute('data-state', 'met')
		await expect(guide('/guides/mid-game/invention')).toHaveAttribute('data-state', 'not-met')
		await expect(guide('/guides/mid-game/invention')).toContainText('3 skills missing')
		await expect(guide('/guides/late-game/overloads')).toHaveAttribute('data-state', 'not-met')
		await expect(page.locator('[data-guide-index]').getByText(/^For Zezima Jr: \d+ ready to start, \d+ not met yet\.$/)).toBeVisible()
		expect(consoleErrors).toEqual([])
	})
})

test.describe('skill training overview', () => {
	const cards = (page: Page) => page.locator('[data-skill-overview] li[data-skill]')

	test('all 29 skills in game order, each with its methods by level band', async ({ page, consoleErrors }) => {
		await open(page, '/guides/skill-training', '[data-skill-overview]')
		await expect(cards(page)).toHaveCount(29)
		await expect(cards(page).first()).toHaveAttribute('data-skill', 'attack')
		await expect(cards(page).last()).toHaveAttribute('data-skill', 'necromancy')
		const mining = page.locator('li[data-skill="mining"]')
		await expect(mining).toContainText('Copper, tin and iron')
		await expect(mining.locator('[data-range-status]')).toHaveCount(5)
		await expect(page.locator('[data-level-badge]')).toHaveCount(0)
		await expect(page.getByLabel('My lowest levels first')).toBeDisabled()
		// The levelling drawer opens from each skill.
		await mining.getByRole('button', { name: 'Mining guide' }).click()
		await expect(page.getByRole('dialog', { name: 'Mining Skill Guide' })).toBeVisible()
		expect(consoleErrors).toEqual([])
	})

	test("a loaded player's levels, current band and lowest-first order", async ({ page, consoleErrors }) => {
		await remember(page, PLAYER)
		await open(page, '/guides/skill-training', '[data-skill-overview]')
		const mining = page.locator('li[data-skill="mining"]')
		await expect(mining.locator('[data-level-badge]')).toHaveText('Level 74')
		await expect(mining.locator('[data-range-status="current"]')).toContainText('60–80')
		await expect(mining.locator('[data-range-status="passed"]')).toHaveCount(3)

		await page.getByLabel('My lowest levels first').check()
		await expect(page.locator('[data-skill-overview] ol')).toHaveAttribute('data-order', 'lowest')
		const order = await cards(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-skill')))
		expect(order.slice(0, 5)).toEqual(['invention', 'archaeology', 'necromancy', 'dungeoneering', 'divination'])
		const levels = await cards(page).evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-level'))))
		expect(levels).toEqual([...levels].sort((a, b) => a - b))
		expect(levels).toHaveLength(29)

		await page.getByLabel('Game order').check()
		await expect(cards(page).first()).toHaveAttribute('data-skill', 'attack')
		expect(consoleErrors).toEqual([])
	})
})

test.describe('efficiency checklist', () => {
	const item = (page: Page, id: string) => page.locator(`li[data-item="${id}"]`)
	const stage = (page: Page, id: string) => page.locator(`[data-checklist="${id}"]`)

	test('without a player nothing is ticked; a step links to its quest page', async ({ page, consoleErrors }) => {
		await open(page, '/guides/efficiency', '[data-checklist]')
		await expect(page.locator('[data-checklist]')).toHaveCount(4)
		await expect(page.locator('li[data-done]')).toHaveCount(0)
		await expect(stage(page, 'efficiency-fresh-account').locator('[data-compact]')).toBeVisible()
		const total = await page.locator('li[data-item]').count()
		expect(total).toBeGreaterThanOrEqual(120)
		await item(page, 'cooks-assistant').getByRole('link', { name: "Cook's Assistant" }).click()
		await expect(page).toHaveURL(/\/quests\/cooks-assistant$/)
		expect(consoleErrors).toEqual([])
	})

	test("the player's completed quests are ticked, read-only, beside the reader's own ticks", async ({ page, consoleErrors }) => {
		await remember(page, PLAYER)
		await open(page, '/guides/efficiency', '[data-checklist]')
		const fresh = stage(page, 'efficiency-fresh-account')
		const cooks = item(page, 'cooks-assistant')
		await expect(cooks).toHaveAttribute('data-from-player', '')
		await expect(cooks.getByRole('checkbox')).toBeChecked()
		await expect(cooks.getByRole('checkbox')).toHaveAttribute('aria-readonly', 'true')
		await expect(item(page, 'all-fired-up')).toHaveAttribute('data-from-player', '')
		// Started is not completed, and a quest the player has not begun stays open.
		await expect(item(page, 'phite-club')).not.toHaveAttribute('data-done', '')
		await expect(item(page, 'necromancy')).not.toHaveAttribute('data-done', '')
		await expect(page.locator('li[data-from-player]')).toHaveCount(2)
		await expect(fresh.locator('[data-player-ticks]')).toHaveText("1 quest ticked from Zezima Jr's quest list.")
		const total = await fresh.locator('li[data-item]').count()
		await expect(fresh.locator('[data-progress]')).toHaveText(`1 of ${total} done`)

		// A quest the account has done cannot be unticked here.
		await cooks.getByRole('checkbox').click()
		await expect(cooks.getByRole('checkbox')).toBeChecked()
		// Other steps tick by hand, are saved, and come back with the player's ticks after a reload.
		await item(page, 'the-restless-ghost').getByRole('checkbox').click()
		await expect(fresh.locator('[data-progress]')).toHaveText(`2 of ${total} done`)
		await page.reload()
		await waitForHydration(page)
		await expect(item(page, 'the-restless-ghost')).toHaveAttribute('data-done', '')
		await expect(item(page, 'cooks-assistant')).toHaveAttribute('data-from-player', '')
		// Reset clears the reader's ticks only.
		await fresh.getByRole('button', { name: 'Reset' }).click()
		await expect(item(page, 'the-restless-ghost')).not.toHaveAttribute('data-done', '')
		await expect(item(page, 'cooks-assistant')).toHaveAttribute('data-done', '')
		await expect(fresh.locator('[data-progress]')).toHaveText(`1 of ${total} done`)
		expect(consoleErrors).toEqual([])
	})
})

test('efficiency checklist: a private profile ticks nothing and claims nothing', async ({ page, consoleErrors }) => {
	await remember(page, 'Private Pat')
	await open(page, '/guides/efficiency', '[data-checklist]')
	await expect(page.getByText('Stats loaded').filter({ visible: true }).first()).toBeVisible()
	await expect(page.locator('li[data-from-player]')).toHaveCount(0)
	await expect(page.locator('[data-player-ticks]')).toHaveCount(0)
	expect(consoleErrors).toEqual([])
})

test('what changed: dated updates, newest first, each with its sources', async ({ page, consoleErrors }) => {
	await page.goto('/guides/whats-changed')
	await waitForHydration(page)
	const updates = page.locator('article[data-update-date]')
	await expect(updates.first()).toBeVisible()
	const dates = await updates.evaluateAll((items) => items.map((a) => a.getAttribute('data-update-date')!))
	expect(dates.length).toBeGreaterThanOrEqual(10)
	expect(dates).toEqual([...dates].sort().reverse())
	expect(dates.every((d) => /^20(2[3-6])-\d{2}(-\d{2})?$/.test(d))).toBe(true)
	const necromancy = updates.filter({ has: page.locator('h3', { hasText: /^Necromancy/ }) })
	await expect(necromancy.locator('time')).toHaveAttribute('datetime', '2023-08-07')
	await expect(necromancy.locator('time')).toHaveText('7 August 2023')
	// The level-cap raises are dated to the month their sources give, the rebalance to its day.
	for (const [title, month, text] of [
		['Mining and Smithing go to 110', '2024-08', 'August 2024'],
		['Woodcutting, Fletching and Firemaking go to 110', '2024-12', 'December 2024'],
		['The Mid-Game Rebalance', '2026-07-20', '20 July 2026'],
	] as const) {
		const time = updates.filter({ has: page.locator('h3', { hasText: title }) }).locator('time')
		await expect(time).toHaveAttribute('datetime', month)
		await expect(time).toHaveText(text)
	}
	for (const update of await updates.all()) {
		await expect(update.getByRole('heading', { level: 3 })).toHaveCount(1)
		expect(await update.locator('a[href^="https://"][target="_blank"]').count()).toBeGreaterThan(0)
	}
	// The titles are page headings, so "On this page" lists them.
	await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Necromancy', exact: true })).toBeAttached()
	expect(consoleErrors).toEqual([])
})
