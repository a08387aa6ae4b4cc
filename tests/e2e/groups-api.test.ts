import { FAKE_CLAN, startFakeUpstream, type FakeUpstream } from '../fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest, type RawResponse } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// The groups API (issue 42) against the production build: a server of its own, behind a trusted
// loopback proxy so each test speaks from its own address (the limits are per client), with the
// fake upstream serving one clan.

test.describe.configure({ mode: 'serial', timeout: 180_000 })

type ErrorBody = { error: { code: string; message: string; parameter?: string; retryAfterSeconds?: number } }
type Member = { key: string; name: string; rank: string | null; totalXp: number | null }
type GroupBody = {
	group: { id: number; name: string; clanName: string | null; citadelReset: unknown; members: Member[] }
	verificationCode: string
}

let fake: FakeUpstream
let server: ServerInstance
test.beforeAll(async () => {
	fake = await startFakeUpstream()
	server = await startServerInstance({
		TRUST_PROXY: 'loopback',
		CLAN_HISCORES_BASE_URL: fake.clanHiscoresBaseUrl,
		// Members' profiles are fetched in the background (TRACKER_REFRESH is on).
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
		GROUP_CREATION_LIMIT_PER_HOUR: '3',
	})
})
test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
})

function call(
	client: string,
	method: string,
	path: string,
	options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
) {
	const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
	return rawRequest(server.baseURL, {
		method,
		path,
		headers: {
			'x-forwarded-for': client,
			...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
			...options.headers,
		},
		body,
	})
}
const parsed = <T>(response: RawResponse) => JSON.parse(response.body) as T
const error = (response: RawResponse) => [response.status, parsed<ErrorBody>(response).error]

async function create(client: string, body: unknown): Promise<GroupBody> {
	const response = await call(client, 'POST', '/api/v1/groups', { body })
	expect(response.status, response.body).toBe(201)
	return parsed<GroupBody>(response)
}

test('a group made from a clan has its roster with ranks and a code; GET reads it from any site', async () => {
	const created = await create('198.51.100.1', {
		name: 'The Testers',
		clanName: FAKE_CLAN.toLowerCase(),
		citadelReset: { weekday: 'monday', time: '18:00' },
	})
	expect(created.verificationCode).toMatch(/^[\w-]{22}$/)
	expect(created.group).toMatchObject({
		name: 'The Testers',
		clanName: FAKE_CLAN.toLowerCase(),
		citadelReset: { weekday: 'monday', time: '18:00' },
	})
	expect(created.group.members).toHaveLength(13)
	expect(created.group.members.slice(0, 2)).toMatchObject([
		{ name: 'Zezima Jr', rank: 'Owner', totalXp: 4312087123 },
		{ name: 'Deputy Dee', rank: 'Deputy Owner' },
	])

	const read = await call('198.51.100.2', 'GET', `/api/v1/groups/${created.group.id}`)
	expect(read.status).toBe(200)
	expect(read.headers['access-control-allow-origin']).toBe('*')
	expect(parsed<GroupBody>(read).group.members.map((m) => m.rank)).toEqual(created.group.members.map((m) => m.rank))
	expect(parsed<object>(read)).not.toHaveProperty('verificationCode')
	expect(read.body).not.toContain('codeHash')
	const preflight = await call('198.51.100.2', 'OPTIONS', `/api/v1/groups/${created.group.id}`)
	expect(preflight.status).toBe(204)
})

test('a group of names; an unknown clan is a 404 that stores nothing', async () => {
	const names = await create('198.51.100.3', { name: 'Friends', members: ['Anna', 'anna', 'Bob_Two'] })
	expect(names.group.members.map((m) => [m.name, m.rank])).toEqual([
		['Anna', null],
		['Bob Two', null],
	])

	const unknown = await call('198.51.100.3', 'POST', '/api/v1/groups', { body: { name: 'Nobody', clanName: 'No Such Clan' } })
	expect(error(unknown)).toEqual([
		404,
		{ code: 'CLAN_NOT_FOUND', message: 'No such clan, or RuneScape did not answer with its member list. (clan "No Such Clan")' },
	])
	expect((await call('198.51.100.3', 'GET', `/api/v1/groups/${names.group.id + 1}`)).status).toBe(404)
})

