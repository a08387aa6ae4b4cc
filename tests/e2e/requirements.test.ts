import type { Page } from '@playwright/test'
import { xpForLevel } from '#app/lib/xp-table.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// Issue 18: the places a player got stuck in a walk-through on a phone and a desktop, with
// JavaScript on and off. Players come from the fake RuneMetrics upstream (tests/fixtures/README.md).

const PLAYER = 'Zezima Jr'

async function withPlayer(page: Page, name = PLAYER) {
	await page.addInitScript((stored) => localStorage.setItem('player:username', stored), name)
}

function panel(page: Page, quest: string) {
	return page.getByRole('region', { name: `Requirements for ${quest}` })
}

test('requirement panel: numbers stay, each with its state, "Start here" and links onward', async ({ page, consoleErrors }) => {
	await withPlayer(page)
	await page.goto('/quests/desert-treasure')
	await waitForHydration(page)
	const box = panel(page, 'Desert Treasure')
	await expect(box.getByText(`Checked against ${PLAYER}`)).toBeVisible()
	const steps = box.locator('li[data-quest]')
	// Zezima Jr has done none of the chain: the order is still there, 1 to 5.
	await expect(steps).toHaveCount(5)
	for (let i = 0; i < 5; i++) await expect(steps.nth(i)).toContainText(`${i + 1}.`)
	await expect(steps.nth(0)).toHaveAttribute('data-quest', 'Priest in Peril')
	await expect(steps.nth(0)).toHaveAttribute('data-status', 'can-start')
	await expect(steps.nth(0)).toContainText('Can start now')
	await expect(steps.nth(0)).toContainText('Start here')
	await expect(box.locator('li[data-start-here]')).toHaveCount(1)
	const troll = box.locator('li[data-quest="Troll Stronghold"]')
	await expect(troll).toHaveAttribute('data-status', 'blocked')
	await expect(troll.locator('[data-step-state]')).toHaveText('Blocked by Death Plateau')
	await expect(troll.getByRole('link', { name: 'Death Plateau' })).toHaveAttribute('href', '/quests/death-plateau')
	await expect(box.locator('li[data-quest="Desert Treasure"] [data-step-state]')).toHaveText('Blocked by Priest in Peril')

	await expect(box.getByRole('link', { name: 'Plan the way to Desert Treasure' })).toHaveAttribute(
		'href',
		'/tools/plan?goals=desert-treasure',
	)
	await box.getByRole('link', { name: 'Quests of this chain you can start now' }).click()
	await expect(page).toHaveURL(/\/quests\?chain=desert-treasure&status=can-start$/)
	await expect(page.locator('[data-chain-scope]')).toContainText('Only the chain of Desert Treasure (5 quests')
	await expect(page.locator('tbody tr')).toHaveCount(3)
	const rows = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-quest')))
	expect(rows.sort()).toEqual(['Death Plateau', 'Priest in Peril', 'The Dig Site'])
	await page.locator('[data-chain-scope]').getByRole('link', { name: 'Show every quest' }).click()
	await expect(page).toHaveURL(/\/quests\?status=can-start$/)
	expect(consoleErrors).toEqual([])
})

test('a finished quest says "Done"; a quest with no chain shows its missing levels as level/needed', async ({ page }) => {
	await withPlayer(page)
	// Zezima Jr has done Cook's Assistant; Archaeology 2 and Necromancy 40 are short of Osseous Rex.
	await page.goto('/quests/chefs-assistant')
	await waitForHydration(page)
	const chef = panel(page, "Chef's Assistant")
	await expect(chef.locator('li[data-quest="Cook\'s Assistant"] [data-step-state]')).toHaveText('Done')
	await expect(chef.locator('li[data-quest="Cook\'s Assistant"]')).toContainText('1.')
	await expect(chef.locator('li[data-quest="Chef\'s Assistant"]')).toHaveAttribute('data-start-here', '')
	await page.goto('/quests/osseous-rex')
	const rex = panel(page, 'Osseous Rex')
	await expect(rex.locator('[data-quest-status]')).toHaveText('Locked')
	await expect(rex.locator('[data-skill-badge="archaeology"]')).toHaveText('2/30 Archaeology')
	await expect(rex.locator('[data-skill-badge="necromancy"]')).toHaveText('40/70 Necromancy')
})

