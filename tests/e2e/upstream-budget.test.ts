import { FAKE_PLAYERS, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'
import { startClockedInstance, type ServerInstance } from './server-instance.ts'

// The upstream gate and the tracking limits against the production build: each case has its own
// server and fake upstream, so limits and upstream outages are this test's alone.

test.describe.configure({ mode: 'serial' })

let server: ServerInstance | undefined
let fake: FakeUpstream | undefined

test.afterEach(async () => {
	await server?.stop()
	await fake?.close()
	server = undefined
	fake = undefined
})

const upstreamCalls = (upstream: FakeUpstream) => upstream.calls.profile + upstream.calls.quests + upstream.calls.hiscores

test('while the upstream answers 429, Update answers 503 with Retry-After and stops calling it; the log says the budget was halved', async ({
	request,
}) => {
	test.setTimeout(120_000)
	;({ server, fake } = await startClockedInstance({ TRACKER_UPSTREAM_RPS: '4' }))
	const page = await request.get(`${server.baseURL}/players/Zezima_Out`)
	expect(page.status()).toBe(200)
	// Past the cooldown of the first fetch.
	expect((await request.post(`${server.baseURL}/api/test/clock?advanceMs=61000`)).ok()).toBe(true)
	fake.setOutage(true, 429)
	fake.resetCalls()

	const first = await request.post(`${server.baseURL}/api/v1/players/Zezima_Out/update`)
	expect(first.status()).toBe(503)
	expect(Number(first.headers()['retry-after'])).toBeGreaterThan(0)
	const calls = upstreamCalls(fake)
	expect(calls).toBeGreaterThan(0)
	for (let i = 0; i < 5; i++) {
		const again = await request.post(`${server.baseURL}/api/v1/players/Zezima_Out/update`)
		expect(again.status()).toBe(503)
		expect(Number(again.headers()['retry-after'])).toBeGreaterThan(0)
	}
	// The page's Update button too: no call, and the page says what happened.
	const form = await request.post(`${server.baseURL}/players/Zezima_Out`, { form: { intent: 'update' }, maxRedirects: 0 })
	expect(form.status()).toBe(303)
	expect(form.headers().location).toContain('update=upstream-failing')
	expect(upstreamCalls(fake)).toBe(calls)
	expect(server.output()).toMatch(/HTTP 429; budget halved to 2 calls a second \(of 4\)/)
})

test("the page's Update counts against the client's lookup limit, like the API's", async ({ request }) => {
	test.setTimeout(120_000)
	;({ server, fake } = await startClockedInstance({ RATE_LIMIT_DISABLED: '0', PLAYER_RATE_LIMIT_PER_MINUTE: '3' }))
	const { baseURL } = server
	// 1: the first visit (one page view, its lookup included).
	expect((await request.get(`${baseURL}/players/Zezima_Limit`)).status()).toBe(200)
	const press = async () => {
		const answer = await request.post(`${baseURL}/players/Zezima_Limit`, { form: { intent: 'update' }, maxRedirects: 0 })
		return new URL(answer.headers().location!, baseURL).searchParams.get('update')
	}
	// 2 and 3: counted (the cooldown answers them), then refused.
	expect(await press()).toBe('cooldown')
	expect(await press()).toBe('cooldown')
	expect(await press()).toBe('limited')
	// The API's lookups share the same count.
	expect((await request.get(`${server.baseURL}/api/v1/player-data?username=Zezima_Limit`)).status()).toBe(429)
})

test('one address starts tracking a few new players a day; past that the lookup answers and the page says why nothing is tracked', async ({
	page,
	request,
}) => {
	test.setTimeout(120_000)
	;({ server, fake } = await startClockedInstance({ RATE_LIMIT_DISABLED: '0', TRACKER_NEW_PLAYERS_PER_CLIENT_PER_DAY: '2' }))
	for (const name of ['Zezima_One', 'Zezima_Two']) {
		expect((await request.get(`${server.baseURL}/players/${name}`)).status()).toBe(200)
		expect((await request.get(`${server.baseURL}/api/v1/players/${name}`)).status()).toBe(200)
	}
	const response = await page.goto(`${server.baseURL}/players/Zezima_Third`)
	expect(response?.status()).toBe(200)
	await expect(page.locator('[data-player-state="not-tracked"]')).toContainText('each address may start tracking 2 new players a day')
	expect((await request.get(`${server.baseURL}/api/v1/players/Zezima_Third`)).status()).toBe(404)
	// The lookup itself still answers.
	const lookup = await request.get(`${server.baseURL}/api/v1/player-data?username=Zezima_Third`)
	expect(lookup.status()).toBe(200)
	expect(await lookup.json()).toMatchObject({ name: 'Zezima Third' })
	// Viewing a tracked player is not limited.
	expect((await request.get(`${server.baseURL}/players/Zezima_One`)).status()).toBe(200)
})

test('a private name the hiscores do not rank costs its upstream calls once: later page views read the cached answer', async ({
	request,
}) => {
	test.setTimeout(120_000)
	;({ server, fake } = await startClockedInstance())
	const path = `/players/${FAKE_PLAYERS.notAMember.replace(' ', '_')}`
	expect((await request.get(`${server.baseURL}${path}`)).status()).toBe(404)
	const first = upstreamCalls(fake)
	expect(first).toBeGreaterThan(0)
	for (let i = 0; i < 5; i++) expect((await request.get(`${server.baseURL}${path}`)).status()).toBe(404)
	expect(upstreamCalls(fake)).toBe(first)
})

test('a page rendered after the backfill is done shows the monthly figures (JavaScript off, reloads)', async ({ browser }) => {
	test.setTimeout(180_000)
	;({ server, fake } = await startClockedInstance({ TRACKER_UPSTREAM_RPS: '10' }))
	const context = await browser.newContext({ javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto(`${server.baseURL}/players/Zezima_Rel`)
	await expect(page.locator('[data-backfill="pending"]')).toHaveCount(1)
	let state = 'pending'
	while (state === 'pending') {
		// Reloading all along, as a reader without JavaScript does.
		await page.reload()
		const summary = await page.request.get(`${server.baseURL}/api/v1/players/Zezima_Rel`)
		state = ((await summary.json()) as { backfill: { state: string } }).backfill.state
	}
	expect(state).toBe('done')
	await page.reload()
	await expect(page.locator('[data-backfill="pending"]')).toHaveCount(0)
	await expect(page.locator('[data-history-table] [data-point="monthly"]')).not.toHaveCount(0)
	await context.close()
})
