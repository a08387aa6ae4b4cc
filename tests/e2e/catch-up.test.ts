import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import type { SiteChanges } from '#app/tracker/catch-up.ts'
import type { FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { startClockedInstance, type ServerInstance } from './server-instance.ts'

// The acceptance path for a returning player: tracked on day 0, plays (150,000 Magic XP
// and a quest), and comes back "tomorrow" (the server's test clock, and the browser's clock moved
// with it) with a last visit remembered in the browser. The home card and the player page list
// exactly the game updates and guide pages after that visit, and the XP and quest gained.

let server: ServerInstance
let fake: FakeUpstream
let offsetMs = 0

test.beforeAll(async () => {
	test.setTimeout(180_000)
	;({ server, fake } = await startClockedInstance({
		TRACKER_UPSTREAM_RPS: '30',
	}))
})

test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
})

const NAME = 'Zezima Away'
const KEY = 'player:last-visit:zezima away'
const changes = JSON.parse(readFileSync('app/generated/catch-up.json', 'utf8')) as SiteChanges

/** The updates and pages after `since`, straight from the data (a month-only update counts from its month). */
function expectedAfter(since: string) {
	return {
		updates: changes.updates.filter((u) => (u.date.length === 7 ? u.date >= since.slice(0, 7) : u.date > since)).map((u) => u.title),
		pages: changes.pages.filter((p) => p.verified > since).map((p) => p.path),
	}
}

/** Moves the server's clock and sets the browser's to the same time. */
async function advance(page: Page, ms: number) {
	const shifted = await page.request.post(`${server.baseURL}/api/test/clock?advanceMs=${ms}`)
	expect(shifted.ok()).toBe(true)
	offsetMs += ms
	await page.clock.setFixedTime(Date.now() + offsetMs)
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe's violations (what Lighthouse's accessibility score runs) in one part of the page as it is now. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
	return page.evaluate(async (selector) => {
		type Violation = { id: string; nodes: { target: string[] }[] }
		const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: Violation[] }> } }).axe
		const { violations } = await axe.run(document.querySelector(selector)!, { resultTypes: ['violations'] })
		return violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
	}, selector)
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10)

/**
 * The catch-up arrived in its reserved box: no layout shift moved the box or anything after it
 * (what comes before it is other features' business), and nothing spills out of it.
 */
async function expectFixedBox(page: Page, selector: string) {
	const box = page.locator(selector)
	const moved = await box.evaluate(
		(el) =>
			new Promise<string[]>((resolve) => {
				const found: string[] = []
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as unknown as { sources: { node?: Node }[] }[]) {
						for (const { node } of entry.sources) {
							if (node && (el.contains(node) || el.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) {
								found.push((node as Element).outerHTML?.slice(0, 80) ?? node.nodeName)
							}
						}
					}
				}).observe({ type: 'layout-shift', buffered: true })
				setTimeout(() => resolve(found), 100)
			}),
	)
	expect(moved).toEqual([])
	expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true)
}