test('one count: the chain heading and the folded list say the same number', async ({ page }) => {
	await withPlayer(page)
	await page.goto('/guides/mid-game/while-guthix-sleeps')
	await waitForHydration(page)
	const box = panel(page, 'While Guthix Sleeps')
	await expect(box.getByText(`Checked against ${PLAYER}`)).toBeVisible()
	const heading = await box.getByRole('heading', { name: /Quest chain/ }).innerText()
	const count = Number(/\((\d+)\)/.exec(heading)?.[1])
	expect(count).toBeGreaterThan(12)
	await expect(box.locator('summary')).toContainText(`Show all ${count} quests`)
	await box.getByRole('switch', { name: "Only show what I'm missing" }).click()
	// Filtered, the fold names what it holds instead of "all".
	await expect(box.locator('summary')).toContainText(/Show the \d+ not done/)
	await expect(box.locator('summary')).not.toContainText('Show all')
})

test('skill badges show level/needed with a player; the drawer opens at the current tier with the target marked', async ({
	page,
	consoleErrors,
}) => {
	await withPlayer(page)
	await page.goto('/quests/desert-treasure')
	await waitForHydration(page)
	const box = panel(page, 'Desert Treasure')
	const magic = box.locator('[data-skill-badge="magic"]')
	// Zezima Jr: Magic 87; Desert Treasure needs 50.
	await expect(magic).toHaveText('87/50 Magic')
	await magic.click()
	const drawer = page.getByRole('dialog', { name: 'Magic Skill Guide' })
	await expect(drawer.getByText('Leveling guide for the skill')).toBeVisible()
	const current = drawer.locator('[data-range-status="current"]')
	await expect(current).toContainText('Levels 80–99')
	await expect(current).toBeFocused()
	await expect(current).toBeInViewport()
	const target = drawer.locator('[data-range-target]')
	await expect(target).toHaveCount(1)
	await expect(target).toContainText('Levels 40–60')
	await expect(target.locator('[data-mark="target"]')).toHaveText('Target')
	// Reached: no XP to go.
	await expect(drawer.locator('[data-xp-to-go]')).toHaveCount(0)
	await page.keyboard.press('Escape')

	// Not reached: the XP still needed, from the RS3 table. Zezima Jr has 829,904 Herblore XP.
	await page.goto('/dev/player')
	await waitForHydration(page)
	await page.locator('main [data-skill-badge="herblore"]').first().click()
	const herblore = page.getByRole('dialog', { name: 'Herblore Skill Guide' })
	const toGo = xpForLevel('herblore', 96) - 829_904
	await expect(herblore.locator('[data-xp-to-go]')).toHaveText(`${toGo.toLocaleString('en-GB')} XP to level 96`)
	expect(consoleErrors).toEqual([])
})

test('a quest page links to its guide and the guide links back; one name box on quest pages', async ({ page }) => {
	await page.goto('/quests/desert-treasure')
	await waitForHydration(page)
	await page.getByRole('link', { name: 'Our guide: Desert Treasure' }).click()
	await expect(page).toHaveURL(/\/guides\/early-game\/desert-treasure$/)
	await page.locator('[data-guide-quests]').getByRole('link', { name: 'Desert Treasure' }).click()
	await expect(page).toHaveURL(/\/quests\/desert-treasure$/)
	await waitForHydration(page)
	const boxes = page.getByLabel('Your RuneScape name')
	await expect(boxes).toHaveCount(1)
	// The header's account button leads to the page's own box instead of opening a second one.
	await page.locator('[data-header-player]').click()
	await expect(boxes).toHaveCount(1)
	await expect(boxes).toBeFocused()
	// A quest with no guide of ours shows no guide link.
	await page.goto('/quests/cooks-assistant')
	await expect(page.locator('[data-quest-guide]')).toHaveCount(0)
})

