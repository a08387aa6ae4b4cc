import { type FakeUpstream, FAKE_PLAYERS, startFakeUpstream } from '../fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// The competitions API against the production build (issue 43): a server of its own with the fake
// upstream and the test clock, so a participant can gain between a lookup and an Update.

test.describe.configure({ mode: 'serial', timeout: 180_000 })

const DAY = 86_400_000
const GWEN = FAKE_PLAYERS.growing
const JSON_TYPE = { 'content-type': 'application/json' }

let fake: FakeUpstream
let server: ServerInstance
test.beforeAll(async () => {
	test.setTimeout(180_000)
	fake = await startFakeUpstream()
	server = await startServerInstance({
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		TRACKER_UPSTREAM_RPS: '50',
		DATABASE_URL: '',
		TEST_ONLY_SHIFTABLE_CLOCK: '1',
		TRUST_PROXY: 'loopback',
	})
})
test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
})

type Answer = Awaited<ReturnType<typeof rawRequest>> & { json: any } // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
	const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
	const response = await rawRequest(server.baseURL, {
		method,
		path,
		headers: { ...(body === undefined ? {} : JSON_TYPE), ...options.headers },
		body,
	})
	const isJson = String(response.headers['content-type']).startsWith('application/json')
	return { ...response, json: isJson && response.body ? JSON.parse(response.body) : undefined }
}

const iso = (ms: number) => new Date(ms).toISOString()
const competition = (patch: Record<string, unknown> = {}) => ({
	title: 'Attack week',
	startsAt: iso(Date.now() - 3_600_000),
	endsAt: iso(Date.now() + 7 * DAY),
	metrics: [{ metric: 'attack' }, { metric: 'overall', weight: 2 }],
	participants: [GWEN, 'Nobody Known'],
	...patch,
})
/** Each creation from its own address: the per-client limit is tested on its own. */
let client = 0
const create = (body: unknown, headers: Record<string, string> = {}) =>
	call('POST', '/api/v1/competitions', { body, headers: { 'x-forwarded-for': `198.51.100.${++client}`, ...headers } })

