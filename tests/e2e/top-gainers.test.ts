import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gainsBoardSchema } from '#app/tracker/api-types.ts'
import type { FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { expect, test, waitForHydration } from './fixtures.ts'
import { rawRequest } from './raw-http.ts'
import { startClockedInstance, type ServerInstance } from './server-instance.ts'

// /players, the top gainers: 27 players looked up today play overnight ("tomorrow" by the server's
// test clock), one is deleted and blocked on the dashboard's Players page (and leaves the group it
// was in), and the board pages through the other 26 in order, with a skill picked by a plain form. Its own server and fake
// upstream, so the clock and the players are this test's alone.

test.describe.configure({ mode: 'serial', timeout: 240_000 })

const DAY = 86_400_000
const NAMES = Array.from({ length: 27 }, (_, i) => `Zezima ${String(i + 1).padStart(2, '0')}`)
const REMOVED = 'Zezima 20'

let server: ServerInstance
let fake: FakeUpstream

test.beforeAll(async () => {
	test.setTimeout(240_000)
	;({ server, fake } = await startClockedInstance({
		// No refresh or backfill rounds: only this test's lookups and Updates fetch.
		TRACKER_REFRESH: 'off',
		DATABASE_URL: '',
	}))
})

test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
})

async function call(path: string, method = 'GET') {
	return rawRequest(server.baseURL, { method, path })
}

