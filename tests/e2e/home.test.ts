import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { PlannerData } from '#app/planner/data.ts'
import { nextSteps } from '#app/planner/next-steps.ts'
import { createPlanner } from '#app/planner/plan.ts'
import { plannerPlayer } from '#app/planner/player.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// The hero reads the real data/events.json: Leagues: Catalyst ran from 15 September 2025 11:15:00 UTC
// (the specification's countdown target, issue 2) to the end of 10 November 2025; Leagues II: Equilibrium
// from 10 August to 21 September 2026.

const hero = (page: Page) => page.locator('[data-hero]')
const unit = (page: Page, name: string) => page.locator(`[data-unit="${name}"]`)

async function expectTime(page: Page, [days, hours, minutes, seconds]: string[]) {
	await expect(unit(page, 'days')).toHaveText(days!)
	await expect(unit(page, 'hours')).toHaveText(hours!)
	await expect(unit(page, 'minutes')).toHaveText(minutes!)
	await expect(unit(page, 'seconds')).toHaveText(seconds!)
}

/** Opens the home page with the clock paused at `iso`. */
async function openAt(page: Page, iso: string) {
	// Installed a little earlier, so that pausing at `iso` is never a jump into the past.
	await page.clock.install({ time: new Date(Date.parse(iso) - 5000) })
	await page.clock.pauseAt(new Date(iso))
	await page.goto('/')
	await waitForHydration(page)
}

/**
 * Records every layout shift (the CLS inputs) from the first paint on that moves something in
 * the page's main content. (The site header's account button, which shows a stored name, is not
 * this page's.)
 */
async function recordLayoutShifts(page: Page) {
	await page.addInitScript(() => {
		const shifts: { value: number; moved: string[] }[] = []
		;(window as unknown as { shifts: typeof shifts }).shifts = shifts
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries()) {
				const shift = entry as unknown as { value: number; sources: { node?: Node }[] }
				const nodes = shift.sources.map((s) => s.node).filter((n) => n && document.getElementById('main')?.contains(n))
				if (nodes.length > 0)
					shifts.push({
						value: shift.value,
						moved: nodes.map((n) => (n as Element).outerHTML?.slice(0, 80) ?? n!.nodeName),
					})
			}
		}).observe({ type: 'layout-shift', buffered: true })
	})
}
/** What moved in the main content, and by how much (an empty list is CLS 0). */
const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts)

test('the server sends the neutral hero: the introduction, a search box and no countdown', async ({ request }) => {
	const html = await (await request.get('/')).text()
	expect(html).toContain('data-hero="pending"')
	expect(html).toContain('RuneScape 3 guides that check your account')
	expect(html).not.toContain('data-runic-digit')
	expect(html).not.toContain('role="timer"')
	expect(html).not.toContain('has started')
	const form = /<form[^>]*data-search-box="hero"[^>]*>/.exec(html)?.[0] ?? ''
	expect(form).toContain('action="/search"')
	expect(form).toContain('method="get"')
	expect(html).toMatch(/<input[^>]*name="q"/)
})

test('before an event: a league countdown in runic digits until the first tick, then numbers', async ({ page }) => {
	await openAt(page, '2025-09-13T10:15:00Z')
	await expect(hero(page)).toHaveAttribute('data-hero', 'countdown')
	await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText('Leagues start in')
	await expect(hero(page)).toContainText('Leagues: Catalyst')
	// 2 days, 1 hour to 15 September 11:15:00 UTC, drawn as runic digits.
	await expect(page.locator('[data-runic-digit]')).toHaveCount(8)
	expect(
		await page.locator('[data-runic-digit]').evaluateAll((digits) => digits.map((d) => d.getAttribute('data-runic-digit')).join('')),
	).toBe('02010000')
	await page.clock.runFor(1000)
	await expect(page.locator('[data-runic-digit]')).toHaveCount(0)
	await expectTime(page, ['02', '00', '59', '59'])
	await page.clock.runFor(1000)
	await expectTime(page, ['02', '00', '59', '58'])
	await page.getByRole('link', { name: 'About Leagues: Catalyst' }).click()
	await expect(page).toHaveURL(/\/leagues$/)
})

