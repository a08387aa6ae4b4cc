import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'
import { formatDay } from '#app/lib/format-date.ts'

// The player page /players/:name, /privacy and the dashboard's Players page, against the fake
// upstream (tests/fixtures/README.md): every "Zezima <anything>" is a fresh public player, so each
// test tracks its own.

const DAY = 24 * 3600 * 1000
const fresh = (label: string) => `Zezima ${label}${randomBytes(2).toString('hex')}`.slice(0, 12)
const pathOf = (name: string) => `/players/${name.replaceAll(' ', '_')}`

async function openPlayer(page: Page, name: string, query = '') {
	const response = await page.goto(`${pathOf(name)}${query}`)
	return response
}

test('first visit: tracking starts, levels with ranks, the backfill arrives without a reload', async ({ page, consoleErrors }) => {
	const name = fresh('A')
	const response = await openPlayer(page, name)
	expect(response?.status()).toBe(200)
	expect(response?.headers()['x-robots-tag']).toBe('noindex')
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	await expect(page.locator('[data-first-visit]')).toContainText(`We started tracking ${name} now.`)
	const magic = page.locator('[data-skills-table] [data-skill="magic"]')
	await expect(magic).toContainText('87')
	await expect(magic).toContainText('4,260,845')
	await expect(magic).toContainText('387,575')
	await waitForHydration(page)
	// The backfill (29 calls in the background) lands while the page polls: never a lasting spinner.
	await expect(page.locator('[data-backfill="pending"]')).toHaveCount(0, { timeout: 60_000 })
	await expect(page.locator('[data-history-table] [data-point="monthly"]').first()).toBeVisible()
	await expect(page.locator('[data-quest-timeline]')).toContainText('before tracking')
	await expect(page.locator('[data-activity-log]')).toContainText('Levelled up Divination.')
	expect(consoleErrors).toEqual([])
})

test('periods and a date range are plain links and a GET form; bad ones are a 400 naming the parameter', async ({ page }) => {
	test.setTimeout(60_000)
	const name = fresh('B')
	await openPlayer(page, name)
	await waitForHydration(page)
	const periods = page.getByRole('navigation', { name: 'Gains period' })
	await expect(periods.getByRole('link', { name: 'Week' })).toHaveAttribute('aria-current', 'page')
	for (const period of ['Day', 'Month', 'Year']) {
		await periods.getByRole('link', { name: period }).click()
		await expect(page).toHaveURL(new RegExp(`period=${period.toLowerCase()}`))
		await expect(periods.getByRole('link', { name: period })).toHaveAttribute('aria-current', 'page')
		await expect(page.locator('[data-gains-total]')).toContainText(`in the last ${period.toLowerCase()}`)
	}
	const form = page.getByRole('form', { name: 'Gains between two dates' })
	await form.getByLabel('From').fill('2025-01-01')
	await form.getByLabel('To').fill('2025-12-31')
	await form.getByRole('button', { name: 'Show gains' }).click()
	await expect(page).toHaveURL(/from=2025-01-01&to=2025-12-31/)
	await expect(page.locator('[data-gains-total]')).toContainText('from 1 Jan 2025 to 31 Dec 2025')

	const bad = await page.goto(`${pathOf(name)}?period=fortnight`)
	expect(bad?.status()).toBe(400)
	await expect(page.locator('[data-player-state="invalid"]')).toHaveText('period must be one of day, week, month, year')
	const badDate = await page.goto(`${pathOf(name)}?from=26-11-2026&to=2026-11-26`)
	expect(badDate?.status()).toBe(400)
	await expect(page.locator('[data-player-state="invalid"]')).toHaveText('from must be a date like 2026-11-26')
})