async function until(path: string, status: number, seconds = 90) {
	const deadline = Date.now() + seconds * 1000
	for (;;) {
		const answer = await call(path)
		if (answer.status === status) return answer
		if (Date.now() > deadline) throw new Error(`${path} never answered ${status}; last ${answer.status} ${answer.body}\n${server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

const enc = (name: string) => encodeURIComponent(name)

test('27 players play overnight, one is removed: the board pages through the rest in order; a skill is picked without JavaScript', async ({
	page,
	browser,
}) => {
	await Promise.all(
		NAMES.map(async (name) => {
			expect((await call(`/api/v1/player-data?username=${enc(name)}&quests=true`)).status).toBe(200)
			await until(`/api/v1/players/${enc(name)}`, 200)
		}),
	)
	// Overnight: player n gains n × 1,000 Attack XP; players 1–3 also n × 100,000 Magic XP.
	NAMES.forEach((name, index) => {
		const n = index + 1
		fake.setProgress(name, { xpGained: n <= 3 ? { 0: n * 1000, 6: n * 100_000 } : { 0: n * 1000 } })
	})
	expect((await call(`/api/test/clock?advanceMs=${DAY}`, 'POST')).status).toBe(200)
	const updates = await Promise.all(NAMES.map((name) => call(`/api/v1/players/${enc(name)}/update`, 'POST')))
	expect(updates.map((update) => update.status)).toEqual(NAMES.map(() => 202))

	// A group holds the one to be removed and a neighbour.
	const body = JSON.stringify({ name: 'Overnight', members: [REMOVED, 'Zezima 21'] })
	const created = await rawRequest(server.baseURL, {
		method: 'POST',
		path: '/api/v1/groups',
		headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
		body,
	})
	expect(created.status, created.body).toBe(201)
	const groupId = (JSON.parse(created.body) as { group: { id: number } }).group.id
	const members = async () =>
		(JSON.parse((await call(`/api/v1/groups/${groupId}`)).body) as { group: { members: Array<{ name: string }> } }).group.members.map(
			(member) => member.name,
		)
	expect(await members()).toEqual([REMOVED, 'Zezima 21'])

	// The dashboard's Players page deletes and blocks one of them: an opt-out, which also takes them out of every group.
	const login = await page.request.post(`${server.baseURL}/dev/dashboard?index`, { form: { intent: 'login', password: server.password } })
	expect(login.ok()).toBe(true)
	await page.goto(`${server.baseURL}/dev/dashboard/players?q=${enc(REMOVED)}`)
	await page.locator(`[data-delete-form="${REMOVED}"]`).getByRole('button', { name: 'Delete history' }).click()
	// The form's answer is a redirect: let it land, or it interrupts the next page.goto.
	await expect(page).toHaveURL(/[?&]deleted=1/)
	await until(`/api/v1/players/${enc(REMOVED)}`, 404)
	expect(await members()).toEqual(['Zezima 21'])

	// Overall, this week: Magic's three first, then Attack's, 27 down to 4, without the removed one.
	const expected = [
		'Zezima 03',
		'Zezima 02',
		'Zezima 01',
		...NAMES.slice(3)
			.toReversed()
			.filter((name) => name !== REMOVED),
	]
	expect(expected).toHaveLength(26)
	const response = await page.goto(`${server.baseURL}/players`)
	expect(response?.status()).toBe(200)
	const rows = page.locator('[data-board] tbody tr')
	await expect(rows).toHaveCount(25)
	await expect(rows.locator('th')).toHaveText(expected.slice(0, 25))
	await expect(rows.first()).toContainText('303,000')
	await expect(page.getByRole('link', { name: REMOVED })).toHaveCount(0)

	await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click()
	// Page 2 starts after page 1's last entry (keyset paging): Zezima 05, 5,000 XP.
	await expect(page).toHaveURL(/\/players\?page=2&after=5000\.\d+$/)
	await expect(rows).toHaveCount(1)
	await expect(rows.first()).toContainText('26')
	await expect(rows.locator('th')).toHaveText(['Zezima 04'])
	await page.getByRole('link', { name: 'Page 1' }).click()
	await expect(rows.locator('th')).toHaveText(expected.slice(0, 25))

	// The player's own page links back to the board.
	await page.getByRole('link', { name: 'Zezima 03' }).click()
	await expect(page.locator('[data-records="overall"] [data-record="overall-day"]')).toContainText('303,000')
	await page.locator('main').getByRole('link', { name: 'Top gainers this week' }).click()
	await expect(page).toHaveURL(/\/players$/)

	// No JavaScript: the skill picker is a GET form.
	const plain = await browser.newContext({ javaScriptEnabled: false })
	try {
		const noScript = await plain.newPage()
		await noScript.goto(`${server.baseURL}/players`)
		await noScript.getByLabel('Skill', { exact: true }).selectOption('magic')
		await noScript.getByRole('button', { name: 'Show' }).click()
		await expect(noScript).toHaveURL(/\/players\?skill=magic$/)
		await expect(noScript.locator('[data-board] tbody tr th')).toHaveText(['Zezima 03', 'Zezima 02', 'Zezima 01'])
		await expect(noScript.locator('[data-board-title]')).toContainText('Magic XP, this week')
		// The page links are plain links too.
		await noScript.goto(`${server.baseURL}/players`)
		await noScript.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click()
		await expect(noScript.locator('[data-board] tbody tr th')).toHaveText(['Zezima 04'])
		await noScript.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Previous page' }).click()
		await expect(noScript.locator('[data-board] tbody tr th')).toHaveText(expected.slice(0, 25))
	} finally {
		await plain.close()
	}

	// The API agrees, and the removed player is on no page of it either.
	const second = gainsBoardSchema.parse(JSON.parse((await call('/api/v1/leaderboards/gains?page=2')).body))
	expect(second).toMatchObject({ players: 26, pages: 2, entries: [{ rank: 26, name: 'Zezima 04', xpGained: 4000 }] })
	// A deep page by its number alone would be counted from the top: refused with the way round.
	const deep = await call('/players?page=11')
	expect(deep.status).toBe(400)
	expect(deep.body).toContain('page past 10 needs the after= its link gives')
	const bad = await call('/api/v1/leaderboards/gains?period=fortnight')
	expect(bad.status).toBe(400)
	expect(JSON.parse(bad.body)).toMatchObject({ error: { code: 'INVALID_PARAMETER', parameter: 'period' } })
})

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

test('at 320 px the board and the records fit the screen, and axe finds nothing in them', async ({ browser }) => {
	const context = await browser.newContext({ viewport: { width: 320, height: 800 } })
	await context.addInitScript(axeSource)
	const page = await context.newPage()
	const axe = (selector: string) =>
		page.evaluate(async (include) => {
			const run = (window as unknown as { axe: { run: (context: object) => Promise<{ violations: Array<{ id: string }> }> } }).axe.run
			return (await run({ include: [[include]] })).violations.map((v) => v.id)
		}, selector)
	const right = (selector: string) =>
		page.locator(selector).evaluateAll((elements) => Math.max(...elements.map((e) => e.getBoundingClientRect().right)))
	try {
		await page.goto(`${server.baseURL}/players?page=1`)
		await waitForHydration(page)
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
		expect(await right('[data-board], [data-pages]')).toBeLessThanOrEqual(320)
		expect(await axe('main')).toEqual([])

		await page.goto(`${server.baseURL}/players/Zezima_03`)
		await waitForHydration(page)
		await page.locator('[data-records="skills"] summary').click()
		await expect(page.locator('[data-record="magic-month"]')).toBeVisible()
		expect(await right('[data-records] table')).toBeLessThanOrEqual(320)
		expect(await axe('section[aria-labelledby="records"]')).toEqual([])
	} finally {
		await context.close()
	}
})
