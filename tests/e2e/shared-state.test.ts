import { randomBytes } from 'node:crypto'
import { type FakeUpstream, startFakeUpstream } from '../fixtures/fake-upstream.ts'
import { startTestRedis, type TestRedis } from '../fixtures/redis.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest, type RawResponse } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// Two production servers sharing one real redis-server (REDIS_URL), as behind a load balancer:
// limits, the player cache, used upload links and session revocations are one state for both.
// Then Redis goes away mid-run and both keep answering on in-process state, and come back to the
// shared state when it returns. Without redis-server this suite fails (it never skips): `npm test`
// installs Debian's package first when it may.

test.describe.configure({ mode: 'serial' })

const PLAYER = '/api/v1/player-data'
const UPLOAD_URL = '/api/v1/images/upload/upload-url'
const VIEW = '/api/v1/images/view'
const DASHBOARD = '/dev/dashboard'
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

let redis: TestRedis
let fake: FakeUpstream
let a: ServerInstance
let b: ServerInstance
const apiKey = `shared-key-${randomBytes(6).toString('hex')}`
const password = `shared-password-${randomBytes(6).toString('hex')}`

// Each test is its own client behind the load balancer (TRUST_PROXY=1: the right-most
// X-Forwarded-For hop), so their limits don't add up.
let clientCount = 0
const newClient = () => `203.0.113.${++clientCount}`

type Call = { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string }
const call = (server: ServerInstance, client: string, request: Call) =>
	rawRequest(server.baseURL, { ...request, headers: { 'x-forwarded-for': client, ...request.headers } })

const lookup = (server: ServerInstance, client: string, name: string) =>
	call(server, client, { path: `${PLAYER}?username=${encodeURIComponent(name)}&quests=true` })

async function logIn(server: ServerInstance, client: string, secret = password): Promise<RawResponse> {
	return call(server, client, {
		method: 'POST',
		path: `${DASHBOARD}?index`,
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ intent: 'login', password: secret }).toString(),
	})
}

const cookieOf = (response: RawResponse) => String(response.headers['set-cookie']?.[0] ?? '').split(';')[0]!

async function createUpload(server: ServerInstance, client: string, filename: string) {
	const response = await call(server, client, {
		method: 'POST',
		path: UPLOAD_URL,
		headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify({ filename, contentType: 'image/png' }),
	})
	expect(response.status, response.body).toBe(200)
	return JSON.parse(response.body) as { uploadUrl: string; filename: string }
}

/** The PUT of an upload URL's path and query, sent to the given instance. */
function putTo(server: ServerInstance, client: string, uploadUrl: string) {
	const url = new URL(uploadUrl, server.baseURL)
	return call(server, client, {
		method: 'PUT',
		path: url.pathname + url.search,
		headers: { 'content-type': 'image/png' },
		body: PNG,
	})
}

