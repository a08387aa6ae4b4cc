import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { PlannerData } from '#app/planner/data.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { stepText } from '#app/planner/format.ts'
import { createPlanner, type PlanStep } from '#app/planner/plan.ts'
import { plannerPlayer } from '#app/planner/player.ts'
import { progressKey } from '#app/planner/progress.ts'
import type { PlayerData } from '#app/player/types.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'
import { readFixture } from '#tests/fixtures/fake-upstream.ts'
import { expect, test, waitForHydration } from './fixtures.ts'

// The account planner (/tools/plan) against the production build and the fake upstream
// (players in tests/fixtures/README.md). The expected plans come from the same planner module,
// fed the same fixture accounts: the page must show exactly that order.

const planner = createPlanner(JSON.parse(readFileSync('app/generated/planner.json', 'utf8')) as PlannerData)
const questName = (slug: string) => planner.questBySlug.get(slug)?.name ?? slug
const texts = (steps: readonly PlanStep[]) => steps.map((step) => stepText(step, questName))

function midgameMia() {
	const profile = JSON.parse(readFixture('profile_midgame.json')) as { skillvalues: { id: number; level: number; xp: number }[] }
	const { quests } = JSON.parse(readFixture('quests_midgame.json')) as Pick<PlayerData, 'quests'>
	const skillvalues = profile.skillvalues.map((s) => ({ id: s.id, level: s.level, xp: Math.floor(s.xp / 10) }))
	return plannerPlayer({ source: 'runemetrics', quests, skillvalues }, planner.questName)
}

async function open(page: Page, query = '') {
	await page.goto(`/tools/plan${query}`)
	await waitForHydration(page)
	await expect(page.getByRole('main')).toHaveAttribute('data-hydrated', 'true')
}

const steps = (page: Page) => page.locator('[data-plan-steps] > li')
/** Each step's label as a reader sees it (the kind tag is for screen readers only). */
const shownSteps = (page: Page) =>
	steps(page)
		.locator('label')
		.evaluateAll((labels) =>
			labels.map((label) => {
				const copy = label.cloneNode(true) as HTMLElement
				for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove()
				return (copy.textContent ?? '').trim()
			}),
		)

test("a goal chosen by its abbreviation gives the fresh-account plan, in order, with the XP table's figures", async ({
	page,
	consoleErrors,
}) => {
	await open(page)
	await expect(page.locator('[data-plan-state="no-goals"]')).toBeVisible()
	// Even before a goal: what a fresh account can start now, linked to the quest pages.
	const fresh = planner.plan([])
	await expect(page.getByRole('heading', { name: /You can start now/ })).toContainText(`(${fresh.canStartNow.length})`)
	await expect(page.locator('[data-can-start-now] a').first()).toHaveAttribute('href', `/quests/${fresh.canStartNow[0]}`)
	const box = page.getByRole('combobox', { name: 'Add a goal' })
	await box.fill('wgs')
	await expect(page.getByRole('option').first()).toContainText('While Guthix Sleeps')
	await box.press('Enter')
	await expect(page.getByRole('list', { name: 'Chosen goals' })).toContainText('While Guthix Sleeps')
	await expect(page).toHaveURL(/[?&]goals=while-guthix-sleeps(&|$)/)
	await expect(page.locator('[data-plan-state="fresh"]')).toBeVisible()

	const expected = planner.plan(['while-guthix-sleeps'])
	await expect(steps(page)).toHaveCount(expected.steps.length)
	expect(await shownSteps(page)).toEqual(texts(expected.steps))
	await expect(steps(page).last()).toContainText('While Guthix Sleeps')
	// Magic ends at 75, and the XP shown is the table's difference from the level before.
	const lastMagic = (await shownSteps(page)).filter((t) => t.startsWith('Train Magic')).at(-1)!
	const [, from] = /Train Magic (\d+) → 75: /.exec(lastMagic)!
	expect(lastMagic).toBe(`Train Magic ${from} → 75: ${formatNumber(xpForLevel('magic', 75) - xpForLevel('magic', Number(from)))} XP`)
	await expect(page.locator('[data-plan-totals]')).toContainText(String(expected.totals.quests))
	await expect(page.getByRole('heading', { name: 'How this order is chosen' })).toBeVisible()
	expect(consoleErrors).toEqual([])
})

