import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// /tools/recurring reads the real data/recurring-activities.json.

const row = (page: Page, id: string) => page.locator(`[data-activity="${id}"]`)
const box = (page: Page, id: string) => row(page, id).getByRole('checkbox')

async function openAt(page: Page, iso: string) {
	// Installed a little earlier, so that pausing at `iso` is never a jump into the past.
	await page.clock.install({ time: new Date(Date.parse(iso) - 5000) })
	await page.clock.pauseAt(new Date(iso))
	await page.goto('/tools/recurring')
	await waitForHydration(page)
}

const stored = (page: Page) =>
	page.evaluate(
		() =>
			JSON.parse(localStorage.getItem('recurring:v1') ?? 'null') as {
				ticks: Record<string, number>
				hidden: string[]
			} | null,
	)

test.describe('on a phone', () => {
	test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true })

	test('ticks are saved and clear themselves at the Wednesday and daily resets, not before', async ({ page }) => {
		// Tuesday, ten seconds before the weekly (and daily) reset.
		await openAt(page, '2026-11-24T23:59:50Z')
		for (const id of ['tears-of-guthix', 'daily-challenges', 'giant-oyster']) await box(page, id).tap()
		for (const id of ['tears-of-guthix', 'daily-challenges', 'giant-oyster']) await expect(box(page, id)).toBeChecked()
		await expect(page.locator('[data-group="weekly"] [data-done-count]')).toHaveText('1/4 done')
		expect(Object.keys((await stored(page))!.ticks).sort()).toEqual(['daily-challenges', 'giant-oyster', 'tears-of-guthix'])

		await page.clock.runFor(9000)
		await expect(box(page, 'tears-of-guthix')).toBeChecked()
		await page.clock.runFor(2000)
		// Wednesday 00:00:01 UTC: the week and the day have reset; the month has not.
		await expect(box(page, 'tears-of-guthix')).not.toBeChecked()
		await expect(box(page, 'daily-challenges')).not.toBeChecked()
		await expect(box(page, 'giant-oyster')).toBeChecked()
		await expect(page.locator('[data-group="weekly"] [data-done-count]')).toHaveText('0/4 done')
	})
})

test("a reader coming back days later finds a fresh list: last week's tick is gone, this month's stays", async ({ page }) => {
	await page.addInitScript(() => {
		localStorage.setItem(
			'recurring:v1',
			JSON.stringify({
				ticks: {
					// Tuesday of last week, yesterday, the 2nd of this month, and an activity that is gone.
					'tears-of-guthix': Date.parse('2026-11-17T20:00:00Z'),
					'daily-challenges': Date.parse('2026-11-25T20:00:00Z'),
					'giant-oyster': Date.parse('2026-11-02T09:00:00Z'),
					'retired-activity': Date.parse('2026-11-25T20:00:00Z'),
				},
				hidden: [],
			}),
		)
	})
	await openAt(page, '2026-11-26T10:00:00Z')
	await expect(box(page, 'giant-oyster')).toBeChecked()
	await expect(box(page, 'tears-of-guthix')).not.toBeChecked()
	await expect(box(page, 'daily-challenges')).not.toBeChecked()
	// Storage is tidied too.
	await expect.poll(async () => Object.keys((await stored(page))?.ticks ?? {})).toEqual(['giant-oyster'])
})

test.describe('in New York', () => {
	test.use({ timezoneId: 'America/New_York', locale: 'en-US' })

	test("each group counts down to its reset live, shown in the reader's local time", async ({ page }) => {
		await openAt(page, '2026-11-24T23:59:50Z')
		const countdown = (f: string) => page.locator(`[data-reset-countdown="${f}"]`)
		await expect(countdown('daily')).toHaveText('00:00:10')
		await expect(countdown('weekly')).toHaveText('00:00:10')
		await expect(countdown('monthly')).toHaveText('6d 00:00:10')
		// 00:00 UTC is 7 PM the evening before in New York.
		await expect(page.locator('[data-reset-at="daily"]')).toHaveText('Tue, Nov 24, 07:00 PM')
		await expect(page.locator('[data-reset-at="monthly"]')).toHaveText('Mon, Nov 30, 07:00 PM')
		await page.clock.runFor(1000)
		await expect(countdown('daily')).toHaveText('00:00:09')
		await page.clock.runFor(10_000)
		// Past the reset, the next one is a day (and a week) away.
		await expect(countdown('daily')).toHaveText('23:59:59')
		await expect(countdown('weekly')).toHaveText('6d 23:59:59')
		await expect(page.locator('[data-reset-at="daily"]')).toHaveText('Wed, Nov 25, 07:00 PM')
	})
})

test('hidden activities leave the list, stay hidden on the next visit, and come back', async ({ page }) => {
	await openAt(page, '2026-11-23T12:00:00Z')
	await row(page, 'herby-werby').getByRole('button', { name: 'Hide Herby Werby' }).click()
	await expect(row(page, 'herby-werby')).toHaveCount(0)
	await expect(page.locator('[data-hidden-list="weekly"] summary')).toHaveText('Hidden (1)')
	await page.reload()
	await waitForHydration(page)
	await expect(row(page, 'herby-werby')).toHaveCount(0)
	await page.locator('[data-hidden-list="weekly"] summary').click()
	await page.getByRole('button', { name: 'Show Herby Werby' }).click()
	await expect(row(page, 'herby-werby')).toBeVisible()
	await expect(page.locator('[data-hidden-list="weekly"]')).toHaveCount(0)
	expect((await stored(page))?.hidden).toEqual([])
})