test('at the start the countdown turns into "Live now" with the time left; it never goes below zero', async ({ page }) => {
	await openAt(page, '2025-09-15T11:14:58Z')
	await page.clock.runFor(1000)
	await expectTime(page, ['00', '00', '00', '01'])
	await page.clock.runFor(1000)
	await expect(hero(page)).toHaveAttribute('data-hero', 'live')
	await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText('Live now: Leagues: Catalyst')
	await expect(hero(page).getByRole('timer')).toHaveAccessibleName('Time left in Leagues: Catalyst')
	// From 15 September 11:15:00 to the end of 10 November.
	await expectTime(page, ['56', '12', '45', '00'])
	await page.clock.runFor(1000)
	await expectTime(page, ['56', '12', '44', '59'])
})

test('when an event ends the hero counts down to the next one, and after the last one it introduces the site', async ({ page }) => {
	await openAt(page, '2025-11-10T23:59:59Z')
	await expect(hero(page)).toHaveAttribute('data-hero', 'live')
	await page.clock.runFor(2000)
	await expect(hero(page)).toHaveAttribute('data-hero', 'countdown')
	await expect(hero(page)).toContainText('Leagues II: Equilibrium')
	// 11 November 2025 00:00:01 to 10 August 2026 00:00.
	await expectTime(page, ['271', '23', '59', '59'])

	await page.clock.pauseAt(new Date('2026-08-09T23:59:58Z'))
	await expectTime(page, ['00', '00', '00', '02'])
	await page.clock.runFor(3000)
	await expect(hero(page)).toHaveAttribute('data-hero', 'live')
	await page.clock.pauseAt(new Date('2026-09-21T23:59:58Z'))
	await expectTime(page, ['00', '00', '00', '02'])
	await page.clock.runFor(3000)
	// Nothing left to count down to: never a countdown at zero.
	await expect(hero(page)).toHaveAttribute('data-hero', 'intro')
	await expect(page.getByRole('timer')).toHaveCount(0)
	await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText('RuneScape 3 guides that check your account')
})

test('today (nothing announced): the evergreen introduction with the search box and the three sections', async ({ page }) => {
	await openAt(page, '2026-11-23T12:00:00Z')
	await expect(hero(page)).toHaveAttribute('data-hero', 'intro')
	await expect(page.getByRole('timer')).toHaveCount(0)
	await expect(hero(page).getByRole('list', { name: 'The guide sections' }).getByRole('link')).toHaveText([
		'Setup',
		'Getting Started',
		'Guides',
	])
	// The page's own search box (the header's has another name).
	const search = page.locator('main').getByRole('search', { name: 'Search the guide' })
	await expect(search.getByRole('searchbox', { name: 'Search guides, quests and skills' })).toBeVisible()
	expect(
		await search.evaluate((form: HTMLFormElement) => [form.getAttribute('action'), form.method, form.elements.namedItem('q') !== null]),
	).toEqual(['/search', 'get', true])
})

for (const viewport of [
	{ width: 375, height: 800 },
	{ width: 1280, height: 900 },
]) {
	test.describe(`at ${viewport.width} px`, () => {
		// The context's own size: no resize can land after the first paint.
		test.use({ viewport })

		test('no layout shift in any hero state', async ({ context }) => {
			for (const time of ['2025-09-13T10:15:00Z', '2025-10-01T12:00:00Z', '2026-11-23T12:00:00Z']) {
				const page = await context.newPage()
				await recordLayoutShifts(page)
				await openAt(page, time)
				await page.clock.runFor(2000)
				await expect(hero(page)).not.toHaveAttribute('data-hero', 'pending')
				// Every state fits the hero's fixed box.
				expect(await hero(page).evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true)
				expect(await layoutShifts(page), time).toEqual([])
				await page.close()
			}
		})
	})
}

