import { expect, test } from './fixtures.ts'

// Game facts written once (data/game/) and the stale notice, as readers get them: server-rendered,
// so the checks run with JavaScript off.
test.use({ javaScriptEnabled: false })

test('a page verified before an update that touched its topics says so, naming the update and its date', async ({ page }) => {
	// The widget gallery is "verified" on 15 January 2024 and about Mining (content-dev/widgets.md).
	await page.goto('/dev/widgets')
	const notice = page.locator('[data-stale-notice]')
	await expect(notice).toHaveCount(1)
	await expect(notice).toHaveAttribute('role', 'note')
	await expect(notice).toContainText('This page may be out of date.')
	await expect(notice.getByRole('link', { name: 'Mining and Smithing go to 110' })).toHaveAttribute('href', '/guides/whats-changed')
	await expect(notice.locator('time[datetime="2024-08"]')).toHaveText('August 2024')
	await expect(notice.locator('time[datetime="2025-10-06"]')).toHaveText('6 October 2025')
})

test('a page verified after every update that touched it shows no notice', async ({ page }) => {
	await page.goto('/guides/gear-progression')
	await expect(page.getByRole('heading', { level: 1, name: 'Gear Progression' })).toBeVisible()
	await expect(page.locator('[data-stale-notice]')).toHaveCount(0)
})

test('a gear requirement reads the same level from the data on every page', async ({ page }) => {
	// The fact-check found Subjugation armour at Defence 70 on one page and 80 on another.
	await page.goto('/guides/gear-progression')
	const row = page.getByRole('row').filter({ hasText: 'Subjugation armour' })
	await expect(row.locator('[data-skill-badge="defence"]')).toHaveText('70 Defence')
	await page.goto('/getting-started/magic-combat')
	// Its tier-70 cell: "Ahrim's robes 70 Defence or Subjugation armour 70 Defence".
	const cell = page.getByRole('cell').filter({ hasText: 'Subjugation armour' })
	await expect(cell).toContainText('or Subjugation armour')
	await expect(cell.locator('[data-skill-badge="defence"]').last()).toHaveText('70 Defence')
})

test('What Changed is rendered from data/game-updates.yaml into the page itself', async ({ page }) => {
	await page.goto('/guides/whats-changed')
	const updates = page.locator('article[data-update-date]')
	expect(await updates.count()).toBeGreaterThanOrEqual(10)
	const home = updates.filter({ has: page.getByRole('heading', { level: 3, name: "There's No Place Like Home..." }) })
	await expect(home).toContainText('player-owned housing')
	// The fact-check: the quest is not a step towards You Are It.
	await expect(home).not.toContainText('You Are It')
})

test('on a 320 px phone What Changed does not scroll sideways: long source links wrap', async ({ page }) => {
	await page.setViewportSize({ width: 320, height: 700 })
	await page.goto('/guides/whats-changed')
	// A github.com/…/commands/capeperks.txt source ran to 555 px.
	expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320)
})

test("Game Modes states the specification's Hardcore lives and group size, server-rendered (issue 41)", async ({ page }) => {
	await page.goto('/setup/gamemodes')
	const hardcore = page.locator('[role="tabpanel"]').filter({ has: page.getByRole('heading', { name: 'Hardcore Ironman' }) })
	await expect(hardcore).toContainText('1 life by default, 3 at most.')
	await expect(hardcore).toContainText('total level reaches 1000')
	await expect(hardcore).toContainText('total level 1600')
	await expect(page.locator('main')).toContainText('A group of 2–5 players.')
})