test('the chart draws in its reserved box (no layout shift), with its table; another skill by GET', async ({ page }) => {
	const name = fresh('C')
	await page.setViewportSize({ width: 390, height: 700 })
	const chartRequests: string[] = []
	page.on('request', (request) => {
		if (request.url().includes('/assets/history-chart')) chartRequests.push(request.url())
	})
	await openPlayer(page, name)
	const box = page.locator('[data-chart-box]')
	// The box's size and where it sits in its section. (Its place in the page changes as sections
	// above it are drawn for the first time: see the next test.)
	const place = () =>
		box.evaluate((element) => {
			const rect = element.getBoundingClientRect()
			const section = element.closest('section')!.getBoundingClientRect()
			return { top: rect.top - section.top, width: rect.width, height: rect.height }
		})
	const before = await place()
	await waitForHydration(page)
	// Far below the first screen, the chart's code is not loaded until the reader scrolls near it.
	expect(await box.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThan(3 * 700)
	await page.waitForLoadState('networkidle')
	expect(chartRequests).toEqual([])
	await box.scrollIntoViewIfNeeded()
	await expect(box.locator('canvas').first()).toBeVisible()
	expect(chartRequests.length).toBeGreaterThan(0)
	expect(await place()).toEqual(before)
	await expect(page.locator('[data-history-table] [data-point="recorded"]')).toHaveCount(1)
	// One update: the axis spans the day before to the day after it (uPlot alone made it ~3 years).
	const taken = Date.parse((await page.locator('[data-history-table] [data-point="recorded"] td').first().innerText()).replace(',', ''))
	await expect(page.locator('[data-history-chart]')).toHaveAttribute(
		'data-x-range',
		`${formatDay(taken - DAY)} – ${formatDay(taken + DAY)}`,
	)
	await page.getByLabel('Chart of', { exact: true }).selectOption('magic')
	await page.getByRole('button', { name: 'Show chart' }).click()
	await expect(page).toHaveURL(/chart=magic/)
	await expect(page.getByRole('region', { name: 'Magic XP over time, as a table' })).toContainText('4,260,845')
})

test('sections below the first screen are not drawn until scrolled near, and nothing in view moves when they are', async ({ page }) => {
	await page.setViewportSize({ width: 390, height: 700 })
	await openPlayer(page, fresh('V'))
	await waitForHydration(page)
	const drawn = (selector: string) => page.locator(selector).evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }))
	const log = 'section[aria-labelledby="adventurers-log"] li:first-child'
	expect(await drawn('section[aria-labelledby="records"] h2')).toBe(false)
	expect(await drawn(log)).toBe(false)
	// The first screen is drawn as usual.
	expect(await drawn('[data-update-form] button')).toBe(true)
	// Such a section clips its painting to its box: a margin keeps the focus ring of a link or
	// button at its edge whole (the ring reaches 4 px beyond the control).
	expect(await page.locator('section[aria-labelledby="records"]').evaluate((element) => getComputedStyle(element).overflowClipMargin)).toBe(
		'12px',
	)

	await page.evaluate(() => {
		const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = [])
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value)
		}).observe({ type: 'layout-shift' })
	})
	// Scrolled through like a reader does, a screen at a time.
	for (let screen = 0; screen < 40 && !(await drawn(log)); screen++) {
		await page.mouse.wheel(0, 600)
		await page.waitForTimeout(100)
	}
	expect(await drawn('section[aria-labelledby="records"] h2')).toBe(true)
	expect(await drawn(log)).toBe(true)
	// Sections change size as they are drawn, but out of view: nothing the reader sees moves.
	expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([])
})

test('every skill milestone is in the page but hydrated only when its disclosure is first opened', async ({ page }) => {
	await openPlayer(page, fresh('M'))
	await waitForHydration(page)
	// React marks each DOM node it has hydrated with its fiber (`__reactFiber$…`).
	const hydrated = (selector: string) =>
		page
			.locator(selector)
			.first()
			.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber')))
	const all = '[data-all-milestones] [data-skill-milestone]'
	// count() does not wait: the milestones must be in the page first (once 0 on a busy machine).
	await expect(page.locator(all).first()).toBeAttached()
	expect(await page.locator(all).count()).toBeGreaterThan(20)
	expect(await hydrated('[data-milestones] > ol [data-skill-milestone]')).toBe(true)
	expect(await hydrated(all)).toBe(false)
	await page
		.locator(all)
		.first()
		.evaluate((element) => element.setAttribute('data-server-node', ''))

	await page.locator('[data-all-milestones] summary').click()
	await expect(page.locator(all).first()).toBeVisible()
	await expect.poll(() => hydrated(all)).toBe(true)
	// Hydrated where it stood: the server's node, not a new one.
	await expect(page.locator(all).first()).toHaveAttribute('data-server-node', '')
})