test('continue reading: the last guide page opened, from this browser', async ({ page }) => {
	await page.goto('/')
	await waitForHydration(page)
	await expect(page.getByRole('link', { name: /New here\?\s*Start with Setup/ })).toHaveAttribute('href', '/setup')
	await page.goto('/guides/returning-players')
	await waitForHydration(page)
	await page.goto('/')
	await waitForHydration(page)
	const card = page.getByRole('link', { name: /Continue reading\s*Returning Players/ })
	await expect(card).toHaveAttribute('href', '/guides/returning-players')
	await card.click()
	await expect(page).toHaveURL(/\/guides\/returning-players$/)
})

test('on a phone: search, continue reading and quick links below the hero; the start cards stay hidden', async ({ page }) => {
	await page.setViewportSize({ width: 375, height: 800 })
	await page.goto('/')
	await waitForHydration(page)
	await expect(page.locator('main').getByRole('search')).toBeVisible()
	await expect(page.locator('[data-card="start-reading"]')).toBeVisible()
	const quick = page.getByRole('navigation', { name: 'Quick links' })
	await expect(quick.getByRole('link')).toHaveText(['Quests', 'Returning players', 'Tools'])
	expect(await quick.getByRole('link').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual([
		'/quests',
		'/guides/returning-players',
		'/tools',
	])
	await expect(page.getByRole('navigation', { name: 'Start here' })).toBeHidden()
	await page.setViewportSize({ width: 1024, height: 800 })
	await expect(quick).toBeHidden()
	await expect(page.getByRole('navigation', { name: 'Start here' })).toBeVisible()
})

test('player card: an invitation without a name, and no player code or lookup is loaded', async ({ page }) => {
	const requests: string[] = []
	page.on('request', (r) => requests.push(r.url()))
	await page.goto('/')
	await waitForHydration(page)
	await expect(page.locator('[data-card="player-invite"]')).toContainText('Which quests can you start today?')
	expect(requests.filter((url) => url.includes('player-data') || url.includes('player-card-content'))).toEqual([])
})

test('player card: a known name gets the next three quests to start and the nearest unlock', async ({ page }) => {
	await page.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	await recordLayoutShifts(page)
	await page.goto('/')
	const card = page.locator('[data-card="player-steps"]')
	await expect(card.getByRole('heading')).toHaveText('Next steps for Zezima Jr')

	// The same answer the account planner gives for the fake player's fixture.
	const planner = createPlanner(JSON.parse(readFileSync('app/generated/planner.json', 'utf8')) as PlannerData)
	const profile = JSON.parse(readFileSync('tests/fixtures/runemetrics/profile_ok.json', 'utf8')) as {
		skillvalues: { id: number; level: number; xp: number }[]
	}
	const quests = JSON.parse(readFileSync('tests/fixtures/runemetrics/quests_ok.json', 'utf8')) as {
		quests: { title: string; status: 'COMPLETED' | 'STARTED' | 'NOT_STARTED' }[]
	}
	const account = plannerPlayer(
		{
			source: 'runemetrics',
			quests: quests.quests,
			// RuneMetrics counts XP in tenths; the lookup answers whole XP.
			skillvalues: profile.skillvalues.map((s) => ({ ...s, xp: Math.floor(s.xp / 10) })),
		},
		planner.questName,
	)
	const expected = nextSteps(planner.plan([], account), planner.data.quests)
	expect(expected.canStart).toHaveLength(3)
	await expect(card.getByRole('list', { name: 'Quests you can start now' }).getByRole('link')).toHaveText(
		expected.canStart.map((q) => q.name),
	)
	await expect(card.locator('[data-nearest-unlock]')).toHaveAttribute('data-nearest-unlock', expected.nearestUnlock!.slug)
	await expect(card.getByRole('link', { name: 'Plan your account' })).toHaveAttribute('href', '/tools/plan')
	// The card filled its reserved box: nothing moved.
	expect(await layoutShifts(page)).toEqual([])
})

test("on a phone, a known name's card fits the screen: long quest names are cut short, not the page", async ({ page }) => {
	await page.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	for (const width of [320, 390]) {
		await page.setViewportSize({ width, height: 800 })
		await page.goto('/')
		await expect(page.locator('[data-card="player-steps"] [data-nearest-unlock]')).toBeVisible()
		// Nothing in the page reaches past the screen's right edge, unless a box inside the page
		// cuts it short (an ellipsis). The nearest unlock's line is longer than a phone is wide and
		// used to widen the whole column; main's own overflow-hidden hid that from a scroll check.
		const past = await page.locator('main').evaluate((main) => {
			const edge = document.documentElement.clientWidth + 0.5
			const clippedInside = (element: Element) => {
				for (let box = element.parentElement; box && box !== main; box = box.parentElement) {
					if (getComputedStyle(box).overflowX !== 'visible') return box.getBoundingClientRect().right <= edge
				}
				return false
			}
			return [...main.querySelectorAll('*')]
				.filter((element) => element.getBoundingClientRect().right > edge && !clippedInside(element))
				.map((element) => element.outerHTML.slice(0, 60))
		})
		expect(past, `at ${width} px`).toEqual([])
	}
})

test('on phones a first-time visitor sees every line of the home page whole: nothing clamped is cut', async ({ page }) => {
	for (const width of [320, 360, 390]) {
		await page.setViewportSize({ width, height: 800 })
		await page.goto('/')
		await waitForHydration(page)
		// Text the page shortens (an ellipsis or a line clamp) that is longer than its box. The
		// "New here?" card's line was cut to "Install the game and set it up the way…" on every phone.
		const cut = await page.locator('main').evaluate((main) =>
			[...main.querySelectorAll('*')]
				.filter((element) => {
					const style = getComputedStyle(element)
					const shortens = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none'
					return shortens && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)
				})
				.map((element) => element.textContent?.trim()),
		)
		expect(cut, `at ${width} px`).toEqual([])
	}
})

