import { createServer, type ServerResponse } from 'node:http'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import type { DiscordEvent } from '../discord.ts'
import { createCompetition, enqueueDiscordEvent, readWebhookState, setWebhook } from './competitions-store.server.ts'
import { deliverDiscordOutbox } from './discord-outbox.server.ts'

// A local Discord: records what was posted, answers what the test says.
type Post = { path: string; body: { content?: string; embeds?: { title: string }[] } }
let posts: Post[] = []
let answer: (res: ServerResponse) => void
const receiver = createServer((req, res) => {
	const chunks: Buffer[] = []
	req.on('data', (chunk: Buffer) => chunks.push(chunk))
	req.on('end', () => {
		posts.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) })
		answer(res)
	})
})
let apiBase = ''
let handle: DatabaseHandle
let clock = new Date('2026-12-01T18:00:00Z')
const tick = (ms: number) => (clock = new Date(clock.getTime() + ms))
const pass = () => deliverDiscordOutbox(handle.db, { apiBase, timeoutMs: 2000, now: () => clock })

beforeAll(async () => {
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
	const address = receiver.address()
	apiBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
	receiver.closeAllConnections()
	await new Promise((resolve) => receiver.close(resolve))
})
beforeEach(async () => {
	await handle.db.execute(sql`truncate discord_outbox, discord_webhooks, competitions restart identity cascade`)
	posts = []
	answer = (res) => res.writeHead(204).end()
	clock = new Date('2026-12-01T18:00:00Z')
})

const group = { name: 'Some Clan', url: 'https://guide.example/groups/1' }
const joined = (player: string): DiscordEvent => ({ kind: 'member-joined', group, player })

async function webhookWith(events: DiscordEvent['kind'][]) {
	const competitionId = await createCompetition(
		handle.db,
		{
			title: 'SOTW',
			startsAt: new Date('2026-12-01T18:00:00Z'),
			endsAt: new Date('2026-12-08T18:00:00Z'),
			groupId: null,
			codeHash: 'h',
			metrics: [{ metric: { kind: 'overall' }, weight: 1 }],
			participants: [],
			teams: null,
		},
		clock,
	)
	const id = await setWebhook(handle.db, { competitionId }, { id: '42', token: 'tok' }, events, clock)
	const add = (eventKey: string, event: DiscordEvent) => enqueueDiscordEvent(handle.db, { webhookId: id, eventKey, event }, clock)
	return { competitionId, add }
}

test('each event once, batched by kind, to {base}/webhooks/{id}/{token}; a minute later the next batch', async () => {
	const { add } = await webhookWith(['member-joined', 'member-left'])
	await add('joined:a', joined('Anna'))
	await add('joined:b', joined('Bob'))
	await add('joined:a', joined('Anna'))
	await add('left:c', { kind: 'member-left', group, player: 'Cy' })
	await pass()
	expect(posts.map((post) => [post.path, post.body.content])).toEqual([
		['/api/webhooks/42/tok', '**Anna** joined (Some Clan).\n**Bob** joined (Some Clan).'],
		['/api/webhooks/42/tok', '**Cy** left (Some Clan).'],
	])
	await add('joined:d', joined('Dee'))
	tick(30_000)
	await pass()
	expect(posts).toHaveLength(2)
	tick(30_000)
	await pass()
	expect(posts.map((post) => post.body.content)).toHaveLength(3)
	expect(posts[2]?.body.content).toBe('**Dee** joined (Some Clan).')
	tick(120_000)
	await pass()
	expect(posts).toHaveLength(3)
})

test("429: nothing is posted before Discord's Retry-After, then the same message goes", async () => {
	const { add } = await webhookWith(['member-joined'])
	await add('joined:a', joined('Anna'))
	answer = (res) => res.writeHead(429, { 'content-type': 'application/json' }).end(JSON.stringify({ retry_after: 3.5, global: false }))
	expect((await pass())[0]?.outcome).toMatchObject({ outcome: 'retry', afterMs: 3500 })
	answer = (res) => res.writeHead(204).end()
	tick(3_000)
	await pass()
	expect(posts).toHaveLength(1)
	tick(500)
	await pass()
	expect(posts.map((post) => post.body.content)).toEqual(['**Anna** joined (Some Clan).', '**Anna** joined (Some Clan).'])
	tick(600_000)
	await pass()
	expect(posts).toHaveLength(2)
})

test('a competition event comes back from the outbox whole: its times as Discord times', async () => {
	const { add } = await webhookWith(['competition-started'])
	const competition = {
		title: 'SOTW',
		url: 'https://guide.example/competitions/1',
		startsAt: '2026-12-01T18:00:00Z',
		endsAt: '2026-12-08T18:00:00Z',
	}
	await add('competition:1:started', { kind: 'competition-started', competition })
	await pass()
	expect(posts.map((post) => post.body.embeds)).toEqual([
		[
			{
				title: 'Started: SOTW',
				url: competition.url,
				description: 'Ends <t:1796752800:f> (<t:1796752800:R>).',
				color: expect.any(Number),
			},
		],
	])
})

test('a dead webhook (404) is switched off, says why, and gets nothing more', async () => {
	const { add, competitionId } = await webhookWith(['member-joined', 'member-left'])
	await add('joined:a', joined('Anna'))
	answer = (res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Unknown Webhook","code":10015}')
	await pass()
	expect(await readWebhookState(handle.db, { competitionId })).toMatchObject({
		disabledAt: clock,
		disabledReason: expect.stringMatching(/^HTTP 404/),
	})
	expect(await add('left:b', { kind: 'member-left', group, player: 'Bob' })).toBe(false)
	tick(600_000)
	await pass()
	expect(posts).toHaveLength(1)
})
