import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures.ts'

// The guide lists on the early/mid/late-game index pages, against the fake RuneMetrics upstream.
// "Zezima Jr" (tests/fixtures/runemetrics/) has completed only Cook's Assistant, A Shadow over
// Ashdale and All Fired Up (3 quest points) and has levels 40–90, but Invention 1, Archaeology 2,
// Necromancy 40, Dungeoneering 50, Divination 56, Herblore 71. So the guides with no prerequisite
// quest and low levels are met, every other quest guide is not, and none is completed: that state
// is checked with the same player plus one completed quest added to the answer.

const PLAYER = 'Zezima Jr'

function remember(page: Page, name: string) {
	return page.addInitScript((n) => localStorage.setItem('player:username', n), name)
}

async function open(page: Page, path: string) {
	await page.goto(path)
	await waitForHydration(page)
	// The widget is its own lazy chunk: wait until it, too, is interactive.
	await page.locator('[data-guide-index][data-hydrated]').waitFor()
	return page.locator('[data-guide-index]')
}

const guide = (page: Page, path: string) => page.locator(`[data-guide-index] li[data-guide="${path}"]`)

async function expectState(page: Page, path: string, state: string, text: RegExp | string) {
	const card = guide(page, path)
	await expect(card).toHaveAttribute('data-state', state)
	await expect(card).toContainText(text)
}

test('without a player: every guide listed and linked, no states, a hint and the lookup', async ({ page, consoleErrors }) => {
	const index = await open(page, '/guides/early-game')
	await expect(index.getByText('Load your RuneScape name to see what you can do.')).toBeVisible()
	await expect(index.getByLabel('Your RuneScape name')).toBeVisible()
	const cards = index.locator('li[data-guide]')
	await expect(cards).toHaveCount(8)
	await expect(index.locator('li[data-state]')).toHaveCount(0)
	await expect(index.getByText(/Requirements met|Not met|Completed/)).toHaveCount(0)
	const digSite = guide(page, '/guides/early-game/dig-site')
	await expect(digSite).toContainText('unlocks Shadow Tendrils')
	await digSite.getByRole('link', { name: 'The Dig Site' }).click()
	await expect(page).toHaveURL(/\/guides\/early-game\/dig-site$/)
	await expect(page.getByRole('heading', { level: 1, name: 'The Dig Site' })).toBeVisible()
	expect(consoleErrors).toEqual([])
})

test('early game with Zezima Jr: no-prerequisite quests met, chains not met', async ({ page, consoleErrors }) => {
	await remember(page, PLAYER)
	const index = await open(page, '/guides/early-game')
	await expect(index.getByText('Stats loaded')).toBeVisible()
	await expectState(page, '/guides/early-game/dig-site', 'met', 'Requirements met')
	await expectState(page, '/guides/early-game/the-world-wakes', 'met', 'Requirements met')
	await expectState(page, '/guides/early-game/desert-treasure', 'not-met', /Not met\s*\d+ quests missing/)
	// Archaeology 2 against 40 somewhere in the chain.
	await expectState(page, '/guides/early-game/succession', 'not-met', /\d+ quests, 1 skill missing/)
	await expect(index.locator('li[data-state="completed"]')).toHaveCount(0)
	await expect(index.getByText(/^For Zezima Jr: 2 ready to start, 6 not met yet\.$/)).toBeVisible()
	expect(consoleErrors).toEqual([])
})

test('mid game with Zezima Jr: levels, quests and quest points missing; a list without checks stays neutral', async ({
	page,
	consoleErrors,
}) => {
	await remember(page, PLAYER)
	await open(page, '/guides/mid-game')
	// 80 Smithing, Crafting and Divination against 74, 79 and 56.
	await expectState(page, '/guides/mid-game/invention', 'not-met', '3 skills missing')
	await expectState(page, '/guides/mid-game/slayer-helm', 'not-met', '1 quest missing')
	// 107 quest points against 3 (from the quest-point table, loaded on demand).
	await expectState(page, '/guides/mid-game/while-guthix-sleeps', 'not-met', '104 quest points missing')
	// Ports only list conditions a player cannot be checked against.
	await expectState(page, '/guides/mid-game/ports', 'none', 'Check its 2 requirements in the guide')
	await expect(guide(page, '/guides/mid-game/ports')).not.toContainText(/Requirements met|Not met|Completed/)
	expect(consoleErrors).toEqual([])
})

test("late game: typing the name into the list's own lookup turns every guide red", async ({ page, consoleErrors }) => {
	const index = await open(page, '/guides/late-game')
	await expect(index.locator('li[data-state]')).toHaveCount(0)
	await index.getByLabel('Your RuneScape name').fill(PLAYER)
	await index.getByLabel('Your RuneScape name').press('Enter')
	await expect(index.locator('li[data-state="not-met"]')).toHaveCount(5)
	// 96 Herblore against 71.
	await expectState(page, '/guides/late-game/overloads', 'not-met', '1 skill missing')
	await expectState(page, '/guides/late-game/zuk-cape', 'not-met', '1 quest missing')
	await expect(index.getByText(/^For Zezima Jr: 5 not met yet\.$/)).toBeVisible()
	expect(consoleErrors).toEqual([])
})

test('a quest the player has completed marks its guide completed', async ({ page, consoleErrors }) => {
	// The fake player has none of these quests; add one to the real answer of the lookup.
	await page.route('**/api/v1/player-data?**', async (route) => {
		const response = await route.fetch()
		const body = (await response.json()) as { quests: { title: string; status: string }[] }
		body.quests.push({ title: 'The World Wakes', status: 'COMPLETED' })
		await route.fulfill({ response, json: body })
	})
	await remember(page, PLAYER)
	const index = await open(page, '/guides/early-game')
	await expectState(page, '/guides/early-game/the-world-wakes', 'completed', 'Completed')
	await expectState(page, '/guides/early-game/dig-site', 'met', 'Requirements met')
	await expect(index.getByText(/^For Zezima Jr: 1 completed, 1 ready to start, 6 not met yet\.$/)).toBeVisible()
	expect(consoleErrors).toEqual([])
})

test('on a guide page the same player turns the level badges green and red', async ({ page, consoleErrors }) => {
	await remember(page, PLAYER)
	await page.goto('/guides/early-game/succession')
	await waitForHydration(page)
	const panel = page.getByRole('region', { name: 'Requirements for Succession' })
	await expect(panel.locator('[data-skill-badge="archaeology"]')).toHaveAttribute('data-met', 'false')
	await expect(panel.locator('[data-skill-badge="mining"]')).toHaveAttribute('data-met', 'true')
	// Not done, and why: Archaeology 2 is short of the 40 it needs.
	await expect(panel.locator('[data-quest="Daughter of Chaos"]')).toHaveAttribute('data-status', 'blocked')
	await expect(panel.locator('[data-quest="Daughter of Chaos"] [data-step-state]')).toHaveText('Needs 40 Archaeology (you have 2)')
	expect(consoleErrors).toEqual([])
})