test("on phones a known name's nearest unlock shows whole, with the levels it needs", async ({ page }) => {
	await page.addInitScript(() => localStorage.setItem('player:username', 'Midgame Mia'))
	for (const width of [320, 390]) {
		await page.setViewportSize({ width, height: 800 })
		await page.goto('/')
		// It was one line cut short: "Nearest unlock: Defender of Varrock (51 …".
		const unlock = page.locator('[data-card="player-steps"] [data-nearest-unlock]')
		await expect(unlock).toContainText(/\(\d+ [A-Z][a-z]+.*\)$/)
		expect(await unlock.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth), `at ${width} px`).toBe(
			true,
		)
		// The card still holds everything in its fixed box (the server's invitation has the same size).
		const card = page.locator('[data-card="player-steps"]')
		expect(await card.evaluate((el) => el.scrollHeight <= el.clientHeight), `at ${width} px`).toBe(true)
	}
})

test('on the narrowest phone the search box shows its whole placeholder', async ({ page }) => {
	await page.setViewportSize({ width: 320, height: 700 })
	await page.goto('/')
	const { text, room } = await page.locator('[data-search-box="hero"] input').evaluate((input: HTMLInputElement) => {
		const style = getComputedStyle(input)
		const context = document.createElement('canvas').getContext('2d')!
		context.font = `${style.fontSize} ${style.fontFamily}`
		return {
			text: context.measureText(input.placeholder).width,
			room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
		}
	})
	expect(text).toBeLessThanOrEqual(room)
})

test('player card: a failed lookup says why, in the same box', async ({ page }) => {
	await page.addInitScript(() => localStorage.setItem('player:username', 'No Profile'))
	await page.goto('/')
	await expect(page.locator('[data-card="player-error"]')).toContainText('Next steps for No Profile')
	await expect(page.locator('[data-card="player-error"]').getByRole('link', { name: 'Look up another name' })).toHaveAttribute(
		'href',
		'/quests',
	)
})

test('the home page renders without console errors', async ({ page, consoleErrors }) => {
	await page.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	await page.goto('/')
	await expect(page.locator('[data-card="player-steps"]')).toBeVisible()
	expect(consoleErrors).toEqual([])
})
