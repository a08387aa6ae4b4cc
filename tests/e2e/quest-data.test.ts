import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

function panel(page: Page, quest: string) {
	return page.getByRole('region', { name: `Requirements for ${quest}` })
}

test('a quest needing part of another shows that part, and the quests it needs, in its panel', async ({ page, consoleErrors }) => {
	await page.goto('/quests/the-curse-of-zaros-miniquest')
	await waitForHydration(page)
	const box = panel(page, 'The Curse of Zaros (miniquest)')
	const part = box.locator('li[data-partial][data-quest="Desert Treasure"]')
	await expect(part).toContainText('Desert Treasure (until partly done)')
	// The quests needed to get that far are in the chain, before the part.
	const chain = box.locator('li[data-quest]')
	const names = await chain.evaluateAll((items) => items.map((li) => li.getAttribute('data-quest')))
	expect(names).toContain('The Dig Site')
	expect(names.indexOf('The Dig Site')).toBeLessThan(names.indexOf('Desert Treasure'))
	expect(names.at(-1)).toBe('The Curse of Zaros (miniquest)')
	await expect(page.getByRole('main')).toContainText('and part of 1 more')
	await expect(page.locator('section[aria-labelledby="sources"]')).toContainText('Requirements checked on')
	expect(consoleErrors).toEqual([])
})

test('ironman-only levels show only after the reader says they play an ironman, and stay on', async ({ page, consoleErrors }) => {
	await page.goto('/quests/desert-treasure')
	await waitForHydration(page)
	const box = panel(page, 'Desert Treasure')
	await expect(box.locator('li[data-skill="thieving"]')).toHaveText('53 Thieving')
	await expect(box.locator('li[data-skill="woodcutting"]')).toHaveCount(0)

	// The quest page has its own name box (the header's account button leads to it), with the switch.
	const ironman = page.locator('[data-page-lookup]').getByRole('switch', { name: 'I play an ironman' })
	await expect(ironman).toHaveAttribute('aria-checked', 'false')
	await ironman.click()
	await expect(ironman).toHaveAttribute('aria-checked', 'true')
	const woodcutting = box.locator('li[data-skill="woodcutting"][data-ironman]')
	await expect(woodcutting).toHaveText('80 Woodcuttingironman')

	await page.reload()
	await waitForHydration(page)
	await expect(panel(page, 'Desert Treasure').locator('li[data-skill="woodcutting"]')).toBeVisible()
	expect(await page.evaluate(() => localStorage.getItem('settings:ironman'))).toBe('true')

	// The same setting in the header popover, on a page without its own name box.
	await page.goto('/guides')
	await waitForHydration(page)
	await page.locator('[data-header-player]').click()
	const inPopover = page.getByRole('dialog', { name: 'Check my account' }).getByRole('switch', { name: 'I play an ironman' })
	await expect(inPopover).toHaveAttribute('aria-checked', 'true')
	await inPopover.click()
	await expect(inPopover).toHaveAttribute('aria-checked', 'false')
	expect(await page.evaluate(() => localStorage.getItem('settings:ironman'))).toBeNull()
	expect(consoleErrors).toEqual([])
})

test('alternatives show as one of a group; the catalogue marks each quest verified', async ({ page, consoleErrors }) => {
	await page.goto('/quests/tales-of-the-god-wars-miniquest')
	await waitForHydration(page)
	const group = panel(page, 'Tales of the God Wars (miniquest)').locator('[data-any-of]')
	await expect(group).toContainText('One of:')
	await expect(group.locator('[data-skill-badge]')).toHaveText(['60 Agility', '60 Strength'])

	await page.goto('/quests?q=desert+treasure')
	await waitForHydration(page)
	const row = page.locator('tbody tr[data-quest="Desert Treasure"]')
	await expect(row.locator('[data-verified]')).toHaveAttribute('data-verified', 'true')
	await expect(row.locator('[data-verified]')).toHaveText('verified')

	// A partial step is counted apart from the whole quests in the catalogue too.
	await page.goto('/quests?q=curse+of+zaros')
	await expect(page.locator('tbody tr[data-quest="The Curse of Zaros (miniquest)"]')).toContainText('6 quests · part of 1')
	expect(consoleErrors).toEqual([])
})