test('the Update button: a cooldown right after a fetch, saying when it comes back', async ({ page }) => {
	const name = fresh('D')
	await openPlayer(page, name)
	const button = page.getByRole('button', { name: 'Update' })
	await expect(button).toBeDisabled()
	await expect(page.locator('[data-cooldown]')).toContainText(/you can update again at \d\d:\d\d:\d\d UTC/)
	// A POST anyway (a stale page, a script): refused, and said so.
	const response = await page.request.post(pathOf(name), {
		form: { intent: 'update' },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(303)
	expect(response.headers().location).toContain('update=cooldown')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the page, its periods, the chart table and the Update form all work', async ({ page }) => {
		const name = fresh('E')
		await openPlayer(page, name)
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
		await expect(page.locator('[data-skills-table]')).toContainText('Magic')
		await expect(page.locator('[data-history-table]')).toBeVisible()
		await page.getByRole('navigation', { name: 'Gains period' }).getByRole('link', { name: 'Month' }).click()
		await expect(page).toHaveURL(/period=month/)
		await page.getByLabel('Chart of', { exact: true }).selectOption('attack')
		await page.getByRole('button', { name: 'Show chart' }).click()
		await expect(page).toHaveURL(/period=month&chart=attack/)
		// The Update button is a plain POST form (disabled here: the visit itself just fetched).
		await expect(page.locator('form[data-update-form]')).toHaveAttribute('method', 'post')
		await expect(page.getByRole('button', { name: 'Update' })).toBeDisabled()
	})
})

test('a private profile: hiscores levels, no quests or log, said plainly', async ({ page }) => {
	const response = await openPlayer(page, 'Private Pat')
	expect(response?.status()).toBe(200)
	await expect(page.locator('[data-private]')).toContainText('private')
	await expect(page.locator('[data-skills-table] [data-skill="defence"]')).toContainText('5,744,120')
	await expect(page.getByText('Nothing in the log')).toBeVisible()
})

test('an unknown player is a 404 with a clear message; a bad name a 400', async ({ page }) => {
	const response = await openPlayer(page, 'No Profile')
	expect(response?.status()).toBe(404)
	await expect(page.locator('[data-player-state="unknown"]')).toContainText('Neither RuneMetrics nor the hiscores know')
	const bad = await page.goto('/players/far_too_long_a_name')
	expect(bad?.status()).toBe(400)
})

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

test('axe finds nothing on the player page and the privacy page', async ({ browser }) => {
	test.setTimeout(90_000)
	const context = await browser.newContext()
	await context.addInitScript(axeSource)
	const page = await context.newPage()
	const found: string[] = []
	for (const path of [pathOf(fresh('F')), '/privacy']) {
		await page.goto(path)
		await waitForHydration(page)
		const violations = await page.evaluate(async () => {
			const axe = (
				window as unknown as {
					axe: { run: (d: Document, o: object) => Promise<{ violations: { id: string }[] }> }
				}
			).axe
			return (await axe.run(document, { resultTypes: ['violations'] })).violations.map((v) => v.id)
		})
		found.push(...violations.map((id) => `${path}: ${id}`))
	}
	await context.close()
	expect(found).toEqual([])
})

test('the dashboard Players page: find, delete the history and block the name', async ({ page }) => {
	const name = fresh('G')
	await openPlayer(page, name)
	await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
	const login = await page.request.post('/dev/dashboard?index', {
		form: { intent: 'login', password: 'e2e-dashboard-password' },
	})
	expect(login.ok()).toBe(true)
	await page.goto(`/dev/dashboard/players?q=${encodeURIComponent(name.toLowerCase())}`)
	const row = page.locator(`[data-player="${name.toLowerCase()}"]`)
	await expect(row).toContainText(name)
	await row.getByRole('button', { name: 'Delete history' }).click()
	await expect(page.locator('[data-players-done]')).toContainText(`Deleted the history of ${name}. The name is blocked from now on.`)
	const gone = await page.goto(pathOf(name))
	expect(gone?.status()).toBe(404)
})

test('the Players page needs the dashboard session', async ({ page }) => {
	await page.goto('/dev/dashboard/players')
	await expect(page).toHaveURL(/\/dev\/dashboard\?redirectTo=|\/dev\/dashboard$/)
})