test('a bad body is a 400 naming the field; a body not JSON, too large or from another site is refused', async () => {
	const client = '198.51.100.4'
	const bad = async (body: unknown) => error(await call(client, 'POST', '/api/v1/groups', { body }))
	expect(await bad({ clanName: FAKE_CLAN })).toMatchObject([400, { code: 'INVALID_PARAMETER', parameter: 'name' }])
	expect(await bad({ name: 'X', clanName: FAKE_CLAN, members: ['Anna'] })).toMatchObject([
		400,
		{ parameter: 'clanName', message: expect.stringMatching(/either clanName .* or members/) },
	])
	expect(await bad({ name: 'X' })).toMatchObject([400, { parameter: 'clanName' }])
	expect(await bad({ name: 'X', members: ['Anna', 'Bad!Name'] })).toMatchObject([
		400,
		{ parameter: 'members[1]', message: expect.stringMatching(/^members\[1\]: RuneScape names use only/) },
	])
	expect(await bad({ name: 'X', members: Array.from({ length: 501 }, (_, i) => `P${i}`) })).toMatchObject([
		400,
		{ parameter: 'members', message: 'members takes at most 500 names.' },
	])
	expect(await bad({ name: 'X', members: ['Anna'], owner: 'me' })).toMatchObject([400, { parameter: 'owner' }])
	expect(await bad({ name: 'X\u0000', members: ['Anna'] })).toMatchObject([
		400,
		{ parameter: 'name', message: expect.stringMatching(/control character/) },
	])
	expect(await bad({ name: 'X', members: ['Anna'], citadelReset: { weekday: 'someday', time: '18:00' } })).toMatchObject([
		400,
		{ parameter: 'citadelReset' },
	])
	expect(await bad(['not', 'an', 'object'])).toMatchObject([400, { code: 'INVALID_BODY' }])

	expect(error(await call(client, 'POST', '/api/v1/groups', { raw: '{"name":' }))).toMatchObject([400, { code: 'INVALID_BODY' }])
	const form = await call(client, 'POST', '/api/v1/groups', {
		raw: 'name=X',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	})
	expect(error(form)).toMatchObject([415, { code: 'UNSUPPORTED_MEDIA_TYPE' }])
	const huge = await call(client, 'POST', '/api/v1/groups', { raw: JSON.stringify({ name: 'X', members: ['A'.repeat(40_000)] }) })
	expect(error(huge)).toMatchObject([413, { code: 'BODY_TOO_LARGE' }])
	expect(huge.headers.connection).toBe('close')
	// Chunked, no Content-Length: counted as it arrives.
	const chunks = Array.from({ length: 40 }, () => Buffer.from(' '.repeat(1024)))
	const streamed = await rawRequest(server.baseURL, {
		method: 'POST',
		path: '/api/v1/groups',
		headers: { 'x-forwarded-for': client, 'content-type': 'application/json' },
		body: chunks,
	})
	expect(error(streamed)).toMatchObject([413, { code: 'BODY_TOO_LARGE' }])
	const crossSite = await call(client, 'POST', '/api/v1/groups', {
		body: { name: 'X', members: ['Anna'] },
		headers: { origin: 'https://evil.example' },
	})
	expect(error(crossSite)).toMatchObject([403, { code: 'CROSS_SITE_REQUEST' }])
	expect(error(await call(client, 'GET', '/api/v1/groups'))).toMatchObject([405, { code: 'METHOD_NOT_ALLOWED' }])
	expect(error(await call(client, 'GET', '/api/v1/groups/abc'))).toMatchObject([400, { parameter: 'id' }])
	expect(error(await call(client, 'GET', '/api/v1/groups/1/members'))).toMatchObject([404, { code: 'NOT_FOUND' }])
	expect(error(await call(client, 'GET', '/api/v1/groups/999999'))).toMatchObject([404, { code: 'GROUP_NOT_FOUND' }])
})

