import type { Page, Request } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// The player lookup, skill badges and levelling drawer against the fake RuneMetrics upstream
// (players in tests/fixtures/README.md). /dev/player is a hidden page with the widgets.

const API = '/api/v1/player-data'

function lookups(page: Page): Request[] {
	const seen: Request[] = []
	page.on('request', (request) => {
		if (request.url().includes(API)) seen.push(request)
	})
	return seen
}

async function openDevPage(page: Page) {
	await page.goto('/dev/player')
	await waitForHydration(page)
	return page.getByRole('main').getByRole('region', { name: 'Player lookup' })
}

async function lookUp(page: Page, name: string) {
	const lookup = await openDevPage(page)
	await lookup.getByLabel('Your RuneScape name').fill(name)
	await lookup.getByLabel('Your RuneScape name').press('Enter')
	return lookup
}

const badge = (page: Page, skill: string) => page.locator(`main [data-skill-badge="${skill}"]`).first()

test('on phones the header shows a usual-length name whole, and stays on the screen', async ({ page }) => {
	// The name gets the room the logo and icons leave: 9 characters fit from 320 px, 11 from 390.
	for (const [player, widths] of [
		['Zezima Jr', [320, 360, 390]],
		['Midgame Mia', [320, 390, 412]],
	] as const) {
		await page.addInitScript((name) => localStorage.setItem('player:username', name), player)
		for (const width of widths) {
			await page.setViewportSize({ width, height: 700 })
			await page.goto('/guides')
			const name = page.locator('[data-header-player] span').filter({ hasText: player })
			await expect(name).toBeVisible({ timeout: 15_000 })
			expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth), `${player} at ${width} px`).toBe(true)
			// The row's last control, the "More" menu, keeps the header's 12 px margin.
			const more = await page.locator('[data-more-menu] > summary').boundingBox()
			expect(more!.x + more!.width, `${player} at ${width} px`).toBeLessThanOrEqual(width - 12)
		}
	}
})

