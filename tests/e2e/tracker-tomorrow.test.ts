import type { FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'
import { startClockedInstance, type ServerInstance } from './server-instance.ts'

// The acceptance path: a player looks themselves up today and again "tomorrow" (the
// server's test-only clock) and sees what they gained, the quest they finished with its date, a
// year of monthly gains from the backfill, and the API gives the same numbers. Its own server
// and fake upstream, so the clock and the player's progress are this test's alone.

let server: ServerInstance
let fake: FakeUpstream

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

const NAME = 'Zezima Today'
const PATH = '/players/Zezima_Today'

test('today, then tomorrow: gains, the quest date, the backfill, and the same numbers from the API', async ({ page }) => {
	test.setTimeout(180_000)
	const response = await page.goto(`${server.baseURL}${PATH}`)
	expect(response?.status()).toBe(200)
	await expect(page.locator('[data-first-visit]')).toContainText(`We started tracking ${NAME} now.`)
	// The backfill: 29 xp-monthly calls in the background; the page polls until it is in.
	await expect(page.locator('[data-backfill="pending"]')).toHaveCount(0, { timeout: 120_000 })
	expect(fake.callsFor(NAME)['xp-monthly']).toBe(29)
	await expect(page.locator('[data-history-table] [data-point="monthly"]')).toHaveCount(13)

	// Tomorrow: the daily refresh finds the player a day stale and fetches them (nothing new yet).
	const shifted = await page.request.post(`${server.baseURL}/api/test/clock?advanceMs=${24 * 3_600_000}`)
	expect(shifted.ok()).toBe(true)
	const tomorrowAt = Date.parse(((await shifted.json()) as { now: string }).now)
	await expect
		.poll(
			async () => {
				const summary = await page.request.get(`${server.baseURL}/api/v1/players/Zezima_Today`)
				return Date.parse(((await summary.json()) as { lastCheckedAt: string }).lastCheckedAt)
			},
			{ timeout: 30_000 },
		)
		.toBeGreaterThanOrEqual(tomorrowAt)

	// Meanwhile 150,000 Magic XP and a quest. Update's cooldown counts from the last fetch whatever
	// caused it (here the refresh): a minute later it may be pressed.
	fake.setProgress(NAME, { xpGained: { 6: 150_000 }, questsCompleted: ["'Phite Club"] })
	expect((await page.request.post(`${server.baseURL}/api/test/clock?advanceMs=61000`)).ok()).toBe(true)
	await page.goto(`${server.baseURL}${PATH}?period=day`)
	await expect(page.locator('[data-first-visit]')).toHaveCount(0)
	await page.getByRole('button', { name: 'Update' }).click()
	await expect(page).toHaveURL(/update=updated/)
	await expect(page.locator('[data-notice="updated"]')).toBeVisible()

	const magic = page.locator('[data-gains-table] [data-gain="magic"]')
	await expect(magic).toContainText('+150,000')
	await expect(magic).toContainText('+1')
	await expect(page.locator('[data-gains-total]')).toContainText('+150,000 XP')
	const tomorrow = new Date(Date.now() + 24 * 3_600_000).toLocaleDateString('en-GB', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		timeZone: 'UTC',
	})
	const phite = page.locator('[data-quest-timeline] li').filter({ hasText: "'Phite Club" })
	await expect(phite).toContainText(tomorrow)
	// Newest first: the dated quest above the ones done before tracking.
	await expect(page.locator('[data-quest-timeline] li').first()).toContainText("'Phite Club")

	const api = await page.request.get(`${server.baseURL}/api/v1/players/Zezima_Today/gains?period=day`)
	expect(api.status()).toBe(200)
	const gains = (await api.json()) as {
		total: { xpGained: number }
		skills: Array<{ skill: string; xpGained: number }>
	}
	expect(gains.total.xpGained).toBe(150_000)
	expect(gains.skills[0]).toMatchObject({ skill: 'magic', xpGained: 150_000 })
	const quests = (await (await page.request.get(`${server.baseURL}/api/v1/players/Zezima_Today/quests`)).json()) as {
		quests: Array<{ title: string; completedAt: string | null }>
	}
	expect(quests.quests[0]?.title).toBe("'Phite Club")
	expect(quests.quests[0]?.completedAt).not.toBeNull()
})