async function waitForOutput(server: ServerInstance, pattern: RegExp, timeoutMs = 15_000) {
	const deadline = Date.now() + timeoutMs
	while (!pattern.test(server.output())) {
		if (Date.now() > deadline) throw new Error(`No ${pattern} in the log of ${server.baseURL}:\n${server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

test.beforeAll(async () => {
	test.setTimeout(60_000)
	redis = await startTestRedis()
	fake = await startFakeUpstream()
	const env = {
		REDIS_URL: redis.url,
		TRUST_PROXY: '1',
		API_KEYS: apiKey,
		DASHBOARD_PASSWORD: password,
		SESSION_SECRET: randomBytes(32).toString('base64url'),
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		RATE_LIMIT_DISABLED: '0',
		PLAYER_RATE_LIMIT_PER_MINUTE: '6',
	}
	;[a, b] = await Promise.all([startServerInstance(env), startServerInstance(env)])
})

test.afterAll(async () => {
	await Promise.all([a?.stop(), b?.stop()])
	await fake?.close()
	await redis?.stop()
})

test('the player lookup limit counts across both instances', async () => {
	const client = newClient()
	const statuses: number[] = []
	// An empty name is answered by validation (400) after the limit has counted the lookup.
	for (let i = 0; i < 8; i++) {
		const server = i % 2 === 0 ? a : b
		statuses.push((await call(server, client, { path: `${PLAYER}?username=` })).status)
	}
	expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429])
	// Another client is not affected.
	expect((await call(a, newClient(), { path: `${PLAYER}?username=` })).status).toBe(400)
})

test('a player cached by one instance is a cache hit on the other', async () => {
	const name = `Zezima ${randomBytes(2).toString('hex')}`
	const first = await lookup(a, newClient(), name)
	expect(first.status, first.body).toBe(200)
	expect(fake.callsFor(name)).toEqual({ profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 })
	const second = await lookup(b, newClient(), name)
	expect(second.status).toBe(200)
	expect(fake.callsFor(name), 'no upstream call from the second instance').toEqual({ profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 })
	expect(JSON.parse(second.body)).toEqual(JSON.parse(first.body))
})

test('an upload link used on one instance is refused on the other', async () => {
	const client = newClient()
	const created = await createUpload(a, client, 'shared.png')
	expect((await putTo(a, client, created.uploadUrl)).status).toBe(200)
	const again = await putTo(b, client, created.uploadUrl)
	expect(again.status).toBe(403)
	expect(JSON.parse(again.body).error).toEqual({
		code: 'UPLOAD_URL_REFUSED',
		message: 'The upload URL has already been used. Ask for a new one.',
	})

	// And the other way round: first use on the second instance.
	const other = await createUpload(a, client, 'shared-2.png')
	expect((await putTo(b, client, other.uploadUrl)).status).toBe(200)
	expect((await putTo(a, client, other.uploadUrl)).status).toBe(403)
})

test('a logout on one instance revokes the session on the other', async () => {
	const client = newClient()
	const login = await logIn(a, client)
	expect(login.status).toBe(303)
	const cookie = cookieOf(login)
	const list = (server: ServerInstance) => call(server, client, { path: `${VIEW}?limit=1`, headers: { cookie } })
	expect((await list(a)).status).toBe(200)
	expect((await list(b)).status).toBe(200)
	const logout = await call(b, client, {
		method: 'POST',
		path: `${DASHBOARD}?index`,
		headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
		body: 'intent=logout',
	})
	expect(logout.status).toBe(303)
	expect((await list(a)).status).toBe(401)
	expect((await list(b)).status).toBe(401)
})

test('the login limit counts wrong passwords across both instances', async () => {
	const client = newClient()
	for (let i = 0; i < 5; i++) expect((await logIn(i % 2 ? b : a, client, 'wrong')).status).toBe(401)
	expect((await logIn(a, client, 'wrong')).status).toBe(429)
	expect((await logIn(b, client)).status, 'blocked even with the right password').toBe(429)
})

test('the wrong-API-key limit counts across both instances', async () => {
	const client = newClient()
	const statuses: number[] = []
	for (let i = 0; i < 12; i++) {
		const response = await call(i % 2 ? b : a, client, { path: VIEW, headers: { authorization: `Bearer wrong-${i}` } })
		statuses.push(response.status)
	}
	expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
	expect(statuses.slice(10)).toEqual([429, 429])
})

test('with Redis gone both instances keep answering, then share state again when it is back', async () => {
	test.setTimeout(90_000)
	await redis.stop()
	const client = newClient()
	const name = `Zezima ${randomBytes(2).toString('hex')}`
	const answers: RawResponse[] = []
	for (const server of [a, b]) {
		answers.push(await lookup(server, client, name))
		answers.push(await call(server, client, { path: `${PLAYER}?username=` }))
		const login = await logIn(server, client)
		answers.push(login)
		const cookie = cookieOf(login)
		answers.push(await call(server, client, { path: `${VIEW}?limit=1`, headers: { cookie } }))
		answers.push(
			await call(server, client, {
				method: 'POST',
				path: `${DASHBOARD}?index`,
				headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
				body: 'intent=logout',
			}),
		)
		// Revoked on this instance even without Redis.
		answers.push(await call(server, client, { path: `${VIEW}?limit=1`, headers: { cookie, accept: 'application/json' } }))
		const created = await createUpload(server, client, 'offline.png')
		answers.push(await putTo(server, client, created.uploadUrl))
		answers.push(await putTo(server, client, created.uploadUrl))
		answers.push(await call(server, client, { path: '/setup/intro' }))
	}
	expect(answers.map((r) => r.status)).toEqual([200, 400, 303, 200, 303, 401, 200, 403, 200, 200, 400, 303, 200, 303, 401, 200, 403, 200])
	for (const server of [a, b]) {
		await waitForOutput(server, /Redis at \S+ is unreachable/)
		const warnings = server.output().match(/Redis at \S+ is unreachable/g) ?? []
		expect(warnings, 'one clear warning, not one per request').toHaveLength(1)
	}

	await redis.start()
	for (const server of [a, b]) await waitForOutput(server, /Redis at \S+ is back/, 30_000)
	const again = `Zezima ${randomBytes(2).toString('hex')}`
	expect((await lookup(a, newClient(), again)).status).toBe(200)
	expect((await lookup(b, newClient(), again)).status).toBe(200)
	expect(fake.callsFor(again)).toEqual({ profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 })
})