test('on a 320 px phone the lookup shows the whole name it loaded', async ({ page }) => {
	await page.setViewportSize({ width: 320, height: 800 })
	await page.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	await page.goto('/quests')
	const loadedFor = page.getByRole('main').getByText('for Zezima Jr')
	// The first lookup on a server just started can take a while.
	await expect(loadedFor).toBeVisible({ timeout: 15_000 })
	await expect.poll(() => loadedFor.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
	await expect(page.getByRole('main').getByRole('button', { name: 'Forget name' })).toBeVisible()
})

test('searches one second after typing stops, and at once on Enter', async ({ page, consoleErrors }) => {
	const requests = lookups(page)
	const lookup = await openDevPage(page)
	const input = lookup.getByLabel('Your RuneScape name')
	const submit = lookup.getByRole('button', { name: 'Look up' })
	await expect(submit).toBeDisabled()
	await input.fill('   ')
	await expect(submit).toBeDisabled()

	await input.pressSequentially('Zezima Jr', { delay: 60 })
	await expect(submit).toBeEnabled()
	const typedAt = Date.now()
	await page.waitForTimeout(600)
	expect(requests).toHaveLength(0)
	await expect(lookup.getByText('Stats loaded')).toBeVisible()
	expect(requests).toHaveLength(1)
	expect(Date.now() - typedAt).toBeGreaterThanOrEqual(950)
	expect(requests[0]?.url()).toContain('username=Zezima%20Jr')

	await input.fill('Quiet Quinn')
	const immediate = page.waitForRequest((r) => r.url().includes('Quiet%20Quinn'), { timeout: 600 })
	await input.press('Enter')
	await immediate
	await expect(lookup.getByText('for Quiet Quinn')).toBeVisible()
	await page.waitForTimeout(1200)
	// Enter cancelled the pending automatic search: one request for the name, not two.
	expect(requests.filter((r) => r.url().includes('Quiet%20Quinn'))).toHaveLength(1)
	expect(consoleErrors).toEqual([])
})

test('the box takes at most 15 characters', async ({ page }) => {
	const lookup = await openDevPage(page)
	const input = lookup.getByLabel('Your RuneScape name')
	await input.pressSequentially('abcdefghijklmnopqrst')
	await expect(input).toHaveValue('abcdefghijklmno')
})

test('the last name is remembered across a reload', async ({ page }) => {
	await lookUp(page, 'Zezima Jr')
	await expect(page.getByRole('main').getByText('Stats loaded')).toBeVisible()
	await page.reload()
	await waitForHydration(page)
	const lookup = page.getByRole('main').getByRole('region', { name: 'Player lookup' })
	await expect(lookup.getByLabel('Your RuneScape name')).toHaveValue('Zezima Jr')
	await expect(lookup.getByText('Stats loaded')).toBeVisible()
	await expect(badge(page, 'attack')).toHaveAttribute('data-met', 'true')
})

test('quests show green when completed and red when not, linking the wiki quick guide', async ({ page, consoleErrors }) => {
	const lookup = await lookUp(page, 'Zezima Jr')
	const summary = lookup.getByText('Your quests: 3 of 8 completed')
	await expect(summary).toBeVisible()
	await summary.click()
	const cook = lookup.getByRole('link', { name: /Cook's Assistant/ })
	await expect(cook).toHaveAttribute('data-completed', 'true')
	await expect(cook).toHaveClass(/text-ok/)
	await expect(cook).toHaveAttribute('href', 'https://runescape.wiki/w/Cook%27s_Assistant/Quick_guide')
	await expect(cook).toHaveAttribute('target', '_blank')
	await expect(cook).toHaveAttribute('rel', 'noopener noreferrer')
	const started = lookup.getByRole('link', { name: /'Phite Club/ })
	await expect(started).toHaveAttribute('data-completed', 'false')
	await expect(started).toHaveClass(/text-bad/)
	await expect(lookup.locator('[data-completed="true"]')).toHaveCount(3)
	await expect(lookup.locator('[data-completed="false"]')).toHaveCount(5)

	await lookup.getByLabel('Filter quests').fill('ashdale')
	await expect(lookup.locator('[data-completed]')).toHaveCount(1)
	await expect(lookup.getByRole('link', { name: /A Shadow over Ashdale/ })).toBeVisible()
	expect(consoleErrors).toEqual([])
})

/**
 * A badge's text colour once its colour transition is over. Even a 0.01 ms transition (reduced
 * motion) starts from the old colour and moves only on the next frame: read at once, a badge that
 * had just turned red still had its neutral colour (failed once in CI).
 */
const colourOf = (page: Page, skill: string) =>
	badge(page, skill).evaluate((el) => {
		for (const animation of el.getAnimations()) animation.finish()
		return getComputedStyle(el).color
	})

test('badges are neutral without data, then green when met and red when not', async ({ page }) => {
	await page.emulateMedia({ reducedMotion: 'reduce' })
	const scripts: string[] = []
	page.on('request', (r) => {
		if (r.resourceType() === 'script') scripts.push(r.url())
	})
	await openDevPage(page)
	// A first visit needs no TanStack Query: nothing to look up yet.
	expect(scripts.some((url) => url.includes('/assets/player-query-'))).toBe(false)
	for (const skill of ['herblore', 'attack', 'invention']) {
		await expect(badge(page, skill)).not.toHaveAttribute('data-met')
	}
	await expect(badge(page, 'herblore')).toHaveAccessibleName('96 Herblore — open the Herblore levelling guide')
	const neutral = await colourOf(page, 'herblore')

	const lookup = page.getByRole('main').getByRole('region', { name: 'Player lookup' })
	await lookup.getByLabel('Your RuneScape name').fill('Zezima Jr')
	await lookup.getByLabel('Your RuneScape name').press('Enter')
	// Zezima Jr: Herblore 71, Attack 88, Invention 1, Necromancy 40, Archaeology 2.
	await expect(badge(page, 'herblore')).toHaveAttribute('data-met', 'false')
	await expect(badge(page, 'attack')).toHaveAttribute('data-met', 'true')
	await expect(badge(page, 'invention')).toHaveAttribute('data-met', 'true')
	await expect(badge(page, 'necromancy')).toHaveAttribute('data-met', 'true')
	await expect(badge(page, 'archaeology')).toHaveAttribute('data-met', 'false')
	const red = await colourOf(page, 'herblore')
	const green = await colourOf(page, 'attack')
	expect(new Set([neutral, red, green]).size).toBe(3)
	// With a player the badge shows their level beside the one needed.
	await expect(badge(page, 'herblore')).toHaveText('71/96 Herblore')
	await expect(badge(page, 'attack')).toHaveText('88/80 Attack')
	await expect(badge(page, 'herblore')).toHaveAccessibleName(
		'71/96 Herblore (you have 71, need 96: not met) — open the Herblore levelling guide',
	)
})

test('a player RuneMetrics refuses, with no hiscores entry: every skill counts as level 1', async ({ page }) => {
	const lookup = await lookUp(page, 'Banned Bob')
	await expect(lookup.getByText('Stats loaded')).toBeVisible()
	await expect(lookup.getByText(/RuneMetrics will not show this profile/)).toBeVisible()
	await expect(badge(page, 'invention')).toHaveAttribute('data-met', 'true')
	await expect(badge(page, 'attack')).toHaveAttribute('data-met', 'false')
})

test('the drawer with player data: level, verdict, passed ranges and the current one', async ({ page, consoleErrors }) => {
	const lookup = await lookUp(page, 'Zezima Jr')
	await expect(lookup.getByText('Stats loaded')).toBeVisible()
	await badge(page, 'herblore').click()
	const drawer = page.getByRole('dialog', { name: 'Herblore Skill Guide' })
	await expect(drawer).toBeVisible()
	await expect(drawer.getByText('Leveling guide for the skill')).toBeVisible()
	await expect(drawer.getByText('Your Current Level')).toBeVisible()
	await expect(drawer.getByText('71/96')).toBeVisible()
	await expect(drawer.getByText('Requirement not met')).toBeVisible()
	// Herblore ranges 1–20, 20–40, 40–60 are behind a level 71 player; 60–80 holds it.
	await expect(drawer.locator('[data-range-status="passed"]')).toHaveCount(3)
	await expect(drawer.locator('[data-range-status="passed"] [data-mark="passed"]')).toHaveCount(3)
	const current = drawer.locator('[data-range-status="current"]')
	await expect(current).toHaveCount(1)
	await expect(current).toContainText('Levels 60–80')
	await expect(current.getByText('Current', { exact: true })).toBeVisible()
	await expect(drawer.locator('[data-range-status="upcoming"]').first()).toBeVisible()
	await expect(drawer.locator('[data-range-status="upcoming"]').getByText('Current')).toHaveCount(0)

	await page.keyboard.press('Escape')
	await expect(drawer).toBeHidden()
	await expect(badge(page, 'herblore')).toBeFocused()

	await badge(page, 'attack').click()
	const attack = page.getByRole('dialog', { name: 'Attack Skill Guide' })
	await expect(attack.getByText('88/80')).toBeVisible()
	await expect(attack.getByText('Requirement met')).toBeVisible()
	await attack.getByRole('button', { name: 'Close the guide' }).click()
	await expect(attack).toBeHidden()
	expect(consoleErrors).toEqual([])
})

test('the drawer without player data has no progress marks; a lookup there updates it', async ({ page, consoleErrors }) => {
	const requests: string[] = []
	page.on('request', (r) => requests.push(r.url()))
	await openDevPage(page)
	expect(requests.some((url) => /\/assets\/skill-drawer-/.test(url))).toBe(false)
	await badge(page, 'herblore').click()
	const drawer = page.getByRole('dialog', { name: 'Herblore Skill Guide' })
	await expect(drawer.getByText('Required level')).toBeVisible()
	await expect(drawer.locator('[data-range-status="none"]').first()).toBeVisible()
	await expect(drawer.locator('[data-range-status="passed"]')).toHaveCount(0)
	await expect(drawer.getByText('Current', { exact: true })).toHaveCount(0)
	await expect(drawer.getByText('Your Current Level')).toHaveCount(0)
	// vaul and the guide arrive with the first open.
	expect(requests.some((url) => /\/assets\/skill-drawer-/.test(url))).toBe(true)
	expect(requests.some((url) => /\/assets\/herblore-[\w-]+\.js/.test(url))).toBe(true)

	await drawer.getByLabel('Your RuneScape name').fill('Zezima Jr')
	await drawer.getByLabel('Your RuneScape name').press('Enter')
	await expect(drawer.getByText('71/96')).toBeVisible()
	await expect(drawer.getByText('Current', { exact: true })).toBeVisible()
	await page.keyboard.press('Escape')
	await expect(drawer).toBeHidden()
	await expect(badge(page, 'herblore')).toHaveAttribute('data-met', 'false')
	expect(consoleErrors).toEqual([])
})

test('the drawer closes when dragged past a quarter of its height, not before', async ({ page }) => {
	await openDevPage(page)
	await badge(page, 'attack').click()
	const drawer = page.getByRole('dialog', { name: 'Attack Skill Guide' })
	await expect(drawer).toBeVisible()
	await page.waitForTimeout(600) // the opening animation

	// Slow drags (well under vaul's fast-swipe speed), from the handle, by a share of the height.
	async function drag(share: number) {
		const box = await drawer.boundingBox()
		if (!box) throw new Error('the drawer has no box')
		const x = box.x + box.width / 2
		const y = box.y + 12
		await page.mouse.move(x, y)
		await page.mouse.down()
		for (let step = 1; step <= 20; step++) {
			await page.mouse.move(x, y + (box.height * share * step) / 20)
			await page.waitForTimeout(80)
		}
		await page.mouse.up()
	}
	await drag(0.12)
	await page.waitForTimeout(700)
	await expect(drawer).toBeVisible()
	await drag(0.4)
	await expect(drawer).toBeHidden()
})

test('"User not found" for a name nobody has', async ({ page }) => {
	const lookup = await lookUp(page, 'No Profile')
	await expect(lookup.getByText('User not found')).toBeVisible()
	await expect(lookup.getByText('Stats loaded')).toHaveCount(0)
	await expect(badge(page, 'herblore')).not.toHaveAttribute('data-met')
})

test('an upstream failure is retried twice, then shown as "User not found"', async ({ page }) => {
	const requests = lookups(page)
	const lookup = await lookUp(page, 'Crash Carl')
	await expect(lookup.getByText('User not found')).toBeVisible({ timeout: 15_000 })
	expect(requests).toHaveLength(3)
})

test('a private profile says so plainly', async ({ page, consoleErrors }) => {
	const lookup = await lookUp(page, 'Private Pat')
	await expect(lookup.getByText('Stats loaded')).toBeVisible()
	await expect(
		lookup.getByText('This RuneMetrics profile is private, so quest progress is hidden.', {
			exact: false,
		}),
	).toBeVisible()
	await expect(lookup.getByText(/Your quests/)).toHaveCount(0)
	// Skills still come from the hiscores.
	await expect(badge(page, 'attack')).toHaveAttribute('data-met', 'true')
	expect(consoleErrors).toEqual([])
})

test('the header lookup loads lazily on a guide page and shows the player name', async ({ page, consoleErrors }) => {
	const scripts: string[] = []
	page.on('request', (r) => {
		if (r.resourceType() === 'script') scripts.push(r.url())
	})
	await page.goto('/guides')
	await waitForHydration(page)
	const button = page.locator('[data-header-player]')
	await expect(button).toHaveAccessibleName('Check my account')
	const loaded = (chunk: string) => scripts.some((url) => url.includes(`/assets/${chunk}-`))
	// The popover is its own chunk, and TanStack Query (player-query) comes with the first name.
	expect(loaded('header-lookup-panel')).toBe(false)

	await button.click()
	const panel = page.getByRole('dialog', { name: 'Check my account' })
	await expect(panel).toBeVisible()
	expect(loaded('header-lookup-panel')).toBe(true)
	expect(loaded('player-query')).toBe(false)
	const input = panel.getByLabel('Your RuneScape name')
	await expect(input).toBeFocused()
	await input.fill('Zezima Jr')
	await input.press('Enter')
	await expect(panel.getByText('Stats loaded')).toBeVisible()
	expect(loaded('player-query')).toBe(true)
	await expect(button).toContainText('Zezima Jr')
	await expect(button).toHaveAccessibleName('Account: Zezima Jr')

	await page.keyboard.press('Escape')
	await expect(panel).toBeHidden()
	await expect(button).toBeFocused()

	// Another page of the site: the remembered name loads by itself.
	await page.goto('/setup')
	await waitForHydration(page)
	await expect(page.getByRole('button', { name: 'Account: Zezima Jr' })).toBeVisible()
	expect(consoleErrors).toEqual([])
})