async function until(path: string, done: (answer: Answer) => boolean) {
	const deadline = Date.now() + 60_000
	for (;;) {
		const answer = await call('GET', path)
		if (done(answer)) return answer
		if (Date.now() > deadline) throw new Error(`${path}: ${answer.status} ${answer.body}\n${server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

test('create, then live standings from the tracker, the list by status, and the standings as CSV', async () => {
	const created = await create(competition())
	expect(created.status).toBe(201)
	expect(created.json.code).toMatch(/^[\w-]{22}$/)
	expect(created.json.competition).toMatchObject({
		title: 'Attack week',
		status: 'ongoing',
		metrics: [
			{ metric: 'attack', weight: 1 },
			{ metric: 'overall', weight: 2 },
		],
		participants: [
			{ key: 'growing gwen', name: 'Growing Gwen' },
			{ key: 'nobody known', name: 'Nobody Known' },
		],
	})
	expect(created.json.competition).not.toHaveProperty('codeHash')
	const id = created.json.competition.id as number

	// Gwen is looked up (tracked from now, after the start), then plays for a day and is updated.
	expect((await call('GET', `/api/v1/player-data?username=${encodeURIComponent(GWEN)}`)).status).toBe(200)
	await until(`/api/v1/players/${encodeURIComponent(GWEN)}`, (answer) => answer.status === 200)
	expect((await call('POST', `/api/test/clock?advanceMs=${DAY}`)).status).toBe(200)
	expect((await call('POST', `/api/v1/players/${encodeURIComponent(GWEN)}/update`)).status).toBe(202)

	const read = await call('GET', `/api/v1/competitions/${id}`)
	expect(read.status).toBe(200)
	expect(read.headers['access-control-allow-origin']).toBe('*')
	expect(read.json.standings).toEqual([
		expect.objectContaining({
			key: 'growing gwen',
			rank: 1,
			score: 12_345 * 3,
			parts: [
				{ metric: 'attack', value: 12_345, points: 12_345 },
				{ metric: 'overall', value: 12_345, points: 24_690 },
			],
		}),
		expect.objectContaining({ key: 'nobody known', rank: null, score: null }),
	])
	expect(read.json.teams).toBeNull()
	expect(read.json.lastCheckedAt['nobody known']).toBeNull()

	const ongoing = await call('GET', '/api/v1/competitions?status=ongoing')
	expect(ongoing.json.competitions).toContainEqual(expect.objectContaining({ id, title: 'Attack week', participants: 2 }))
	const upcoming = await call('GET', '/api/v1/competitions?status=upcoming')
	expect(upcoming.json.competitions.map((c: { id: number }) => c.id)).not.toContain(id)

	const csv = await call('GET', `/api/v1/competitions/${id}/standings.csv`)
	expect(csv.status).toBe(200)
	expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
	expect(csv.headers['access-control-allow-origin']).toBe('*')
	const lines = csv.body.trimEnd().split('\r\n')
	expect(lines[0]).toBe('rank,name,score,attack,attack points,overall,overall points,last updated')
	expect(lines[1]).toMatch(/^1,Growing Gwen,37035,12345,12345,12345,24690,\d{4}-/)
	expect(lines[2]).toBe(',Nobody Known,,,,,,')
	expect(lines).toHaveLength(3)
})

test('bad input is a 400 naming the field; a body that is not JSON, too large or unparseable is refused', async () => {
	const refusals: [unknown, string, RegExp][] = [
		[competition({ endsAt: iso(Date.now() - 7 * DAY) }), 'endsAt', /after the start/],
		[competition({ metrics: [{ metric: 'cooking' }, { metric: 'sailing' }] }), 'metrics.1.metric', /sailing/i],
		[competition({ metrics: [{ metric: 'magic', weight: 0 }] }), 'metrics.0.weight', /above 0/],
		[competition({ participants: ['Zezima', 'not a valid name!'] }), 'participants.1', /./],
		[competition({ participants: Array.from({ length: 501 }, (_, i) => `Player ${i}`) }), 'participants', /500/],
		[competition({ groupId: 999_999, participants: undefined }), 'groupId', /no group/],
	]
	for (const [body, parameter, message] of refusals) {
		const answer = await create(body)
		expect(answer.status, parameter).toBe(400)
		expect(answer.json.error, parameter).toMatchObject({ code: 'INVALID_PARAMETER', parameter, message: expect.stringMatching(message) })
	}
	const text = await create('title=x', { 'content-type': 'application/x-www-form-urlencoded' })
	expect([text.status, text.json.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
	const broken = await create('{"title":')
	expect([broken.status, broken.json.error.code]).toEqual([400, 'INVALID_BODY'])
	const huge = await create(JSON.stringify({ ...competition(), title: 'x'.repeat(70_000) }))
	expect([huge.status, huge.json.error.code]).toEqual([413, 'BODY_TOO_LARGE'])
	const nul = await create(competition({ title: 'a\u0000b' }))
	expect([nul.status, nul.json.error.parameter]).toEqual([400, 'title'])
	// Another site's page cannot create one through a reader's browser.
	const crossSite = await create(competition(), { 'sec-fetch-site': 'cross-site' })
	expect([crossSite.status, crossSite.json.error.code]).toEqual([403, 'CROSS_SITE_REQUEST'])

	const badStatus = await call('GET', '/api/v1/competitions?status=soon')
	expect([badStatus.status, badStatus.json.error.parameter]).toEqual([400, 'status'])
	const badId = await call('GET', '/api/v1/competitions/abc')
	expect([badId.status, badId.json.error.parameter]).toEqual([400, 'id'])
	const missing = await call('GET', '/api/v1/competitions/999999')
	expect([missing.status, missing.json.error.code]).toEqual([404, 'COMPETITION_NOT_FOUND'])
	expect((await call('GET', '/api/v1/competitions/999999/standings.csv')).status).toBe(404)
	expect((await call('GET', '/api/v1/competitions/1/standings')).status).toBe(404)
	const put = await call('PUT', '/api/v1/competitions/1')
	expect([put.status, put.headers.allow]).toEqual([405, 'GET, HEAD, PATCH, DELETE'])
	const preflight = await call('OPTIONS', '/api/v1/competitions')
	expect([preflight.status, preflight.headers['access-control-allow-origin']]).toEqual([204, '*'])
})

test('PATCH and DELETE take the code in X-Verification-Code: missing or wrong is a 403', async () => {
	const created = await create(competition())
	const { id } = created.json.competition as { id: number }
	const code = created.json.code as string
	const patch = (body: unknown, headers: Record<string, string> = {}) => call('PATCH', `/api/v1/competitions/${id}`, { body, headers })

	expect((await patch({ title: 'Renamed' })).status).toBe(403)
	const wrong = await patch({ title: 'Renamed' }, { 'x-verification-code': 'not-the-code' })
	expect([wrong.status, wrong.json.error.code]).toEqual([403, 'WRONG_CODE'])
	const invalid = await patch({ endsAt: iso(Date.now() - 30 * DAY) }, { 'x-verification-code': code })
	expect([invalid.status, invalid.json.error.parameter]).toEqual([400, 'endsAt'])
	const notChangeable = await patch({ participants: ['Zezima'] }, { 'x-verification-code': code })
	expect([notChangeable.status, notChangeable.json.error.parameter]).toEqual([400, 'participants'])
	const changed = await patch({ title: 'Renamed', metrics: [{ metric: 'kills:vorago', weight: 5 }] }, { 'x-verification-code': code })
	expect(changed.status).toBe(200)
	expect(changed.json.competition).toMatchObject({ title: 'Renamed', metrics: [{ metric: 'kills:vorago', weight: 5 }] })
	expect((await call('GET', `/api/v1/competitions/${id}`)).json.competition.title).toBe('Renamed')

	expect((await call('DELETE', `/api/v1/competitions/${id}`)).status).toBe(403)
	expect((await call('DELETE', `/api/v1/competitions/${id}`, { headers: { 'x-verification-code': 'wrong' } })).status).toBe(403)
	const deleted = await call('DELETE', `/api/v1/competitions/${id}`, { headers: { 'x-verification-code': code } })
	expect(deleted.status).toBe(204)
	expect((await call('GET', `/api/v1/competitions/${id}`)).status).toBe(404)
	expect((await call('DELETE', `/api/v1/competitions/${id}`, { headers: { 'x-verification-code': code } })).status).toBe(404)
})

test('creation is limited per client: the eleventh in an hour is a 429 with Retry-After; another client goes on', async () => {
	const from = { 'x-forwarded-for': '203.0.113.9' }
	for (let i = 0; i < 10; i++) expect((await create(competition(), from)).status, `creation ${i + 1}`).toBe(201)
	// A refused body is not counted, and is refused before the limit.
	expect((await create(competition({ metrics: [] }), from)).status).toBe(400)
	const limited = await create(competition(), from)
	expect(limited.status).toBe(429)
	expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
	expect(limited.json.error.code).toBe('RATE_LIMITED')
	expect((await create(competition(), { 'x-forwarded-for': '203.0.113.10' })).status).toBe(201)
})

test('POST …/update with the code updates the participants not fetched in the last 10 minutes in the background, once per 10 minutes', async () => {
	const created = await create(competition({ participants: [GWEN, FAKE_PLAYERS.complete] }))
	const { id } = created.json.competition as { id: number }
	const update = (headers: Record<string, string> = {}) => call('POST', `/api/v1/competitions/${id}/update`, { headers })
	const gwenAttack = (answer: Answer) =>
		answer.json.standings.find((s: { key: string }) => s.key === 'growing gwen').parts[0].value as number | null
	const before = await call('GET', `/api/v1/competitions/${id}`)
	expect(gwenAttack(before)).toBe(12_345)

	expect((await update()).status).toBe(403)
	expect((await update({ 'x-verification-code': 'wrong' })).status).toBe(403)
	expect((await call('POST', '/api/v1/competitions/999999/update', { headers: { 'x-verification-code': 'x' } })).status).toBe(404)
	expect((await call('GET', `/api/v1/competitions/${id}/update`)).status).toBe(405)

	// A day later Gwen has played again; Zezima Jr was never looked up and is fetched for the first time.
	expect((await call('POST', `/api/test/clock?advanceMs=${DAY}`)).status).toBe(200)
	const round = await update({ 'x-verification-code': created.json.code })
	expect([round.status, round.json]).toEqual([202, { queued: 2, skipped: 0 }])
	const after = await until(
		`/api/v1/competitions/${id}`,
		(answer) => gwenAttack(answer) === 2 * 12_345 && answer.json.lastCheckedAt['zezima jr'] !== null,
	)
	expect(after.json.standings.find((s: { key: string }) => s.key === 'zezima jr')).toMatchObject({ score: 0 })

	const again = await update({ 'x-verification-code': created.json.code })
	expect([again.status, again.json.error.code]).toEqual([429, 'UPDATE_COOLDOWN'])
	expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)

	// Another competition of the same two, updated at once: both were fetched minutes ago, so neither is fetched again.
	const other = await create(competition({ participants: [GWEN, FAKE_PLAYERS.complete] }))
	const otherId = (other.json.competition as { id: number }).id
	const checkedAt = after.json.lastCheckedAt as Record<string, string>
	const skipped = await call('POST', `/api/v1/competitions/${otherId}/update`, { headers: { 'x-verification-code': other.json.code } })
	expect([skipped.status, skipped.json]).toEqual([202, { queued: 0, skipped: 2 }])
	await new Promise((resolve) => setTimeout(resolve, 1_000))
	expect((await call('GET', `/api/v1/competitions/${otherId}`)).json.lastCheckedAt).toEqual(checkedAt)
})
