import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// The site search: the dialog (⌘K / Ctrl+K, `/`, the header box and icon), the WAI-ARIA combobox,
// and the server-rendered /search page that works without JavaScript.

const GUIDE = '/guides/mid-game/while-guthix-sleeps'

const dialog = (page: Page) => page.locator('dialog[data-search-dialog]')
const input = (page: Page) => page.getByRole('combobox', { name: 'Search guides, quests and skills' })
const options = (page: Page) => page.getByRole('listbox', { name: 'Search results' }).getByRole('option')

/** Requests for anything of the search: its code (the dialog chunk with MiniSearch) or its index. */
function searchRequests(page: Page): string[] {
	const seen: string[] = []
	page.on('request', (request) => {
		if (/\/assets\/(search-dialog|search-index)-/.test(request.url())) seen.push(request.url())
	})
	return seen
}

async function openWithShortcut(page: Page) {
	await page.keyboard.press('ControlOrMeta+k')
	await expect(dialog(page)).toBeVisible()
	await expect(input(page)).toBeFocused()
}

test('Ctrl+K opens the dialog, Esc closes it and focus returns where it was; `/` opens it too', async ({ page, consoleErrors }) => {
	const requests = searchRequests(page)
	await page.goto(GUIDE)
	await waitForHydration(page)
	// Nothing of the search loads with the page.
	await page.waitForTimeout(300)
	expect(requests).toEqual([])

	const themeToggle = page.getByRole('button', { name: /theme/i })
	await themeToggle.focus()
	await openWithShortcut(page)
	await expect.poll(() => requests.some((u) => u.includes('search-index'))).toBe(true)
	await page.keyboard.press('Escape')
	await expect(dialog(page)).toBeHidden()
	await expect(themeToggle).toBeFocused()

	// `/` while not typing opens it; `/` typed into a field stays a slash.
	await page.locator('main h1').click()
	await page.keyboard.press('/')
	await expect(dialog(page)).toBeVisible()
	await page.keyboard.type('a/b')
	await expect(input(page)).toHaveValue('a/b')
	await page.keyboard.press('ControlOrMeta+k')
	await expect(dialog(page)).toBeHidden()
	expect(consoleErrors).toEqual([])
})

test('what is typed right after the shortcut, while the dialog still loads, is kept', async ({ page, consoleErrors }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await page.keyboard.press('ControlOrMeta+k')
	await page.keyboard.type('wgs')
	await expect(input(page)).toHaveValue('wgs')
	await expect(input(page)).toBeFocused()
	await expect(options(page).first()).toContainText('While Guthix Sleeps')
	expect(await page.locator('body > input[aria-hidden]').count()).toBe(0)
	expect(consoleErrors).toEqual([])
})

test('"wgs" puts While Guthix Sleeps first; arrows move the active result, the count is announced', async ({ page, consoleErrors }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await openWithShortcut(page)
	await page.keyboard.type('wgs')
	await expect(options(page).first()).toContainText('While Guthix Sleeps')
	await expect(options(page).first()).toHaveAttribute('aria-selected', 'true')
	await expect(input(page)).toHaveAttribute('aria-expanded', 'true')
	const firstId = await options(page).first().getAttribute('id')
	await expect(input(page)).toHaveAttribute('aria-activedescendant', firstId!)
	await expect(dialog(page).getByRole('status')).toHaveText(/^\d+ results?\.$/)
	await page.keyboard.press('ArrowDown')
	const secondId = await options(page).nth(1).getAttribute('id')
	await expect(input(page)).toHaveAttribute('aria-activedescendant', secondId!)
	await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true')
	await page.keyboard.press('ArrowUp')
	await page.keyboard.press('ArrowUp')
	// Up from the first wraps to the last.
	await expect(options(page).last()).toHaveAttribute('aria-selected', 'true')

	const axe = await new AxeBuilder({ page }).include('dialog[data-search-dialog]').analyze()
	expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

	await input(page).fill('overl')
	await expect(options(page).first()).toContainText('Overloads')
	await expect(options(page).first().locator('mark').first()).toHaveText('Overloads')
	expect(consoleErrors).toEqual([])
})