test('the goal box works from the keyboard alone', async ({ page }) => {
	await open(page)
	const box = page.getByRole('combobox', { name: 'Add a goal' })
	await box.focus()
	await box.pressSequentially('dragon')
	await expect(box).toHaveAttribute('aria-expanded', 'true')
	await box.press('ArrowDown')
	const second = page.getByRole('option').nth(1)
	await expect(second).toHaveAttribute('aria-selected', 'true')
	await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!)
	const label = (await second.locator('span').first().innerText()).trim()
	await box.press('Enter')
	await expect(page.getByRole('list', { name: 'Chosen goals' })).toContainText(label)
	await expect(box).toHaveValue('')
	await box.press('Escape')
	await expect(box).toHaveAttribute('aria-expanded', 'false')
	// A preset by its alias.
	await box.fill('prif')
	await box.press('Enter')
	await expect(page.getByRole('list', { name: 'Chosen goals' })).toContainText('Prifddinas')
	await page.getByRole('button', { name: 'Remove Prifddinas' }).click()
	await expect(page.getByRole('list', { name: 'Chosen goals' })).not.toContainText('Prifddinas')
})

test('a shared link reproduces the plan for that player; ticks persist over a reload', async ({ page, browser, consoleErrors }) => {
	const query = '?goals=while-guthix-sleeps,ritual-of-the-mahjarrat&player=Midgame%20Mia'
	await open(page, query)
	await expect(page.getByText("For Midgame Mia's account", { exact: true })).toBeVisible()
	const expected = planner.plan(['while-guthix-sleeps', 'ritual-of-the-mahjarrat'], midgameMia())
	expect(expected.steps.length).toBeGreaterThan(3)
	await expect(steps(page)).toHaveCount(expected.steps.length)
	expect(await shownSteps(page)).toEqual(texts(expected.steps))
	await expect(page.locator('[data-can-start-now] li')).toHaveCount(Math.min(12, expected.canStartNow.length))

	// Tick the first two steps, reload: still ticked.
	const first = steps(page).nth(0).getByRole('checkbox')
	const second = steps(page).nth(1).getByRole('checkbox')
	await first.check()
	await second.check()
	await page.reload()
	await waitForHydration(page)
	await expect(steps(page)).toHaveCount(expected.steps.length)
	await expect(first).toBeChecked()
	await expect(second).toBeChecked()
	await expect(steps(page).nth(2).getByRole('checkbox')).not.toBeChecked()
	// The label is the checkbox's name.
	await expect(
		steps(page)
			.nth(0)
			.getByRole('checkbox', { name: texts(expected.steps)[0] }),
	).toBeChecked()

	// Refreshing asks the lookup again (its server cache decides whether RuneMetrics is asked).
	const refreshed = page.waitForRequest((r) => r.url().includes('/api/v1/player-data') && r.url().includes('Midgame'))
	await page.getByRole('button', { name: 'Refresh from RuneMetrics' }).click()
	await refreshed
	await expect(page.getByRole('button', { name: 'Refresh from RuneMetrics' })).toBeEnabled()

	// A friend opening the same link (a browser of their own) sees the same plan, nothing ticked.
	const friend = await browser.newContext()
	const other = await friend.newPage()
	await open(other, query)
	await expect(steps(other)).toHaveCount(expected.steps.length)
	expect(await shownSteps(other)).toEqual(texts(expected.steps))
	await expect(steps(other).nth(0).getByRole('checkbox')).not.toBeChecked()
	await friend.close()
	expect(consoleErrors).toEqual([])
})

test('steps a fresh lookup shows done are confirmed and leave the plan', async ({ page }) => {
	const goals = ['while-guthix-sleeps']
	const key = progressKey('Midgame Mia', goals)
	// What the last visit showed: one step that Mia's data now shows done, one still open.
	const open1 = planner.plan(goals, midgameMia()).steps[0]!
	await page.addInitScript(
		([storageKey, value]) => localStorage.setItem(storageKey!, value!),
		[key, JSON.stringify({ ticked: [open1.id], steps: { 'quest:cooks-assistant': "Cook's Assistant", [open1.id]: 'x' } })],
	)
	await open(page, `?goals=${goals.join(',')}&player=Midgame%20Mia`)
	await expect(page.locator('[data-plan-confirmed]')).toContainText("Cook's Assistant")
	await expect(steps(page).nth(0).getByRole('checkbox')).toBeChecked()
})