test('the code edits, syncs and deletes; without it or with a wrong one, nothing changes', async () => {
	const client = '198.51.100.5'
	const { group, verificationCode } = await create(client, { name: 'Clan', clanName: FAKE_CLAN })
	const path = `/api/v1/groups/${group.id}`
	const code = { 'x-verification-code': verificationCode }

	expect(error(await call(client, 'PATCH', path, { body: { name: 'Renamed' } }))).toMatchObject([
		400,
		{ code: 'MISSING_VERIFICATION_CODE', parameter: 'X-Verification-Code' },
	])
	expect(
		error(await call(client, 'PATCH', path, { body: { name: 'Renamed' }, headers: { 'x-verification-code': 'wrong' } })),
	).toMatchObject([403, { code: 'WRONG_VERIFICATION_CODE' }])
	expect(error(await call(client, 'PATCH', path, { body: { nam: 'Renamed' }, headers: code }))).toMatchObject([400, { parameter: 'nam' }])
	const patched = await call(client, 'PATCH', path, {
		body: { name: 'Renamed', citadelReset: { weekday: 'sunday', time: '23:30' } },
		headers: code,
	})
	expect(patched.status).toBe(200)
	expect(parsed<GroupBody>(patched).group).toMatchObject({ name: 'Renamed', citadelReset: { weekday: 'sunday', time: '23:30' } })

	const synced = await call(client, 'POST', `${path}/sync`, { headers: code })
	expect(synced.status, synced.body).toBe(200)
	expect(parsed<{ events: unknown[]; group: { members: Member[] } }>(synced)).toMatchObject({
		events: [],
		group: { members: expect.any(Array) },
	})
	expect(error(await call(client, 'POST', `${path}/sync`, { headers: { 'x-verification-code': 'wrong' } }))).toMatchObject([403, {}])

	const names = await create(client, { name: 'Names', members: ['Anna'] })
	const namesSync = await call(client, 'POST', `/api/v1/groups/${names.group.id}/sync`, {
		headers: { 'x-verification-code': names.verificationCode },
	})
	expect(error(namesSync)).toMatchObject([409, { code: 'NOT_A_CLAN' }])

	expect(error(await call(client, 'DELETE', path, { headers: { 'x-verification-code': 'wrong' } }))).toMatchObject([403, {}])
	expect((await call(client, 'GET', path)).status).toBe(200)
	expect((await call(client, 'DELETE', path, { headers: code })).status).toBe(204)
	expect(error(await call(client, 'GET', path))).toMatchObject([404, { code: 'GROUP_NOT_FOUND' }])
})

test("PATCH adds and removes a group of names' members (valid names, at most 500, the field named); a clan's are refused", async () => {
	const client = '198.51.100.11'
	const names = await create(client, { name: 'Names', members: ['Anna', 'Bob'] })
	const path = `/api/v1/groups/${names.group.id}`
	const code = { 'x-verification-code': names.verificationCode }
	const patch = (body: unknown, headers = code) => call(client, 'PATCH', path, { body, headers })
	const edited = await patch({ addMembers: ['Cy_Two'], removeMembers: ['bob'] })
	expect(edited.status, edited.body).toBe(200)
	expect(parsed<GroupBody>(edited).group.members.map((m) => m.name)).toEqual(['Anna', 'Cy Two'])
	expect(error(await patch({ addMembers: ['Dee', 'Bad!Name'] }))).toMatchObject([
		400,
		{ code: 'INVALID_PARAMETER', parameter: 'addMembers[1]', message: expect.stringMatching(/^addMembers\[1\]: RuneScape names/) },
	])
	expect(error(await patch({ removeMembers: 'Anna' }))).toMatchObject([400, { parameter: 'removeMembers' }])
	expect(error(await patch({ addMembers: Array.from({ length: 499 }, (_, i) => `P${i}`) }))).toMatchObject([
		400,
		{ code: 'INVALID_PARAMETER', parameter: 'addMembers', message: 'The group would have 501 members: it takes at most 500.' },
	])
	expect(error(await patch({ removeMembers: ['Anna', 'Cy Two'] }))).toMatchObject([400, { parameter: 'removeMembers' }])
	expect(error(await patch({ members: ['Anna'] }))).toMatchObject([400, { parameter: 'members' }])
	expect(error(await patch({ addMembers: ['Dee'] }, { 'x-verification-code': 'wrong' }))).toMatchObject([403, {}])
	expect(parsed<GroupBody>(await call(client, 'GET', path)).group.members.map((m) => m.name)).toEqual(['Anna', 'Cy Two'])

	const clan = await create(client, { name: 'Clan', clanName: FAKE_CLAN })
	const refused = await call(client, 'PATCH', `/api/v1/groups/${clan.group.id}`, {
		body: { addMembers: ['Anna'] },
		headers: { 'x-verification-code': clan.verificationCode },
	})
	expect(error(refused)).toMatchObject([
		409,
		{ code: 'CLAN_ROSTER', parameter: 'addMembers', message: expect.stringMatching(/member list/) },
	])
})