test('an unknown player gets what to check, and a blank submit clears the error', async ({ page }) => {
	await page.goto('/quests/cooks-assistant')
	await waitForHydration(page)
	const lookup = page.getByRole('region', { name: 'Player lookup' })
	const input = lookup.getByLabel('Your RuneScape name')
	const submit = lookup.getByRole('button', { name: 'Look up' })
	await expect(submit).toHaveAttribute('aria-disabled', 'true')
	// The design's disabled look: a quiet outline, not the accent at half opacity.
	expect(await submit.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
	await input.fill('No Profile')
	await expect(submit).not.toHaveAttribute('aria-disabled')
	await input.press('Enter')
	await expect(lookup.getByText('User not found')).toBeVisible()
	const help = lookup.locator('[data-lookup-help]')
	await expect(help).toContainText('Nobody called “No Profile” was found')
	await expect(help.locator('li')).toHaveText([
		/spelling/,
		/name change/,
		/private RuneMetrics profile: .*set your RuneMetrics profile to public/,
	])

	await input.fill('')
	await input.press('Enter')
	await expect(lookup.getByText('User not found')).toHaveCount(0)
	await expect(help).toHaveCount(0)
	await expect(lookup).toHaveAttribute('data-status', 'idle')
	await expect(lookup.locator('[data-lookup-hint]')).toBeVisible()
	await expect(submit).toHaveAccessibleDescription(/Type your RuneScape name first/)
})

test('the 404 page offers the closest pages and the site search; unknown quests suggest quests', async ({ page }) => {
	const response = await page.goto('/setup/game-modez')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
	const suggestions = page.locator('[data-suggestions] a')
	await expect(suggestions.first()).toHaveText('Choosing a Game Mode')
	await expect(suggestions.first()).toHaveAttribute('href', '/setup/gamemodes')
	const search = page.locator('form[data-not-found-search]')
	await expect(search).toHaveAttribute('action', '/search')
	await expect(search.getByRole('searchbox', { name: 'Search the site' })).toHaveValue('game modez')

	const quest = await page.goto('/quests/dragon-slayr')
	expect(quest?.status()).toBe(404)
	await expect(suggestions.first()).toHaveText('Dragon Slayer')
	await expect(suggestions.first()).toHaveAttribute('href', '/quests/dragon-slayer')
	// Under /quests/ only quests are suggested.
	for (const href of await suggestions.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
		expect(href).toMatch(/^\/quests\//)
	}

	// Client-side navigations ask for `<path>.data`: the same suggestions come back.
	const data = await page.request.get('/guides/mid-game/prifdinas.data')
	expect(data.status()).toBe(404)
	expect(await data.text()).toContain('/guides/mid-game/prifddinas')
})

test('known alternate slugs redirect permanently to their page', async ({ request }) => {
	for (const [from, to] of [
		['/setup/game-modes', '/setup/gamemodes'],
		['/setup/Game-Modes?from=chat', '/setup/gamemodes?from=chat'],
		['/guides/mid-game/prif', '/guides/mid-game/prifddinas'],
		['/guides/early-game/penguin-quests', '/guides/early-game/penguin-questline'],
	] as const) {
		let response = await request.get(from, { maxRedirects: 0 })
		// Upper case first becomes lower case (one 301), then the alias answers (another 301).
		while (response.status() === 301 && response.headers().location !== to) {
			response = await request.get(response.headers().location!, { maxRedirects: 0 })
		}
		expect(response.status(), from).toBe(301)
		expect(response.headers().location, from).toBe(to)
	}
	expect((await request.get('/setup/game-modes')).status()).toBe(200)
})

test('without JavaScript: menus are details, JS-only controls are hidden or explained, tab panels all show', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } })
	const page = await context.newPage()
	await page.goto('/setup/gamemodes')
	// The header's account and theme buttons need JavaScript: not shown.
	await expect(page.locator('[data-header-player]')).toBeHidden()
	await expect(page.getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeHidden()
	// The section menu opens and closes as a plain <details>.
	const nav = page.getByRole('navigation', { name: 'Setup pages' })
	await expect(nav).toBeHidden()
	await page.locator('summary', { hasText: 'Setup menu' }).click()
	await expect(nav).toBeVisible()
	await nav.getByRole('link', { name: 'Glossary' }).click()
	await expect(page).toHaveURL(/\/setup\/glossary$/)
	// Tabs: every panel shows, under its own label, and no dead tab buttons.
	await page.goto('/setup/gamemodes')
	await expect(page.getByRole('tab')).toHaveCount(0)
	const panels = page.locator('[data-tabs] [role="tabpanel"]')
	expect(await panels.count()).toBeGreaterThan(1)
	for (const visible of await panels.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height > 0))) {
		expect(visible).toBe(true)
	}
	// A quest page: the name box is explained, not a dead form; skill badges are text, not buttons.
	await page.goto('/quests/desert-treasure')
	await expect(page.getByLabel('Your RuneScape name')).toBeHidden()
	await expect(page.getByText('Checking requirements against your account needs JavaScript')).toBeVisible()
	await expect(page.locator('main [data-skill-badge]').first()).toBeVisible()
	await expect(page.locator('main button[data-skill-badge]')).toHaveCount(0)
	// No visible button anywhere on these pages does nothing.
	for (const path of ['/getting-started/intro', '/setup/interface-setup', '/getting-started/tick-system', '/guides/mid-game/prifddinas']) {
		await page.goto(path)
		const dead = await page.locator('button').evaluateAll((buttons) =>
			buttons
				.filter((b) => b.getBoundingClientRect().width > 0 && getComputedStyle(b).visibility !== 'hidden' && b.tabIndex >= 0)
				// A submit button of a form with an action works without JavaScript (the report form).
				.filter((b) => !(b instanceof HTMLButtonElement && b.type === 'submit' && b.form?.getAttribute('action')))
				.map((b) => b.getAttribute('aria-label') ?? b.textContent?.trim()),
		)
		expect(dead, path).toEqual([])
	}
	await context.close()
})

