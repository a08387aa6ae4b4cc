import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

const PLAYER = 'Zezima Jr'

/** Makes the page start with a remembered player, as if it had been looked up before. */
async function withPlayer(page: Page) {
	await page.addInitScript((name) => localStorage.setItem('player:username', name), PLAYER)
}

function panel(page: Page, quest: string) {
	return page.getByRole('region', { name: `Requirements for ${quest}` })
}

function rows(page: Page) {
	return page.locator('tbody tr')
}

test('a quest page shows its details, the chain with the target last and the highest levels', async ({ page, consoleErrors }) => {
	await page.goto('/quests/desert-treasure')
	await expect(page).toHaveTitle('Desert Treasure - Gielinor Guide')
	await expect(page.locator('meta[name="description"]')).toHaveAttribute(
		'content',
		/Desert Treasure: a Master members quest worth 3 quest points/,
	)
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/quests\/desert-treasure$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Desert Treasure')
	await expect(page.getByText('Also known as DT')).toBeVisible()
	await waitForHydration(page)

	const box = panel(page, 'Desert Treasure')
	const chain = box.locator('li[data-quest]')
	await expect(chain).toHaveCount(5)
	await expect(chain.last()).toHaveAttribute('data-quest', 'Desert Treasure')
	await expect(chain.first()).toHaveAttribute('data-quest', 'Priest in Peril')
	// Thieving is needed at 25 (The Dig Site), 30 (Troll Stronghold) and 53: the panel shows 53.
	const skills = box.locator('li[data-skill]')
	await expect(skills).toHaveText(['15 Agility', '50 Firemaking', '10 Herblore', '50 Magic', '10 Slayer', '53 Thieving'])
	await expect(box.getByRole('link', { name: 'The Dig Site', exact: true })).toHaveAttribute('href', '/quests/the-dig-site')
	await expect(box.getByRole('link', { name: 'Desert Treasure quick guide on the RuneScape Wiki' }).first()).toHaveAttribute(
		'href',
		'https://runescape.wiki/w/Desert_Treasure/Quick_guide',
	)
	expect(consoleErrors).toEqual([])
})