test('groups list the top picks first', async ({ page }) => {
	await page.goto('/tools/recurring')
	const ids = (group: string) =>
		page.locator(`[data-group="${group}"] [data-activity]`).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-activity')))
	expect(await ids('daily')).toEqual(['daily-challenges', 'vis-wax', 'guthixian-cache', 'runesphere', 'sinkholes', 'soul-reaper'])
	expect(await ids('weekly')).toEqual(['tears-of-guthix', 'agoroth', 'herby-werby', 'penguin-hide-and-seek'])
	expect(await ids('monthly')).toEqual(['giant-oyster', 'effigy-incubator', 'god-statues', 'troll-invasion'])
})

test('with a player loaded: what they cannot do yet is locked with the reason, what they have outgrown is dimmed', async ({
	page,
	consoleErrors,
}) => {
	// The fake Zezima Jr, with Runecrafting raised to 85 so the Runesphere is past its worth.
	await page.route('**/api/v1/player-data?**', async (route) => {
		const response = await route.fetch()
		const body = await response.json()
		body.skillvalues = body.skillvalues.map((s: { id: number; level: number }) => (s.id === 20 ? { ...s, level: 85 } : s))
		await route.fulfill({ response, json: body })
	})
	await page.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	await page.goto('/tools/recurring')

	// Zezima Jr has not done Tears of Guthix or Beneath Cursed Tides.
	await expect(row(page, 'tears-of-guthix')).toHaveAttribute('data-locked', 'true')
	await expect(row(page, 'tears-of-guthix').locator('[data-missing]')).toHaveText('Locked: you still need Tears of Guthix.')
	await expect(row(page, 'giant-oyster')).toHaveAttribute('data-locked', 'true')
	// The Effigy Incubator opens with the quest Sins of the Father (issue 41), not its prerequisite alone.
	await expect(row(page, 'effigy-incubator').locator('[data-missing]')).toHaveText('Locked: you still need Sins of the Father.')
	// 85 Runecrafting: the machine's 50 is met (a green badge), the Runesphere is outgrown.
	await expect(row(page, 'vis-wax')).toHaveAttribute('data-locked', 'false')
	await expect(row(page, 'vis-wax').locator('[data-skill-badge="runecrafting"]')).toHaveAttribute('data-met', 'true')
	await expect(row(page, 'runesphere')).toHaveAttribute('data-past-worth', 'true')
	await expect(row(page, 'runesphere').locator('[data-not-worth]')).toHaveText('No longer worth it at 80+ Runecrafting.')
	await expect(row(page, 'daily-challenges')).toHaveAttribute('data-locked', 'false')
	await expect(row(page, 'daily-challenges')).toHaveAttribute('data-past-worth', 'false')
	expect(consoleErrors).toEqual([])
})

test('a locked level names the level the player has', async ({ page }) => {
	await page.route('**/api/v1/player-data?**', async (route) => {
		const response = await route.fetch()
		const body = await response.json()
		body.skillvalues = body.skillvalues.map((s: { id: number; level: number }) => (s.id === 20 ? { ...s, level: 42 } : s))
		await route.fulfill({ response, json: body })
	})
	await page.addInitScript(() => localStorage.setItem('player:username', 'Zezima Jr'))
	await page.goto('/tools/recurring')
	await expect(row(page, 'vis-wax')).toHaveAttribute('data-locked', 'true')
	await expect(row(page, 'vis-wax').locator('[data-missing]')).toHaveText('Locked: you still need 50 Runecrafting (you have 42).')
	await expect(row(page, 'runesphere')).toHaveAttribute('data-past-worth', 'false')
})

for (const width of [375, 1280]) {
	test.describe(`at ${width} px`, () => {
		test.use({ viewport: { width, height: 800 } })

		test('the live timers and stored ticks move nothing on the page', async ({ page }) => {
			await page.addInitScript(() => {
				localStorage.setItem('recurring:v1', JSON.stringify({ ticks: { 'vis-wax': Date.now() }, hidden: [] }))
				// Each shift with what moved (a failure names the nodes and their boxes before and after).
				type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
				const shifts: unknown[] = []
				;(window as unknown as { shifts: unknown[] }).shifts = shifts
				const box = (rect: DOMRectReadOnly) => [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(' ')
				const describe = (node: Node | null) =>
					node instanceof Element ? `<${node.localName} class="${node.getAttribute('class') ?? ''}">` : (node?.nodeName ?? 'a removed node')
				new PerformanceObserver((list) => {
					for (const entry of list.getEntries() as unknown as Array<{ value: number; sources: Source[] }>) {
						shifts.push({
							value: entry.value,
							moved: entry.sources.map(
								(source) => `${describe(source.node)} from ${box(source.previousRect)} to ${box(source.currentRect)}`,
							),
						})
					}
				}).observe({ type: 'layout-shift', buffered: true })
			})
			await page.goto('/tools/recurring')
			await waitForHydration(page)
			await expect(box(page, 'vis-wax')).toBeChecked()
			await expect(page.locator('[data-reset-countdown="daily"]')).toBeVisible()
			expect(await page.evaluate(() => (window as unknown as { shifts: unknown[] }).shifts)).toEqual([])
		})
	})
}

test('a profile that hides its quests is not locked out by quest requirements, and the page says so', async ({ page }) => {
	await page.addInitScript(() => localStorage.setItem('player:username', 'Private Pat'))
	await page.goto('/tools/recurring')
	await expect(page.locator('[data-quests-hidden]')).toContainText('quest requirements are not checked here')
	await expect(row(page, 'tears-of-guthix')).toHaveAttribute('data-locked', 'false')
	await expect(row(page, 'giant-oyster')).toHaveAttribute('data-locked', 'false')
})