test('a private profile: levels from the hiscores, every quest of the chain listed and marked', async ({ page }) => {
	await open(page, '?goals=desert-treasure&player=Private%20Pat')
	await expect(page.locator('[data-plan-state="progress-unknown"]')).toContainText('quest progress is unknown')
	const chain = planner.plan(['desert-treasure'], { levels: {}, xp: {} }).steps.filter((s) => s.kind === 'quest')
	await expect(steps(page).filter({ hasText: 'May be done already' })).toHaveCount(chain.length)
	await expect(page.locator('[data-can-start-now]')).toHaveCount(0)
})

test('an unknown player: the lookup says so and the plan is for a fresh account', async ({ page, consoleErrors }) => {
	await open(page, '?goals=desert-treasure&player=No%20Profile')
	await expect(page.locator('[data-plan-state="player-error"]')).toContainText('User not found')
	const expected = planner.plan(['desert-treasure'])
	await expect(steps(page)).toHaveCount(expected.steps.length)
	// The lookup's 404 is the only console error: the browser logs failed requests itself.
	expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([])
})

test('copy as text and print give a checklist', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	await open(page, '?goals=cooks-assistant')
	await page.getByRole('button', { name: 'Copy as text' }).click()
	await expect(page.getByText('Plan copied as text')).toBeVisible()
	const text = await page.evaluate(() => navigator.clipboard.readText())
	expect(text).toBe("Account plan: Cook's Assistant\n1. [ ] Cook's Assistant")
	await page.emulateMedia({ media: 'print' })
	await expect(page.locator('header').first()).toBeHidden()
	await expect(page.getByRole('combobox', { name: 'Add a goal' })).toBeHidden()
	await expect(steps(page)).toHaveCount(1)
	await expect(steps(page).first()).toBeVisible()
})