test('small things: status chips wrap at 375 px, the wiki icon stays with its quest name, the popover says what its numbers are', async ({
	page,
}) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await withPlayer(page)
	await page.goto('/quests')
	await waitForHydration(page)
	const chips = page.locator('[data-status-chips] button')
	await expect(chips).toHaveCount(5)
	for (const box of await chips.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right))) {
		expect(box).toBeLessThanOrEqual(375)
	}

	// The longest quest name: the icon sits on the same line as the name's last word.
	await page.goto('/quests/recipe-for-disaster-defeating-the-culinaromancer')
	await waitForHydration(page)
	// Measured once the player's data is in (the heading gains its status then, and may rewrap).
	await expect(page.locator('[data-page-lookup]').getByText('Stats loaded')).toBeVisible()
	const heading = panel(page, 'Recipe for Disaster: Defeating the Culinaromancer').getByRole('heading', { level: 2 })
	const name = heading.getByRole('link', { name: 'Recipe for Disaster: Defeating the Culinaromancer', exact: true })
	const icon = heading.getByRole('link', { name: /quick guide on the RuneScape Wiki/ })
	const lastLine = await name.evaluate((el) => {
		const rects = [...el.getClientRects()]
		return { top: rects.at(-1)!.top, bottom: rects.at(-1)!.bottom, lines: new Set(rects.map((r) => r.top)).size }
	})
	expect(lastLine.lines).toBeGreaterThan(1)
	const iconBox = (await icon.boundingBox())!
	const iconMiddle = iconBox.y + iconBox.height / 2
	expect(iconMiddle).toBeGreaterThan(lastLine.top)
	expect(iconMiddle).toBeLessThan(lastLine.bottom)

	// The account popover on a guide page (no name box of its own there).
	await page.setViewportSize({ width: 1280, height: 800 })
	await page.goto('/guides/day-one')
	await waitForHydration(page)
	await page.locator('[data-header-player]').click()
	const popover = page.getByRole('dialog', { name: 'Check my account' })
	await expect(popover.getByText('Your quests: 3 of 8 completed')).toBeVisible()
})

for (const javaScriptEnabled of [true, false]) {
	test(`on a phone every top-level destination is at most two taps away ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, async ({
		browser,
	}) => {
		test.setTimeout(90_000)
		const destinations: [string, RegExp][] = [
			['Setup', /^\/setup\//],
			['Getting Started', /^\/getting-started\//],
			['Guides', /^\/guides/],
			['Quests', /^\/quests$/],
			['Leagues', /^\/leagues/],
			['Tools', /^\/tools$/],
		]
		// The bar and the More menu are one component on every page: each destination is reached
		// from one of three kinds of page in turn (home, a quest page, a missing page).
		const starts = ['/', '/quests/desert-treasure', '/no/such/page']
		const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 800 } })
		const page = await context.newPage()
		for (const [index, [name, path]] of destinations.entries()) {
			const start = starts[index % starts.length]!
			await page.goto(start)
			if (javaScriptEnabled) await waitForHydration(page)
			const tabs = page.getByRole('navigation', { name: 'Main' })
			// One tap: a tab of the bottom bar. Two: the header's More menu, then its link.
			const tab = tabs.getByRole('link', { name: new RegExp(`^(${name}|\\w+ \\(${name}\\))$`) })
			if ((await tab.count()) > 0) {
				await tab.click()
			} else {
				await page.locator('details[data-more-menu] summary').click()
				await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name, exact: true }).click()
			}
			await expect(page, `${name} from ${start}`).toHaveURL((url) => path.test(url.pathname))
		}
		await context.close()
	})
}

test('"prif" in the quest list finds Plague\'s End (by the name of what it unlocks)', async ({ page }) => {
	await page.goto('/quests?q=prif')
	await expect(page.locator('tbody tr').first()).toHaveAttribute('data-quest', "Plague's End")
	await waitForHydration(page)
	await page.getByRole('searchbox', { name: 'Search quests' }).fill('Prifddinas')
	await expect(page.locator('tbody tr').first()).toHaveAttribute('data-quest', "Plague's End")
})
