import { expect, test } from './fixtures.ts'
import { rawRequest, type RawResponse } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// The edge of the JSON API and the forms against the production server (issue 39, items 5, 6, 7
// and 11; issue 40's API kit): each case failed before its change. Raw HTTP, so headers and bytes
// go out exactly as sent.

const GUIDE = '/setup/client-setup'
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const json = (response: RawResponse) => JSON.parse(response.body) as { error: { code: string; message: string; parameter?: string } }

/** Starts a second server: slow on a busy machine (its embedded database is created first). */
async function withInstance(env: Record<string, string>, run: (server: ServerInstance) => Promise<void>) {
	test.setTimeout(180_000)
	const server = await startServerInstance(env)
	try {
		await run(server)
	} finally {
		await server.stop()
	}
}

test('reports: a flood from 30 addresses leaves room for a new reader; IPv6 is counted per /48', async () => {
	// The defaults: no FEEDBACK_* limits set for this server.
	await withInstance({ TRUST_PROXY: 'loopback' }, async (server) => {
		const report = (client: string) =>
			rawRequest(server.baseURL, {
				method: 'POST',
				path: '/feedback',
				headers: { ...FORM, 'x-forwarded-for': client },
				body: `page=${encodeURIComponent(GUIDE)}&reason=unclear&message=flood`,
			})
		const flooders = Array.from({ length: 30 }, (_, i) => `198.51.100.${i + 1}`)
		let refused = 0
		// Each flooder sends until refused (at most 12 tries: more than any per-client limit here).
		for (const client of flooders) {
			for (let sent = 0; sent < 12; sent++) {
				const answer = await report(client)
				if (answer.status === 429) {
					refused++
					break
				}
				expect(answer.status, client).toBe(303)
			}
		}
		expect(refused, 'every flooder reaches its own limit').toBe(30)
		expect((await report('203.0.113.77')).status, 'a new reader').toBe(303)

		// One IPv6 network: a fresh /64 for each try is still the same reader.
		let accepted = 0
		for (let subnet = 1; subnet <= 12; subnet++) {
			const answer = await report(`2001:db8:77:${subnet.toString(16)}::1`)
			if (answer.status === 303) accepted++
			else expect(answer.status).toBe(429)
		}
		expect(accepted).toBeLessThan(12)
		expect((await report('2001:db8:78::1')).status, 'the next /48').toBe(303)
	})
})

test('a control character in a form or an API parameter is a 400 that says so (a NUL in a report was a 500)', async ({ baseURL }) => {
	const secret = `nul-report-${Date.now()}`
	const report = await rawRequest(baseURL!, {
		method: 'POST',
		path: '/feedback',
		headers: FORM,
		body: `page=${encodeURIComponent(GUIDE)}&reason=unclear&message=${secret}%00end`,
	})
	expect(report.status).toBe(400)
	expect(report.body).toContain('message contains a control character')

	for (const path of [
		'/api/v1/plan?goals=wgs%00',
		'/api/v1/players/Zezima/gains?period=day%01',
		'/api/v1/leaderboards/gains?skill=attack%1F',
	]) {
		const answer = await rawRequest(baseURL!, { path })
		expect(answer.status, path).toBe(400)
		expect(json(answer).error, path).toMatchObject({ code: 'INVALID_PARAMETER', message: expect.stringContaining('control character') })
	}
	const name = await rawRequest(baseURL!, { path: '/api/v1/players/Zez%00ima' })
	expect([name.status, json(name).error.parameter]).toEqual([400, 'name'])
})

test('dates outside 2000-01-01 to tomorrow are 400s naming the parameter, in the API and the pages', async ({ baseURL }) => {
	const cases: Array<[string, string]> = [
		['/api/v1/players/Zezima/gains?from=0000-01-01&to=2026-01-01', 'from'],
		['/api/v1/players/Zezima/snapshots?to=9999-12-31', 'to'],
		['/api/v1/leaderboards/gains?date=1999-12-31', 'date'],
		['/api/v1/players/Zezima/catch-up?since=0001-01-01', 'since'],
	]
	for (const [path, parameter] of cases) {
		const answer = await rawRequest(baseURL!, { path })
		expect(answer.status, path).toBe(400)
		expect(json(answer).error, path).toMatchObject({ code: 'INVALID_PARAMETER', parameter })
	}
	const page = await rawRequest(baseURL!, { path: '/players/Zezima?from=0000-01-01&to=2026-01-01' })
	expect(page.status).toBe(400)
	expect(page.body).toContain('from must be a day from 2000-01-01')
	const board = await rawRequest(baseURL!, { path: '/players?date=0000-01-01' })
	expect(board.status).toBe(400)
})

test('the player and /players pages count against the per-client limit, like the API', async () => {
	await withInstance({ TRUST_PROXY: 'loopback', RATE_LIMIT_DISABLED: '0', PLAYER_RATE_LIMIT_PER_MINUTE: '3' }, async (server) => {
		const get = (path: string, client: string) => rawRequest(server.baseURL, { path, headers: { 'x-forwarded-for': client } })
		for (let i = 0; i < 3; i++) expect((await get('/players', '198.51.100.9')).status).toBeLessThan(400)
		const limited = await get('/players', '198.51.100.9')
		expect(limited.status).toBe(429)
		expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
		expect((await get('/players/Zezima?from=2026-01-01', '198.51.100.9')).status).toBe(429)
		expect((await get('/api/v1/leaderboards/gains', '198.51.100.9')).status).toBe(429)
		expect((await get('/players', '198.51.100.10')).status).toBeLessThan(400)
	})
})

test('a cross-site Update is refused; a script or the site itself may still ask', async ({ baseURL }) => {
	// Past the check the Update reads the database: the shared server opens it on first use.
	test.setTimeout(120_000)
	const update = (headers: Record<string, string>) =>
		rawRequest(baseURL!, { method: 'POST', path: '/api/v1/players/Nobody%20Here/update', headers })
	const crossSite: Array<Record<string, string>> = [
		{ 'sec-fetch-site': 'cross-site', ...FORM },
		{ 'sec-fetch-site': 'same-site' },
		{ origin: 'https://evil.example' },
	]
	for (const headers of crossSite) {
		const refused = await update(headers)
		expect(refused.status, JSON.stringify(headers)).toBe(403)
		expect(json(refused).error.code).toBe('CROSS_SITE_REQUEST')
	}
	// Past the check: the player is not tracked, a 404 from the endpoint itself.
	expect((await update({})).status).toBe(404)
	expect((await update({ 'sec-fetch-site': 'same-origin', origin: baseURL! })).status).toBe(404)
})