test('a typo finds its page, and Enter opens it', async ({ page, consoleErrors }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await openWithShortcut(page)
	await page.keyboard.type('prifdinas')
	await expect(options(page).first()).toHaveAttribute('href', '/guides/mid-game/prifddinas')
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/\/guides\/mid-game\/prifddinas$/)
	await expect(dialog(page)).toBeHidden()
	await expect(page.locator('main h1')).toContainText('Prifddinas')
	expect(consoleErrors).toEqual([])
})

test('a heading result lands on the heading', async ({ page, consoleErrors }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await openWithShortcut(page)
	await page.keyboard.type('stronger versions overloads')
	const heading = options(page).and(page.locator('[data-search-result="heading"]')).first()
	await expect(heading).toHaveAttribute('href', /^\/guides\/late-game\/overloads#/)
	const href = (await heading.getAttribute('href'))!
	const id = href.split('#')[1]!
	await heading.click()
	await expect(page).toHaveURL(new RegExp(`/guides/late-game/overloads#${id}$`))
	await expect(page.locator(`[id="${id}"]`)).toBeInViewport()
	expect(consoleErrors).toEqual([])
})

test('no results: says so, offers the closest terms and the quest catalogue, and reports the gap', async ({ page, consoleErrors }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await page.evaluate(() => {
		const w = window as unknown as { tracked: unknown[] }
		w.tracked = []
		document.addEventListener('analytics:track', (e) => w.tracked.push((e as CustomEvent).detail))
	})
	await openWithShortcut(page)
	await page.keyboard.type('prifdinnnas')
	const empty = dialog(page).locator('[data-search-empty]')
	await expect(empty).toContainText('No results for “prifdinnnas”')
	await expect(empty.getByRole('link', { name: 'Browse the quest catalogue' })).toHaveAttribute('href', '/quests')
	await expect
		.poll(() => page.evaluate(() => (window as unknown as { tracked: unknown[] }).tracked))
		.toContainEqual({
			event: 'search_no_results',
			props: { query: 'prifdinnnas' },
		})
	await empty.getByRole('button', { name: /Prifddinas/ }).click()
	await expect(options(page).first()).toHaveAttribute('href', '/guides/mid-game/prifddinas')
	expect(consoleErrors).toEqual([])
})

test('recent searches are kept after opening a result, and one control clears them', async ({ page, consoleErrors }) => {
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await openWithShortcut(page)
	await page.keyboard.type('dt')
	await expect(options(page).first()).toContainText('Desert Treasure')
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL(/desert-treasure$/)

	await openWithShortcut(page)
	await input(page).fill('')
	const recent = dialog(page).locator('[data-recent-search]')
	await expect(recent).toHaveText(['dt'])
	await page.keyboard.press('Enter')
	await expect(input(page)).toHaveValue('dt')
	await input(page).fill('')
	await dialog(page).getByRole('button', { name: 'Clear recent searches' }).click()
	await expect(recent).toHaveCount(0)
	expect(await page.evaluate(() => localStorage.getItem('search:recent'))).toBeNull()
	expect(consoleErrors).toEqual([])
})

test('with a player loaded, quest results show the player’s status', async ({ page, consoleErrors }) => {
	await page.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	await page.goto('/setup/intro')
	await waitForHydration(page)
	await openWithShortcut(page)
	await page.keyboard.type('ashdale')
	const quest = options(page).and(page.locator('[data-search-result="quest"]')).first()
	await expect(quest).toContainText('A Shadow over Ashdale')
	await expect(quest.locator('[data-quest-status]')).toHaveText('Completed')
	await input(page).fill('wgs')
	const wgs = options(page).and(page.locator('[href="/quests/while-guthix-sleeps"]'))
	await expect(wgs.locator('[data-quest-status]')).toHaveText('Locked')
	expect(consoleErrors).toEqual([])
})

test('the header box opens the dialog with what was typed', async ({ page, consoleErrors }) => {
	await page.setViewportSize({ width: 1280, height: 800 })
	await page.goto('/setup/intro')
	await waitForHydration(page)
	const box = page.locator('header [data-search-box="header"] input')
	await box.focus()
	await page.keyboard.type('necro')
	await expect(dialog(page)).toBeVisible()
	await expect(input(page)).toHaveValue('necro')
	await expect(options(page).first()).toContainText('Necromancy')
	await page.keyboard.press('Escape')
	await expect(box).toBeFocused()
	// Typing on in the box reopens the dialog with the whole text.
	await page.keyboard.type('m')
	await expect(input(page)).toHaveValue('necrom')
	expect(consoleErrors).toEqual([])
})

test.describe('on a 375 px phone', () => {
	test.use({ viewport: { width: 375, height: 740 }, hasTouch: true })

	test('the header icon opens the dialog full screen; tapping a skill result opens its guide', async ({ page, consoleErrors }) => {
		await page.goto('/setup/intro')
		await waitForHydration(page)
		const icon = page.locator('header [data-search-button]')
		await expect(icon).toBeVisible()
		await expect(page.locator('header [data-search-box="header"]')).toBeHidden()
		await icon.click()
		await expect(dialog(page)).toBeVisible()
		const box = await dialog(page).locator('> div').boundingBox()
		expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 })
		await page.keyboard.type('necro')
		const skill = options(page).and(page.locator('[data-search-result="skill"]')).first()
		await expect(skill).toContainText('Necromancy')
		await skill.tap()
		await expect(dialog(page)).toBeHidden()
		await expect(page.locator('[data-skill-drawer="necromancy"]')).toBeVisible()
		await expect(page.locator('[data-skill-drawer="necromancy"]')).toContainText('Necromancy Skill Guide')
		expect(consoleErrors).toEqual([])
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the header form returns server-rendered results, ranked like the dialog', async ({ page }) => {
		await page.setViewportSize({ width: 1280, height: 800 })
		await page.goto(GUIDE)
		const box = page.locator('header [data-search-box="header"] input')
		await box.fill('wgs')
		await box.press('Enter')
		await expect(page).toHaveURL(/\/search\?q=wgs$/)
		await expect(page).toHaveTitle('Search: wgs - Gielinor Guide')
		await expect(page.locator('[data-search-count]')).toHaveText(/results? for “wgs”/)
		await expect(page.locator('main [data-search-result]').first()).toContainText('While Guthix Sleeps')
		await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')

		// A skill guide opens in place; a typo still finds its page.
		await page.goto('/search?q=necro')
		const skill = page.locator('main [data-search-result="skill"]').first()
		await skill.locator('summary').click()
		await expect(skill).toContainText('Levels 1–20')
		await page.goto('/search?q=prifdinas')
		await expect(page.locator('main [data-search-result] a').first()).toHaveAttribute('href', '/guides/mid-game/prifddinas')
	})

	test('on a phone the header icon is a link to the search page', async ({ page }) => {
		await page.setViewportSize({ width: 375, height: 740 })
		await page.goto('/setup/intro')
		await page.locator('header [data-search-button]').click()
		await expect(page).toHaveURL(/\/search$/)
		await page.getByRole('searchbox').fill('overl')
		await page.getByRole('searchbox').press('Enter')
		await expect(page.locator('main [data-search-result] a').first()).toHaveAttribute('href', '/guides/late-game/overloads')
	})
})

test('/search answers no results with suggestions, and refuses an over-long query with a 400', async ({ page, request }) => {
	const empty = await request.get('/search?q=zzzzqqqq')
	expect(empty.status()).toBe(200)
	expect(await empty.text()).toContain('No results for “zzzzqqqq”')

	const long = await request.get(`/search?q=${'a'.repeat(101)}`)
	expect(long.status()).toBe(400)
	expect(await long.text()).toContain('A search can be at most 100 characters long')

	await page.goto('/search?q=wgs')
	const axe = await new AxeBuilder({ page }).include('main').analyze()
	expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

	await page.goto('/search?q=prifdinnnas')
	await expect(page.locator('[data-search-empty]').getByRole('link', { name: /Prifddinas/ })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Browse the quest catalogue' })).toBeVisible()
})