test('a returning player sees exactly what changed since the last visit', async ({ page }) => {
	test.setTimeout(180_000)
	// The narrowest phone the site supports.
	await page.setViewportSize({ width: 320, height: 800 })
	await page.addInitScript(axeSource)
	// Day 0: the first visit starts tracking (no catch-up on it).
	expect((await page.goto(`${server.baseURL}/players/Zezima_Away`))?.status()).toBe(200)
	await expect(page.locator('[data-first-visit]')).toBeVisible()
	await expect(page.locator('#catch-up')).toHaveCount(0)
	// Back the same day: nothing to compare yet, so the box says what it will list next time.
	await page.reload()
	await expect(page.locator('#catch-up [data-catch-up-state="first"]')).toHaveText(
		'This browser now remembers your visit. Next time, this box lists what changed since today: XP and levels gained, quests completed, and the game updates and guide pages that changed.',
	)
	await expectFixedBox(page, '#catch-up > div')

	// Overnight: 150,000 Magic XP and a quest; the next day's fetch records them (the API's Update).
	fake.setProgress(NAME, { xpGained: { 6: 150_000 }, questsCompleted: ["'Phite Club"] })
	await advance(page, 24 * 3_600_000 + 61_000)
	const today = utcDay(Date.now() + offsetMs)
	expect((await page.request.post(`${server.baseURL}/api/v1/players/Zezima_Away/update`)).status()).toBe(202)

	// The browser last saw the site on 22 November 2026.
	const since = '2026-11-22'
	const expected = expectedAfter(since)
	expect(expected.pages.length).toBeGreaterThan(0)
	await page.evaluate(
		({ key, name, record }) => {
			localStorage.setItem('player:username', name)
			localStorage.setItem(key, record)
		},
		{ key: KEY, name: NAME, record: JSON.stringify({ on: since, since: null }) },
	)

	// The home page's player card: the date, the account's gains, the first page to reread.
	await page.goto(`${server.baseURL}/`)
	const card = page.locator('[data-card="player-catch-up"]')
	await expect(card.locator(`[data-catch-up-since="${since}"]`)).toHaveText('Since your last visit on 22 Nov 2026')
	// All of it shows at 320 px: the date is the point of the line.
	expect(
		await card.locator('[data-catch-up-since]').evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth),
	).toBe(true)
	await expect(card.locator('[data-catch-up-account]')).toHaveText('+150,000 XP · 1 level · 1 quest')
	await expect(card.locator('[data-top-page]')).toContainText(
		`${expected.pages.length} guide page${expected.pages.length === 1 ? '' : 's'} updated:`,
	)
	await expect(card.locator('[data-top-update]')).toHaveCount(expected.updates.length > 0 ? 1 : 0)
	await expectFixedBox(page, '[data-card="player-catch-up"]')
	expect(await axeViolations(page, '[data-card="player-catch-up"]')).toEqual([])
	// Shown, so remembered: today's visit, keeping the day this catch-up started from.
	expect(JSON.parse((await page.evaluate((key) => localStorage.getItem(key), KEY))!)).toEqual({ on: today, since })
	// Next steps are one press away, in the same box.
	await card.getByRole('button', { name: 'Next steps' }).click()
	await expect(page.locator('[data-card="player-steps"]')).toBeVisible()

	// The player page, the same day: the same catch-up (a second visit today does not lose it).
	await page.goto(`${server.baseURL}/players/Zezima_Away`)
	await waitForHydration(page)
	const box = page.locator('#catch-up')
	await expect(box.locator(`[data-catch-up-since="${since}"]`)).toBeVisible()
	await expectFixedBox(page, '#catch-up > div')
	await box.getByRole('button', { name: 'Show everything that changed' }).click()
	await expect(box.locator('[data-catch-up-skills] li')).toHaveText(['Magic: +150,000 XP, 1 level'])
	await expect(box.locator('[data-catch-up-quests] li')).toHaveCount(1)
	await expect(box.locator('[data-catch-up-quests] li')).toContainText("'Phite Club")
	const listed = await box
		.locator('[data-catch-up-pages] [data-page]')
		.evaluateAll((items) => items.map((li) => li.getAttribute('data-page')))
	expect(listed.toSorted()).toEqual(expected.pages.toSorted())
	await expect(box.locator('[data-catch-up-updates] li')).toHaveCount(expected.updates.length)
	expect(await axeViolations(page, '#catch-up')).toEqual([])

	// Away since July instead: the updates after it, the one that changed most first, each a link.
	const july = expectedAfter('2026-07-01')
	await page.evaluate(({ key, record }) => localStorage.setItem(key, record), {
		key: KEY,
		record: JSON.stringify({ on: '2026-07-01', since: null }),
	})
	await page.reload()
	await expect(box.locator('[data-catch-up-since="2026-07-01"]')).toBeVisible()
	await expect(box.locator('[data-top-update]')).toContainText(`${july.updates.length} game updates: The Mid-Game Rebalance`)
	await expectFixedBox(page, '#catch-up > div')
	await box.getByRole('button', { name: 'Show everything that changed' }).click()
	const updates = box.locator('[data-catch-up-updates] li a')
	expect((await updates.allTextContents()).toSorted()).toEqual(july.updates.toSorted())
	await expect(updates.first()).toHaveAttribute('href', '/guides/whats-changed#the-mid-game-rebalance')
	expect(await box.locator('[data-catch-up-pages] [data-page]').count()).toBe(july.pages.length)
	// Pages rechecked after one of those updates come first, saying which.
	await expect(box.locator('[data-catch-up-pages] li').first()).toContainText('(after ')

	// A reload the same day: still the July catch-up.
	await page.reload()
	await expect(box.locator('[data-catch-up-since="2026-07-01"]')).toBeVisible()

	// The next day: since today's visit, and nothing has changed since.
	await advance(page, 24 * 3_600_000)
	await page.reload()
	await expect(box.locator(`[data-catch-up-since="${today}"]`)).toBeVisible()
	await expect(box.locator('[data-catch-up-state="nothing"]')).toBeVisible()
})