test("the caps grid: weeks from the group's reset, N checked", async () => {
	const client = '198.51.100.6'
	const { group, verificationCode } = await create(client, { name: 'Caps', clanName: FAKE_CLAN })
	const path = `/api/v1/groups/${group.id}/caps`
	expect(error(await call(client, 'GET', path))).toMatchObject([409, { code: 'NO_CITADEL_RESET' }])
	await call(client, 'PATCH', `/api/v1/groups/${group.id}`, {
		body: { citadelReset: { weekday: 'friday', time: '12:00' } },
		headers: { 'x-verification-code': verificationCode },
	})
	const grid = await call(client, 'GET', `${path}?weeks=3`)
	expect(grid.status).toBe(200)
	expect(grid.headers['access-control-allow-origin']).toBe('*')
	const body = parsed<{ weeks: Array<{ start: string; inProgress: boolean }>; members: Array<{ name: string; weeks: string[] }> }>(grid)
	expect(body.weeks.map((w) => [new Date(w.start).getUTCDay(), new Date(w.start).toISOString().slice(11, 16), w.inProgress])).toEqual([
		[5, '12:00', false],
		[5, '12:00', false],
		[5, '12:00', true],
	])
	expect(body.members).toHaveLength(13)
	// A member RuneMetrics does not know is never seen: unknown, never "not capped".
	expect(body.members[1]).toMatchObject({ name: 'Deputy Dee', weeks: ['unknown', 'unknown', 'unknown'] })
	expect(parsed<{ weeks: unknown[] }>(await call(client, 'GET', path)).weeks).toHaveLength(8)
	expect(error(await call(client, 'GET', `${path}?weeks=0`))).toMatchObject([400, { parameter: 'weeks' }])
	expect(error(await call(client, 'GET', `${path}?weeks=53`))).toMatchObject([400, { parameter: 'weeks' }])
	expect(error(await call(client, 'GET', `${path}?week=3`))).toMatchObject([400, { parameter: 'week' }])
})

test("the activity feed: members' quests and boss kills once fetched, roster changes from a sync, newest first; limit checked", async () => {
	const client = '198.51.100.17'
	const { group, verificationCode } = await create(client, { name: 'Activity', clanName: FAKE_CLAN })
	const path = `/api/v1/groups/${group.id}/activity`
	type Item = { at: string; kind: string; player: { name: string }; text?: string; amount?: number | null; fromRank?: string | null }
	// Members are due at once: the background work fetches Zezima Jr's profile (his log has a quest and 6 K'ril kills).
	let items: Item[] = []
	await expect(async () => {
		const answer = await call(client, 'GET', path)
		expect(answer.status).toBe(200)
		expect(answer.headers['access-control-allow-origin']).toBe('*')
		items = parsed<{ items: Item[] }>(answer).items
		expect(items.map((item) => item.kind)).toEqual(['boss-kill', 'quest'])
	}).toPass({ timeout: 60_000 })
	expect(items[0]).toMatchObject({ player: { name: 'Zezima Jr' }, text: "I killed 6 K'ril Tsutsaroths.", amount: 6 })
	expect(items[1]).toMatchObject({ player: { name: 'Zezima Jr' }, text: 'Quest complete: Beneath Cursed Tides' })

	fake.dropClanMembers('Sarge')
	try {
		const synced = await call(client, 'POST', `/api/v1/groups/${group.id}/sync`, { headers: { 'x-verification-code': verificationCode } })
		expect(synced.status, synced.body).toBe(200)
	} finally {
		fake.dropClanMembers()
	}
	items = parsed<{ items: Item[] }>(await call(client, 'GET', path)).items
	expect(items[0]).toMatchObject({ kind: 'left', player: { name: 'Sarge' }, fromRank: 'Sergeant' })
	expect(items.map((item) => item.at)).toEqual(
		items
			.map((item) => item.at)
			.toSorted()
			.reverse(),
	)
	expect(parsed<{ items: Item[] }>(await call(client, 'GET', `${path}?limit=1`)).items).toHaveLength(1)

	expect(error(await call(client, 'GET', `${path}?limit=0`))).toMatchObject([400, { code: 'INVALID_PARAMETER', parameter: 'limit' }])
	expect(error(await call(client, 'GET', `${path}?limit=abc`))).toMatchObject([400, { parameter: 'limit' }])
	expect(error(await call(client, 'GET', `${path}?before=x`))).toMatchObject([400, { parameter: 'before' }])
	expect(error(await call(client, 'GET', '/api/v1/groups/999999/activity'))).toMatchObject([404, { code: 'GROUP_NOT_FOUND' }])
	expect(error(await call(client, 'GET', '/api/v1/groups/abc/activity'))).toMatchObject([400, { parameter: 'id' }])
})

