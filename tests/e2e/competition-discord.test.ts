import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { questCapeQuests } from '#app/planner/plan.ts'
import { plannerData } from '#app/planner/server/planner.server.ts'
import { FAKE_PLAYERS } from '../fixtures/fake-upstream.ts'
import type { FakeUpstream } from '../fixtures/fake-upstream.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest } from './raw-http.ts'
import { startClockedInstance, type ServerInstance } from './server-instance.ts'

// Discord notifications and the update rounds against the production build (issue 43): a local
// receiver stands in for Discord (DISCORD_API_BASE_URL), the fake upstream for RuneMetrics, and
// the test clock moves the server to a competition's start.

test.describe.configure({ mode: 'serial', timeout: 180_000 })

const HOUR = 3_600_000
const IDLE_MS = 500
/** Long enough for several more passes of the rounds and the outbox: anything they would still send has arrived. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 6 * IDLE_MS))
const JSON_TYPE = { 'content-type': 'application/json' }
const LIVE = { id: '111', token: 'live-token' }
const DEAD = { id: '222', token: 'dead-token' }
const webhookUrl = (hook: { id: string; token: string }) => `https://discord.com/api/webhooks/${hook.id}/${hook.token}`

type Post = { path: string; at: number; status: number; body: { embeds?: { title: string; description: string }[]; content?: string } }
const posts: Post[] = []
let receiver: Server
let receiverUrl: string
let fake: FakeUpstream
let server: ServerInstance

test.beforeAll(async () => {
	test.setTimeout(180_000)
	let liveAnswers = 0
	receiver = createServer((req, res) => {
		let text = ''
		req.on('data', (chunk: Buffer) => (text += chunk.toString()))
		req.on('end', () => {
			const post: Post = { path: req.url ?? '', at: Date.now(), body: JSON.parse(text), status: 204 }
			posts.push(post)
			if (req.url === `/api/webhooks/${DEAD.id}/${DEAD.token}`) {
				post.status = 404
				res.writeHead(404, { 'content-type': 'application/json' }).end('{"message": "Unknown Webhook", "code": 10015}')
				return
			}
			// The live webhook's first answer asks us to wait two seconds.
			liveAnswers += 1
			if (liveAnswers === 1) {
				post.status = 429
				res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' }).end('{"retry_after": 2, "global": false}')
				return
			}
			res.writeHead(204).end()
		})
	})
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api`
	;({ server, fake } = await startClockedInstance({
		DISCORD_API_BASE_URL: receiverUrl,
		TRACKER_UPSTREAM_RPS: '50',
		DATABASE_URL: '',
		TRUST_PROXY: 'loopback',
		// Both loops pass every half second instead of every 10 s (rounds) and 2 s (outbox).
		TEST_ONLY_COMPETITION_IDLE_MS: String(IDLE_MS),
	}))
})
test.afterAll(async () => {
	await server?.stop()
	await fake?.close()
	await new Promise((resolve) => receiver?.close(resolve))
})

type Answer = Awaited<ReturnType<typeof rawRequest>> & { json: any } // eslint-disable-line @typescript-eslint/no-explicit-any

let client = 0
async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
	const body = options.body === undefined ? undefined : JSON.stringify(options.body)
	const response = await rawRequest(server.baseURL, {
		method,
		path,
		headers: { ...(body === undefined ? {} : JSON_TYPE), 'x-forwarded-for': `198.51.100.${++client}`, ...options.headers },
		body,
	})
	const isJson = String(response.headers['content-type']).startsWith('application/json')
	return { ...response, json: isJson && response.body ? JSON.parse(response.body) : undefined }
}

async function serverNow(): Promise<number> {
	const answer = await rawRequest(server.baseURL, { method: 'POST', path: '/api/test/clock?advanceMs=0' })
	return Date.parse(JSON.parse(answer.body).now)
}

const postsTo = (hook: { id: string; token: string }) => posts.filter((post) => post.path === `/api/webhooks/${hook.id}/${hook.token}`)
const titles = (post: Post) => (post.body.embeds ?? []).map((embed) => embed.title).toSorted()

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
	const deadline = Date.now() + timeoutMs
	for (;;) {
		const value = await check()
		if (value !== undefined) return value
		if (Date.now() > deadline) throw new Error(`${what}: not yet after ${timeoutMs} ms\n${server.output()}`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

let groupId: number
let groupCode: string
let competitionIds: number[] = []

test('the webhook endpoints refuse anything but a Discord webhook, a wrong code, an unknown owner and bad events', async () => {
	const group = await call('POST', '/api/v1/groups', {
		body: { name: 'Discord testers', members: [FAKE_PLAYERS.complete, FAKE_PLAYERS.midgame] },
	})
	expect(group.status, group.body).toBe(201)
	groupId = group.json.group.id
	groupCode = group.json.verificationCode
	const put = (path: string, body: unknown, code = groupCode) => call('PUT', path, { body, headers: { 'x-verification-code': code } })
	const path = `/api/v1/groups/${groupId}/webhook`
	const refusals = [
		[await put(path, { url: 'https://evil.example/api/webhooks/1/t', events: ['member-joined'] }), 400, 'url'],
		[await put(path, { url: `${webhookUrl(LIVE)}?wait=true`, events: ['member-joined'] }), 400, 'url'],
		[await put(path, { url: webhookUrl(LIVE), events: ['everything'] }), 400, 'events.0'],
		[await put(path, { url: webhookUrl(LIVE), events: ['member-joined'] }, 'wrong'), 403, undefined],
		[await put(`/api/v1/groups/99999/webhook`, { url: webhookUrl(LIVE), events: ['member-joined'] }), 404, undefined],
		[await put(`/api/v1/groups/x/webhook`, { url: webhookUrl(LIVE), events: ['member-joined'] }), 400, 'id'],
		[await put(`/api/v1/competitions/99999/webhook`, { url: webhookUrl(LIVE), events: ['competition-started'] }), 404, undefined],
	] as const
	for (const [answer, status, parameter] of refusals) {
		expect(answer.status, answer.body).toBe(status)
		expect(answer.json.error.parameter).toBe(parameter)
	}
	expect((await call('GET', path)).json).toEqual({ webhook: null })
})

test('announcements reach the receiver once each, batched by kind, after the 429 wait; a dead webhook is switched off', async () => {
	const now = await serverNow()
	const competition = (title: string, patch: Record<string, unknown>) =>
		call('POST', '/api/v1/competitions', {
			body: {
				title,
				startsAt: new Date(now + 2 * HOUR).toISOString(),
				endsAt: new Date(now + 5 * HOUR).toISOString(),
				metrics: [{ metric: 'overall' }],
				...patch,
			},
		})
	const first = await competition('Alpha', { groupId })
	const second = await competition('Beta', { groupId })
	const lonely = await competition('Gamma', { participants: [FAKE_PLAYERS.complete] })
	for (const created of [first, second, lonely]) expect(created.status, created.body).toBe(201)
	competitionIds = [first.json.competition.id, second.json.competition.id]
	// The webhook once both competitions exist: the rounds (every half second) find both due in one pass.
	const live = await call('PUT', `/api/v1/groups/${groupId}/webhook`, {
		body: {
			url: webhookUrl(LIVE),
			events: ['competition-starting-soon', 'competition-started', 'competition-ending-soon', 'competition-finished'],
		},
		headers: { 'x-verification-code': groupCode },
	})
	expect(live.status, live.body).toBe(200)
	expect(live.json.webhook).toMatchObject({
		events: ['competition-starting-soon', 'competition-started', 'competition-ending-soon', 'competition-finished'],
		disabledAt: null,
	})
	expect(live.body).not.toContain(LIVE.token)
	const dead = await call('PUT', `/api/v1/competitions/${lonely.json.competition.id}/webhook`, {
		body: { url: webhookUrl(DEAD), events: ['competition-starting-soon'] },
		headers: { 'x-verification-code': lonely.json.code },
	})
	expect(dead.status, dead.body).toBe(200)

	// Both "starting in 24 hours" in one message: refused once with a 429, posted again after its wait.
	const [refused, sent] = await until('two posts to the live webhook', () => (postsTo(LIVE).length >= 2 ? postsTo(LIVE) : undefined))
	expect(titles(refused!)).toEqual(['Starting in 24 hours: Alpha', 'Starting in 24 hours: Beta'])
	expect(sent!.body).toEqual(refused!.body)
	expect(sent!.at - refused!.at).toBeGreaterThanOrEqual(2_000)

	// The dead webhook: one post, then switched off, and the read says so.
	const state = await until('the dead webhook switched off', async () => {
		const read = await call('GET', `/api/v1/competitions/${lonely.json.competition.id}/webhook`)
		return read.json.webhook.disabledAt ? read.json.webhook : undefined
	})
	expect(state.disabledReason).toMatch(/404/)
	expect(postsTo(DEAD)).toHaveLength(1)
})

test('at the start the rounds update every participant and "started" is posted once, for both competitions in one message', async () => {
	await rawRequest(server.baseURL, { method: 'POST', path: `/api/test/clock?advanceMs=${2 * HOUR + 60_000}` })
	const started = await until('the started post', () =>
		postsTo(LIVE).find((post) => titles(post).some((title) => title.startsWith('Started'))),
	)
	expect(titles(started)).toEqual(['Started: Alpha', 'Started: Beta'])
	// The start round fetched both participants: each has a last check after the start.
	const read = await until('the start round', async () => {
		const answer = await call('GET', `/api/v1/competitions/${competitionIds[0]}`)
		const checks = Object.values(answer.json.lastCheckedAt as Record<string, string | null>)
		return checks.length === 2 && checks.every((at) => at !== null && Date.parse(at) >= Date.parse(answer.json.competition.startsAt))
			? answer
			: undefined
	})
	expect(read.json.standings.map((standing: { score: number | null }) => standing.score)).toEqual([0, 0])
	// Nothing more arrives: each event was sent once.
	await settle()
	expect(postsTo(LIVE)).toHaveLength(3)
	expect(postsTo(DEAD)).toHaveLength(1)
})

test('"ending in 1 hour" in the last hour; after the end the final round, the standings freeze and "finished" is posted with the top 3', async () => {
	// From a minute after the start (3 hours long) to half an hour before the end.
	await rawRequest(server.baseURL, { method: 'POST', path: `/api/test/clock?advanceMs=${2 * HOUR + 29 * 60_000}` })
	const ending = await until('the ending post', () =>
		postsTo(LIVE).find((post) => titles(post).some((title) => title.startsWith('Ending'))),
	)
	expect(titles(ending)).toEqual(['Ending in 1 hour: Alpha', 'Ending in 1 hour: Beta'])
	// Zezima Jr gains XP in the last half hour: only the final round (after the end) sees it, and it counts.
	fake.setProgress(FAKE_PLAYERS.complete, { xpGained: { 6: 5_000 } })
	await rawRequest(server.baseURL, { method: 'POST', path: `/api/test/clock?advanceMs=${32 * 60_000}` })
	const finished = await until(
		'the finished post',
		() => postsTo(LIVE).find((post) => titles(post).some((title) => title.startsWith('Finished'))),
		90_000,
	)
	expect(titles(finished)).toEqual(['Finished: Alpha', 'Finished: Beta'])
	const podium = finished.body.embeds![0]!.description
	expect(podium).toBe('1. Zezima Jr: 5,000\n2. Midgame Mia: 0')
	const frozen = await until(
		'the frozen standings',
		async () => {
			const answer = await call('GET', `/api/v1/competitions/${competitionIds[1]}`)
			return answer.json.competition.frozenAt ? answer : undefined
		},
		90_000,
	)
	expect(Date.parse(frozen.json.competition.frozenAt)).toBeGreaterThanOrEqual(Date.parse(frozen.json.competition.endsAt))
	await settle()
	expect(postsTo(LIVE)).toHaveLength(5)
})

test('auto-balance answers teams of recent gains, and refuses bad input with the field', async () => {
	const balanced = await call('POST', '/api/v1/competitions/balance', {
		body: { participants: [FAKE_PLAYERS.complete, FAKE_PLAYERS.midgame, 'Nobody Here'], teams: 2 },
	})
	expect(balanced.status, balanced.body).toBe(200)
	expect(balanced.json.days).toBe(30)
	expect(balanced.json.teams.map((team: { participants: unknown[] }) => team.participants.length).toSorted()).toEqual([1, 2])
	const refused = await call('POST', '/api/v1/competitions/balance', { body: { participants: ['A', 'B'], teams: 3 } })
	expect(refused.status).toBe(400)
	expect(refused.json.error.parameter).toBe('teams')
})

test('DELETE …/webhook with the code removes it (204), then answers 404; a wrong or missing code is refused', async () => {
	const group = await call('POST', '/api/v1/groups', { body: { name: 'Leaving Discord', members: [FAKE_PLAYERS.complete] } })
	expect(group.status, group.body).toBe(201)
	const path = `/api/v1/groups/${group.json.group.id}/webhook`
	const code = { 'x-verification-code': group.json.verificationCode as string }
	const remove = (headers: Record<string, string>) => call('DELETE', path, { headers })
	const none = await remove(code)
	expect([none.status, none.json.error.code]).toEqual([404, 'WEBHOOK_NOT_FOUND'])
	const set = await call('PUT', path, { body: { url: webhookUrl(LIVE), events: ['member-joined'] }, headers: code })
	expect(set.status, set.body).toBe(200)
	expect([(await remove({ 'x-verification-code': 'wrong' })).status, (await remove({})).status]).toEqual([403, 403])
	expect((await call('GET', path)).json.webhook).toMatchObject({ events: ['member-joined'] })
	const removed = await remove(code)
	expect([removed.status, removed.body]).toEqual([204, ''])
	expect((await call('GET', path)).json).toEqual({ webhook: null })
	expect((await remove(code)).status).toBe(404)
	const unknown = await call('DELETE', '/api/v1/competitions/99999/webhook', { headers: code })
	expect([unknown.status, unknown.json.error.code]).toEqual([404, 'COMPETITION_NOT_FOUND'])
	const allowed = await call('PATCH', path, { headers: code })
	expect(allowed.headers.allow).toContain('DELETE')
})

test('the quest cape milestone: posted once for a member whose quests became complete, never for one capped at the first fetch', async () => {
	const CAPE = { id: '333', token: 'cape-token' }
	const capeQuests = questCapeQuests(plannerData).map((quest) => quest.name)
	// Capped before the clan was added; and one quest short until the next fetch ('Phite Club is
	// only started in the fake's quest list).
	fake.setProgress('Zezima Caped', { questsCompleted: capeQuests })
	fake.setProgress('Zezima Cape', { questsCompleted: capeQuests.filter((quest) => quest !== "'Phite Club") })
	const group = await call('POST', '/api/v1/groups', { body: { name: 'Cape hunters', members: ['Zezima Cape', 'Zezima Caped'] } })
	expect(group.status, group.body).toBe(201)
	const code = { 'x-verification-code': group.json.verificationCode as string }
	const set = await call('PUT', `/api/v1/groups/${group.json.group.id}/webhook`, {
		body: { url: webhookUrl(CAPE), events: ['milestone'] },
		headers: code,
	})
	expect(set.status, set.body).toBe(200)
	for (const name of ['Zezima Cape', 'Zezima Caped'])
		expect((await call('GET', `/api/v1/player-data?username=${encodeURIComponent(name)}&quests=true`)).status).toBe(200)
	// Their quests first seen: one left for Zezima Cape, none for Zezima Caped.
	const questsLeft = async (name: string) => {
		const answer = await call('GET', `/api/v1/players/${encodeURIComponent(name)}/milestones`)
		if (answer.status !== 200) return undefined
		const cape = (answer.json.account as { kind: string; questsLeft?: number | null }[]).find((item) => item.kind === 'quest-cape')
		return cape ? (cape.questsLeft ?? undefined) : 0
	}
	await until('the quests first seen', async () =>
		(await questsLeft('Zezima Cape')) === 1 && (await questsLeft('Zezima Caped')) === 0 ? true : undefined,
	)
	// The last quest done; fetched again two minutes later.
	fake.setProgress('Zezima Cape', { questsCompleted: capeQuests })
	await rawRequest(server.baseURL, { method: 'POST', path: `/api/test/clock?advanceMs=${2 * 60_000}` })
	expect((await call('POST', '/api/v1/players/Zezima%20Cape/update')).status).toBe(202)
	// Delivered: a 429 (the receiver's first answer, when this test runs alone) is not a delivery.
	const delivered = () => postsTo(CAPE).filter((post) => post.status === 204)
	const [post] = await until('the quest cape post', () => (delivered().length > 0 ? delivered() : undefined))
	expect(post!.body.content).toContain('**Zezima Cape** earned the quest cape (Cape hunters).')
	// Several more passes of the groups' announcements (every IDLE_MS here, 15 s unset): nothing
	// more, and nothing for the member capped from the start.
	await settle()
	expect(delivered()).toHaveLength(1)
	expect(JSON.stringify(postsTo(CAPE))).not.toContain('Zezima Caped')
})