test("a quest page lists what it unlocks, and each links to that quest's page", async ({ page }) => {
	await page.goto('/quests/priest-in-peril')
	await waitForHydration(page)
	const unlocks = page.getByRole('region', { name: 'Unlocks' })
	await expect(unlocks.getByRole('link')).toContainText(['All Fired Up', 'Desert Treasure'])
	await unlocks.getByRole('link', { name: 'Desert Treasure' }).click()
	await expect(page).toHaveURL(/\/quests\/desert-treasure$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Desert Treasure')
	await expect(
		page.getByRole('region', { name: 'Unlocks' }).getByRole('link', {
			name: 'The Temple at Senntisten',
		}),
	).toBeVisible()
})

test('an unknown quest page is a 404', async ({ page }) => {
	const response = await page.goto('/quests/not-a-real-quest')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
})

test('the requirement panel inside a guide page', async ({ page, consoleErrors }) => {
	await page.goto('/guides/early-game/desert-treasure')
	await waitForHydration(page)
	const box = panel(page, 'Desert Treasure')
	await expect(box.locator('li[data-quest]').last()).toHaveAttribute('data-quest', 'Desert Treasure')
	await expect(box.locator('li[data-skill="thieving"]')).toHaveText('53 Thieving')
	await box.getByRole('link', { name: 'Troll Stronghold', exact: true }).click()
	await expect(page).toHaveURL(/\/quests\/troll-stronghold$/)
	expect(consoleErrors).toEqual([])
})

test('the hand-written requirements widget in a guide page', async ({ page }) => {
	await page.goto('/guides/late-game/overloads')
	await waitForHydration(page)
	const box = page.getByRole('region', { name: 'Requirements: Overloads' })
	await expect(box.getByText('No quest requirements')).toBeVisible()
	await expect(box.locator('li[data-skill="herblore"]')).toHaveText('96 Herblore')
})

test('the catalogue finds a quest by its alias and keeps the search in the URL', async ({ page, consoleErrors }) => {
	await page.goto('/quests')
	await expect(page).toHaveTitle('Quests - Gielinor Guide')
	await waitForHydration(page)
	const total = await rows(page).count()
	expect(total).toBeGreaterThan(300)
	await page.getByRole('searchbox', { name: 'Search quests' }).fill('dt')
	await expect(rows(page).first()).toHaveAttribute('data-quest', 'Desert Treasure')
	await expect(page).toHaveURL(/\/quests\?q=dt$/)
	await expect(page.getByTestId('quest-count')).toContainText(`of ${total} quests`)
	await rows(page).first().getByRole('link', { name: 'Desert Treasure' }).click()
	await expect(page).toHaveURL(/\/quests\/desert-treasure$/)
	// Back to the list: the search is still there.
	await page.goBack()
	await expect(page.getByRole('searchbox', { name: 'Search quests' })).toHaveValue('dt')
	await expect(rows(page).first()).toHaveAttribute('data-quest', 'Desert Treasure')
	expect(consoleErrors).toEqual([])
})

test('filters: difficulty and membership narrow the list', async ({ page }) => {
	await page.goto('/quests')
	await waitForHydration(page)
	await page.getByLabel('Difficulty').selectOption({ label: 'Grandmaster' })
	await expect(page).toHaveURL(/difficulty=4/)
	const difficulties = await rows(page).locator('td:nth-child(2)').allInnerTexts()
	expect(difficulties.length).toBeGreaterThan(5)
	expect(difficulties.every((d) => d.includes('Grandmaster'))).toBe(true)
	await expect(rows(page).filter({ hasText: 'While Guthix Sleeps' })).toHaveCount(1)

	await page.getByLabel('Difficulty').selectOption({ label: 'Any' })
	await page.getByLabel('Membership').selectOption({ label: 'Free to play' })
	await expect(page).toHaveURL(/\/quests\?members=free$/)
	const members = await rows(page).locator('td:nth-child(3)').allInnerTexts()
	expect(members.length).toBeGreaterThan(5)
	expect(members.every((m) => m.trim() === 'Free')).toBe(true)
	await expect(rows(page).filter({ hasText: "Cook's Assistant" })).toHaveCount(1)
	await expect(rows(page).filter({ hasText: 'Desert Treasure' })).toHaveCount(0)
})

test('sorting by quest points, from the menu and from the column heading', async ({ page }) => {
	await page.goto('/quests')
	await waitForHydration(page)
	const points = async () => (await rows(page).locator('td:nth-child(4)').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')))
	await page.getByLabel('Sort by').selectOption({ label: 'Quest points, most first' })
	await expect(page).toHaveURL(/sort=qp$/)
	const most = await points()
	expect(most).toEqual([...most].sort((a, b) => b - a))
	expect(most[0]).toBeGreaterThan(most.at(-1)!)

	await page
		.getByRole('columnheader', { name: /Quest points/ })
		.getByRole('link')
		.click()
	await expect(page).toHaveURL(/sort=qp&dir=asc$/)
	const fewest = await points()
	expect(fewest).toEqual([...fewest].sort((a, b) => a - b))
	await expect(page.getByRole('columnheader', { name: /Quest points/ })).toHaveAttribute('aria-sort', 'ascending')
})

test('a shared link opens the catalogue filtered, also without JavaScript', async ({ page, browser, consoleErrors }) => {
	await page.goto('/quests?q=wgs')
	await expect(rows(page).first()).toHaveAttribute('data-quest', 'While Guthix Sleeps')
	await waitForHydration(page)
	await expect(page.getByRole('searchbox', { name: 'Search quests' })).toHaveValue('wgs')
	await expect(rows(page)).toHaveCount(1)
	expect(consoleErrors).toEqual([])

	const context = await browser.newContext({ javaScriptEnabled: false })
	const plain = await context.newPage()
	await plain.goto('/quests?q=wgs&difficulty=4')
	await expect(plain.locator('tbody tr')).toHaveCount(1)
	await expect(plain.locator('tbody tr').first()).toHaveAttribute('data-quest', 'While Guthix Sleeps')
	// The form works as a plain GET form.
	await plain.getByRole('searchbox', { name: 'Search quests' }).fill('desert treasure')
	await plain.getByLabel('Difficulty').selectOption({ label: 'Any' })
	await plain.getByRole('button', { name: 'Apply' }).click()
	await expect(plain).toHaveURL(/q=desert\+treasure/)
	await expect(plain.locator('tbody tr').first()).toHaveAttribute('data-quest', 'Desert Treasure')
	// A quest page shows its requirement panel without JavaScript too.
	await plain.goto('/quests/desert-treasure')
	await expect(panel(plain, 'Desert Treasure').locator('li[data-quest]')).toHaveCount(5)
	await context.close()
})

test('with a player: completed quests ticked, skills green or red, quest points checked', async ({ page, consoleErrors }) => {
	await withPlayer(page)
	await page.goto('/quests/chefs-assistant')
	await waitForHydration(page)
	const box = panel(page, "Chef's Assistant")
	await expect(box.getByText(`Checked against ${PLAYER}`)).toBeVisible()
	await expect(box.locator('li[data-quest="Cook\'s Assistant"]')).toHaveAttribute('data-status', 'completed')
	// Not done, prerequisites done: the chain says it can be started now (issue 18's chain states).
	await expect(box.locator('li[data-quest="Chef\'s Assistant"]')).toHaveAttribute('data-status', 'can-start')
	await expect(box.locator('[data-quest-status]')).toHaveText('Can start now')
	await expect(box.locator('li[data-skill="cooking"] [data-met]')).toHaveAttribute('data-met', 'true')

	// Zezima Jr is level 40 Necromancy and 2 Archaeology.
	await page.goto('/quests/osseous-rex')
	const rex = panel(page, 'Osseous Rex')
	await expect(rex.locator('li[data-skill="necromancy"] [data-met]')).toHaveAttribute('data-met', 'false')
	await expect(rex.locator('[data-quest-status]')).toHaveText('Locked')

	// Dragon Slayer needs 33 quest points; three completed quests are far from that.
	await page.goto('/quests/dragon-slayer')
	const dragon = panel(page, 'Dragon Slayer')
	await expect(dragon.locator('p[data-met]')).toHaveAttribute('data-met', 'false')
	await expect(dragon.getByText(/You have \d+\./)).toBeVisible()
	expect(consoleErrors).toEqual([])
})

test("'Only show what I'm missing' hides what is done and is remembered", async ({ page }) => {
	await withPlayer(page)
	await page.goto('/quests/chefs-assistant')
	await waitForHydration(page)
	const box = panel(page, "Chef's Assistant")
	const toggle = box.getByRole('switch', { name: "Only show what I'm missing" })
	await expect(toggle).toHaveAttribute('aria-checked', 'false')
	await expect(box.locator('li[data-quest]')).toHaveCount(2)
	await toggle.click()
	await expect(toggle).toHaveAttribute('aria-checked', 'true')
	await expect(box.locator('li[data-quest]')).toHaveCount(1)
	await expect(box.locator('li[data-quest]')).toHaveAttribute('data-quest', "Chef's Assistant")
	await expect(box.getByText('Every level reached')).toBeVisible()
	await page.reload()
	await waitForHydration(page)
	await expect(panel(page, "Chef's Assistant").getByRole('switch')).toHaveAttribute('aria-checked', 'true')
	await expect(panel(page, "Chef's Assistant").locator('li[data-quest]')).toHaveCount(1)
})

test("with a player the catalogue shows each quest's status and a 'Can start now' filter", async ({ page, consoleErrors }) => {
	await withPlayer(page)
	await page.goto('/quests')
	await waitForHydration(page)
	await expect(page.getByText(`Progress of ${PLAYER}:`)).toBeVisible()
	await expect(rows(page).filter({ hasText: "Cook's Assistant" })).toHaveAttribute('data-status', 'completed')
	await page.getByRole('button', { name: /^Can start now/ }).click()
	await expect(page).toHaveURL(/status=can-start/)
	const statuses = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.dataset.status))
	expect(statuses.length).toBeGreaterThan(5)
	expect(new Set(statuses)).toEqual(new Set(['can-start']))
	await expect(rows(page).filter({ hasText: "Chef's Assistant" })).toHaveCount(1)
	await expect(rows(page).filter({ hasText: 'Dragon Slayer' })).toHaveCount(0)
	expect(consoleErrors).toEqual([])
})