test('Tools: a desktop header link, the phone menu and the index page', async ({ page, consoleErrors }) => {
	await page.goto('/')
	await waitForHydration(page)
	await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Tools' }).click()
	await expect(page).toHaveURL(/\/tools$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tools')
	await page.getByRole('link', { name: /Account planner/ }).click()
	await expect(page).toHaveURL(/\/tools\/plan$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account planner')

	await page.setViewportSize({ width: 375, height: 800 })
	await page.goto('/')
	await waitForHydration(page)
	const tabs = page.getByRole('navigation', { name: 'Main' })
	await expect(tabs.getByRole('link')).toHaveCount(5)
	// The phone menu is a <details> (it opens without JavaScript too).
	const more = page.locator('details[data-more-menu]')
	await expect(more).not.toHaveAttribute('open')
	await more.locator('summary').click()
	await page.getByRole('navigation', { name: 'More' }).getByRole('link', { name: 'Account planner' }).click()
	await expect(page).toHaveURL(/\/tools\/plan$/)
	await expect(page.getByRole('navigation', { name: 'More' })).toBeHidden()
	await expect(more).not.toHaveAttribute('open')
	// The theme switch lives in the menu on phones.
	await more.locator('summary').click()
	await page.getByRole('navigation', { name: 'More' }).getByRole('button', { name: 'Switch to light theme' }).click()
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
	// Escape closes the menu and gives focus back to its button; so does a press outside it.
	await page.keyboard.press('Escape')
	await expect(page.getByRole('navigation', { name: 'More' })).toBeHidden()
	await expect(more.locator('summary')).toBeFocused()
	await more.locator('summary').click()
	await page.locator('main').click({ position: { x: 5, y: 5 } })
	await expect(page.getByRole('navigation', { name: 'More' })).toBeHidden()
	expect(consoleErrors).toEqual([])
})

test('the header still fits with Tools in it: phones with a long name, tablets and desktops', async ({ page }) => {
	// Seven widths, each a full page load: over the default 30 s on a busy machine.
	test.setTimeout(90_000)
	await page.addInitScript(() => localStorage.setItem('player:username', 'Midgame Mia'))
	for (const width of [320, 360, 375, 768, 900, 1024, 1280]) {
		await page.setViewportSize({ width, height: 700 })
		await page.goto('/tools')
		await waitForHydration(page)
		if (width < 768) await expect(page.getByRole('button', { name: /Midgame Mia/ })).toBeVisible()
		// The site's name shows beside the mark from 360 px on phones and from 1024 px on desktops.
		const brand = page.locator('header a[href="/"] span')
		expect(await brand.evaluate((el) => el.getBoundingClientRect().width > 1), `brand text at ${width} px`).toBe(
			(width >= 360 && width < 768) || width >= 1024,
		)
		const row = page.locator('header > div')
		const { scroll, client } = await row.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
		expect(scroll, `header at ${width} px`).toBeLessThanOrEqual(client)
	}
})

test("a shared link does not replace the reader's own name; typing a name in the planner makes it theirs", async ({ page }) => {
	await page.addInitScript(() => {
		if (!sessionStorage.getItem('seeded')) {
			localStorage.setItem('player:username', 'Zezima Jr')
			sessionStorage.setItem('seeded', '1')
		}
	})
	await open(page, '?goals=desert-treasure&player=Midgame%20Mia')
	await expect(page.getByText("For Midgame Mia's account", { exact: true })).toBeVisible()
	expect(await page.evaluate(() => localStorage.getItem('player:username'))).toBe('Zezima Jr')
	// Without a name in the link, the reader's own name is used and written into the address.
	await open(page, '?goals=desert-treasure')
	await expect(page.getByText("For Zezima Jr's account", { exact: true })).toBeVisible()
	await expect(page).toHaveURL(/player=Zezima(\+|%20)Jr/)
	const box = page.getByRole('region', { name: 'Player lookup' }).getByLabel('Your RuneScape name')
	await box.fill('Quiet Quinn')
	await box.press('Enter')
	await expect(page.getByText("For Quiet Quinn's account", { exact: true })).toBeVisible()
	await expect(page).toHaveURL(/player=Quiet(\+|%20)Quinn/)
	expect(await page.evaluate(() => localStorage.getItem('player:username'))).toBe('Quiet Quinn')
})

test("GET /api/v1/plan: the same plans as the page, and the lookup's errors", async ({ request }) => {
	const fresh = await request.get('/api/v1/plan?goals=wgs')
	expect(fresh.status()).toBe(200)
	const freshBody = (await fresh.json()) as { player: unknown; steps: PlanStep[] }
	expect(freshBody.player).toBeNull()
	expect(freshBody.steps).toEqual(planner.plan(['wgs']).steps)

	const goals = 'while-guthix-sleeps,ritual-of-the-mahjarrat'
	const mia = await request.get(`/api/v1/plan?username=Midgame%20Mia&goals=${goals}`)
	expect(mia.status()).toBe(200)
	const miaBody = (await mia.json()) as { player: object; steps: PlanStep[]; canStartNow: string[] }
	expect(miaBody.player).toMatchObject({ name: 'Midgame Mia', source: 'runemetrics', questProgress: 'known' })
	const expected = planner.plan(goals.split(','), midgameMia())
	expect(miaBody.steps).toEqual(expected.steps)
	expect(miaBody.canStartNow).toEqual(expected.canStartNow)

	const unknownGoal = await request.get('/api/v1/plan?goals=wgs,not-a-quest')
	expect(unknownGoal.status()).toBe(400)
	expect(await unknownGoal.json()).toMatchObject({ error: { code: 'UNKNOWN_GOALS', goals: ['not-a-quest'] } })
	const unknownPlayer = await request.get('/api/v1/plan?username=No%20Profile&goals=wgs')
	expect(unknownPlayer.status()).toBe(404)
	expect(await unknownPlayer.json()).toMatchObject({ error: { code: 'USER_NOT_FOUND' } })
	const down = await request.get('/api/v1/plan?username=Crash%20Carl&goals=wgs')
	expect(down.status()).toBe(502)
	expect(await down.json()).toMatchObject({ error: { code: 'UPSTREAM_ERROR' } })
})

test('"I play an ironman" counts the ironman-only levels, and the plan says so', async ({ page }) => {
	await open(page, '?goals=cold-war')
	const texts = () => shownSteps(page)
	const normal = planner.plan(['cold-war'])
	const ironman = planner.plan(['cold-war'], undefined, { ironman: true })
	expect(ironman.steps.length).toBeGreaterThan(normal.steps.length)
	await expect(steps(page)).toHaveCount(normal.steps.length)
	await page.getByRole('switch', { name: /I play an ironman/ }).click()
	await expect(page.getByText('For a fresh account, ironman levels included', { exact: true })).toBeVisible()
	await expect(steps(page)).toHaveCount(ironman.steps.length)
	expect(await texts()).toEqual(ironman.steps.map((step) => stepText(step, questName)))
	expect(await texts()).toContain(`Train Woodcutting 1 → 60: ${formatNumber(xpForLevel('woodcutting', 60))} XP`)
})