test("a group's gains: a period or a range of days, sorted by a skill; bad parameters named, an unknown group 404", async () => {
	const client = '198.51.100.10'
	const { group } = await create(client, { name: 'Gains', clanName: FAKE_CLAN })
	const path = `/api/v1/groups/${group.id}/gains`
	// Zezima Jr looked up once: one snapshot, so both ends are it and nothing is gained yet.
	expect((await call(client, 'GET', '/api/v1/player-data?username=Zezima%20Jr')).status).toBe(200)
	type GainsBody = {
		period: string
		from: string
		to: string
		sort: string
		members: Array<{
			name: string
			start: string | null
			end: string | null
			overall: number | null
			skills: Record<string, number> | null
		}>
	}
	let body: GainsBody | undefined
	await expect(async () => {
		const gains = await call(client, 'GET', `${path}?period=day&sort=Cooking`)
		expect(gains.status, gains.body).toBe(200)
		expect(gains.headers['access-control-allow-origin']).toBe('*')
		body = parsed<GainsBody>(gains)
		expect(body.members[0]).toMatchObject({ name: 'Zezima Jr', overall: 0 })
	}).toPass()
	expect(body).toMatchObject({ period: 'day', sort: 'cooking' })
	expect(body!.members).toHaveLength(13)
	expect(body!.members[0]!.start).toBe(body!.members[0]!.end)
	expect(body!.members[0]!.skills).toMatchObject({ cooking: 0, necromancy: 0 })
	expect(body!.members.slice(1).every((m) => m.overall === null && m.skills === null)).toBe(true)

	const range = parsed<GainsBody>(await call(client, 'GET', `${path}?from=2026-01-01&to=2026-01-31`))
	expect(range).toMatchObject({ period: 'range', from: '2026-01-01T00:00:00.000Z', to: '2026-01-31T23:59:59.999Z', sort: 'overall' })
	expect(parsed<GainsBody>(await call(client, 'GET', path)).period).toBe('week')

	expect(error(await call(client, 'GET', `${path}?period=fortnight`))).toMatchObject([
		400,
		{ code: 'INVALID_PARAMETER', parameter: 'period' },
	])
	expect(error(await call(client, 'GET', `${path}?sort=sailing`))).toMatchObject([400, { parameter: 'sort' }])
	expect(error(await call(client, 'GET', `${path}?from=2026-01-31&to=2026-01-01`))).toMatchObject([400, { parameter: 'from' }])
	expect(error(await call(client, 'GET', `${path}?from=2026-01-01`))).toMatchObject([400, { parameter: 'to' }])
	expect(error(await call(client, 'GET', `${path}?period=day&from=2026-01-01&to=2026-01-02`))).toMatchObject([400, { parameter: 'period' }])
	expect(error(await call(client, 'GET', `${path}?from=1999-12-31&to=2026-01-02`))).toMatchObject([400, { parameter: 'from' }])
	expect(error(await call(client, 'GET', `${path}?days=3`))).toMatchObject([400, { parameter: 'days' }])
	expect(error(await call(client, 'GET', '/api/v1/groups/999999/gains'))).toMatchObject([404, { code: 'GROUP_NOT_FOUND' }])
	expect(error(await call(client, 'GET', '/api/v1/groups/x/gains'))).toMatchObject([400, { parameter: 'id' }])
	expect(error(await call(client, 'POST', path))).toMatchObject([405, { code: 'METHOD_NOT_ALLOWED' }])
})

test('creation is limited per client; wrong codes are limited per client, then even the right one waits', async () => {
	const client = '198.51.100.7'
	const made = []
	for (let i = 0; i < 3; i++) made.push(await create(client, { name: `G${i}`, members: ['Anna'] }))
	const refused = await call(client, 'POST', '/api/v1/groups', { body: { name: 'G4', members: ['Anna'] } })
	expect(error(refused)).toMatchObject([429, { code: 'TOO_MANY_GROUPS' }])
	expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000)
	await create('198.51.100.8', { name: 'Elsewhere', members: ['Anna'] })

	const path = `/api/v1/groups/${made[0]!.group.id}`
	for (let i = 0; i < 10; i++) {
		expect((await call(client, 'DELETE', path, { headers: { 'x-verification-code': `guess-${i}` } })).status).toBe(403)
	}
	const waited = await call(client, 'DELETE', path, { headers: { 'x-verification-code': made[0]!.verificationCode } })
	expect(error(waited)).toMatchObject([429, { code: 'TOO_MANY_ATTEMPTS' }])
	expect(waited.headers['retry-after']).toBeDefined()
	expect((await call('198.51.100.9', 'DELETE', path, { headers: { 'x-verification-code': made[0]!.verificationCode } })).status).toBe(204)
})
