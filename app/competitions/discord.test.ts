import { describe, expect, test } from 'vitest'
import {
	deliveryOutcome,
	formatDiscordMessage,
	parseWebhookUrl,
	planBatches,
	webhookPostUrl,
	type DiscordEvent,
	type PendingEvent,
} from './discord.ts'

const TOKEN = 'aB3_-x'.repeat(11)

describe('parseWebhookUrl', () => {
	test.each([
		`https://discord.com/api/webhooks/123456789012345678/${TOKEN}`,
		`https://discordapp.com/api/webhooks/123456789012345678/${TOKEN}`,
		`  https://Discord.com/api/webhooks/123456789012345678/${TOKEN}\n`,
	])('accepted: %s', (url) => {
		expect(parseWebhookUrl(url)).toEqual({
			ok: true,
			webhook: { id: '123456789012345678', token: TOKEN },
		})
	})

	test.each([
		['http', `http://discord.com/api/webhooks/1/${TOKEN}`],
		['another host', `https://evil.example/api/webhooks/1/${TOKEN}`],
		['a look-alike host', `https://discord.com.evil.example/api/webhooks/1/${TOKEN}`],
		['a subdomain', `https://canary.discord.com/api/webhooks/1/${TOKEN}`],
		['user info', `https://discord.com@evil.example/api/webhooks/1/${TOKEN}`],
		['a port', `https://discord.com:8443/api/webhooks/1/${TOKEN}`],
		['a query', `https://discord.com/api/webhooks/1/${TOKEN}?wait=true`],
		['a fragment', `https://discord.com/api/webhooks/1/${TOKEN}#x`],
		['a trailing slash', `https://discord.com/api/webhooks/1/${TOKEN}/`],
		['a path after the token', `https://discord.com/api/webhooks/1/${TOKEN}/../../users`],
		['an id that is not a number', `https://discord.com/api/webhooks/abc/${TOKEN}`],
		['no token', 'https://discord.com/api/webhooks/1/'],
		['encoded characters', `https://discord.com/api/webhooks/1/${TOKEN}%2F..`],
		['another API path', `https://discord.com/api/v10/webhooks/1/${TOKEN}`],
		['an internal address', `https://127.0.0.1/api/webhooks/1/${TOKEN}`],
		['not a string', 42],
	])('refused with the same clear message: %s', (_, url) => {
		const parsed = parseWebhookUrl(url)
		expect(parsed.ok).toBe(false)
		expect(!parsed.ok && parsed.message).toMatch(
			/^Only a Discord webhook URL is accepted: https:\/\/discord\.com\/api\/webhooks\/\{id\}\/\{token\}/,
		)
	})

	test('the post goes to the configured base, never to the URL given', () => {
		const parsed = parseWebhookUrl(`https://discordapp.com/api/webhooks/42/${TOKEN}`)
		if (!parsed.ok) throw new Error(parsed.message)
		expect(webhookPostUrl('https://discord.com/api', parsed.webhook)).toBe(`https://discord.com/api/webhooks/42/${TOKEN}`)
		expect(webhookPostUrl('http://127.0.0.1:5555/api', parsed.webhook)).toBe(`http://127.0.0.1:5555/api/webhooks/42/${TOKEN}`)
	})
})

const competition = {
	title: 'Skill of the week: Magic',
	url: 'https://guide.example/competitions/7',
	startsAt: '2026-12-01T18:00:00Z',
	endsAt: '2026-12-08T18:00:00Z',
}
const group = { name: 'Some Clan', url: 'https://guide.example/groups/3' }

describe('formatDiscordMessage', () => {
	test('competition events are embeds with Discord times; nobody is ever pinged', () => {
		const soon = formatDiscordMessage([{ kind: 'competition-starting-soon', competition }])
		expect(soon).toEqual({
			embeds: [
				{
					title: 'Starting in 24 hours: Skill of the week: Magic',
					url: competition.url,
					description: 'Starts <t:1796148000:f> (<t:1796148000:R>), ends <t:1796752800:f>.',
					color: expect.any(Number),
				},
			],
			allowed_mentions: { parse: [] },
		})
		expect(formatDiscordMessage([{ kind: 'competition-started', competition }]).embeds?.[0]?.title).toBe(
			'Started: Skill of the week: Magic',
		)
		expect(formatDiscordMessage([{ kind: 'competition-ending-soon', competition }]).embeds?.[0]?.description).toBe(
			'Ends <t:1796752800:f> (<t:1796752800:R>).',
		)
	})

	test('finished: the top 3 with their scores', () => {
		const message = formatDiscordMessage([
			{
				kind: 'competition-finished',
				competition,
				top: [
					{ name: 'Zezima', score: 1_234_567 },
					{ name: 'le_me', score: 2.25 },
					{ name: 'Anna', score: 3 },
					{ name: 'Fourth', score: 1 },
				],
			},
		])
		expect(message.embeds?.[0]?.description).toBe('1. Zezima: 1,234,567\n2. le\\_me: 2.3\n3. Anna: 3')
	})

	test('member, milestone and log events are one line each in one message', () => {
		const events: DiscordEvent[] = [
			{ kind: 'member-joined', group, player: 'Zezima' },
			{ kind: 'member-joined', group, player: 'Anna' },
		]
		expect(formatDiscordMessage(events)).toEqual({
			content: '**Zezima** joined (Some Clan).\n**Anna** joined (Some Clan).',
			allowed_mentions: { parse: [] },
		})
		const lines = [
			formatDiscordMessage([{ kind: 'member-left', group, player: 'Anna' }]),
			formatDiscordMessage([
				{
					kind: 'milestone',
					group,
					player: 'Anna',
					milestone: { type: 'level', level: 99, skill: 'magic' },
				},
			]),
			formatDiscordMessage([
				{
					kind: 'milestone',
					group,
					player: 'Anna',
					milestone: { type: 'level', level: 120, skill: 'slayer' },
				},
			]),
			formatDiscordMessage([{ kind: 'milestone', group, player: 'Anna', milestone: { type: '200m', skill: 'fishing' } }]),
			formatDiscordMessage([{ kind: 'milestone', group, player: 'Anna', milestone: { type: 'quest-cape' } }]),
			formatDiscordMessage([{ kind: 'log-match', group, player: 'Anna', entry: { type: 'drop', item: 'Seismic wand' } }]),
			formatDiscordMessage([
				{
					kind: 'log-match',
					group,
					player: 'Anna',
					entry: { type: 'kill', boss: 'Vorago', count: 1 },
				},
			]),
			formatDiscordMessage([
				{
					kind: 'log-match',
					group,
					player: 'Anna',
					entry: { type: 'kill', boss: 'Amascuts', count: 12 },
				},
			]),
		].map((message) => message.content)
		expect(lines).toEqual([
			'**Anna** left (Some Clan).',
			'**Anna** reached level 99 Magic (Some Clan).',
			'**Anna** reached level 120 Slayer (Some Clan).',
			'**Anna** reached 200M XP in Fishing (Some Clan).',
			'**Anna** earned the quest cape (Some Clan).',
			'**Anna** found Seismic wand (Some Clan).',
			'**Anna** killed Vorago (Some Clan).',
			'**Anna** killed Amascuts ×12 (Some Clan).',
		])
	})

	test('what strangers typed cannot ping, link or format', () => {
		const message = formatDiscordMessage([
			{
				kind: 'member-joined',
				group: { name: '@everyone [free](https://evil.example) **x**', url: '' },
				player: 'A',
			},
		])
		expect(message.content).toBe('**A** joined (\\@everyone \\[free\\]\\(https://evil.example\\) \\*\\*x\\*\\*).')
		expect(message.allowed_mentions).toEqual({ parse: [] })
	})

	test('content stays within 2,000 characters, saying how many more', () => {
		const longGroup = { name: 'G'.repeat(300), url: '' }
		const events = Array.from({ length: 20 }, (_, i): DiscordEvent => ({
			kind: 'member-joined',
			group: longGroup,
			player: `P${i}`,
		}))
		const content = formatDiscordMessage(events).content!
		expect(content.length).toBeLessThanOrEqual(2000)
		expect(content).toMatch(/\n… and 14 more\.$/)
	})

	test("a long title is cut to Discord's 256 characters", () => {
		const message = formatDiscordMessage([{ kind: 'competition-started', competition: { ...competition, title: 'x'.repeat(300) } }])
		expect(message.embeds?.[0]?.title.length).toBe(256)
	})
})

describe('planBatches', () => {
	const now = new Date('2026-12-01T12:00:00Z')
	const event = (id: string, webhookId: string, kind: PendingEvent['kind'], secondsAgo = 0): PendingEvent => ({
		id,
		webhookId,
		kind,
		createdAt: new Date(now.getTime() - secondsAgo * 1000),
	})

	test('one message per webhook and kind, oldest events first', () => {
		const batches = planBatches({
			pending: [
				event('3', 'w1', 'member-joined', 1),
				event('1', 'w1', 'member-joined', 30),
				event('2', 'w1', 'member-left', 20),
				event('4', 'w2', 'member-joined', 10),
			],
			lastSentAt: new Map(),
			blockedUntil: new Map(),
			now,
		})
		expect(batches).toEqual([
			{ webhookId: 'w1', kind: 'member-joined', eventIds: ['1', '3'] },
			{ webhookId: 'w1', kind: 'member-left', eventIds: ['2'] },
			{ webhookId: 'w2', kind: 'member-joined', eventIds: ['4'] },
		])
	})

	test('a kind sent to a webhook less than a minute ago waits; other kinds and webhooks do not', () => {
		const pending = [event('1', 'w1', 'member-joined'), event('2', 'w1', 'milestone'), event('3', 'w2', 'member-joined')]
		const lastSentAt = new Map([['w1 member-joined', new Date(now.getTime() - 59_999)]])
		expect(planBatches({ pending, lastSentAt, blockedUntil: new Map(), now }).map((b) => b.eventIds)).toEqual([['2'], ['3']])
		const aMinute = new Map([['w1 member-joined', new Date(now.getTime() - 60_000)]])
		expect(planBatches({ pending, lastSentAt: aMinute, blockedUntil: new Map(), now })).toHaveLength(3)
	})

	test('a webhook told to wait is skipped until then', () => {
		const pending = [event('1', 'w1', 'member-joined')]
		const until = (ms: number) => new Map([['w1', new Date(now.getTime() + ms)]])
		expect(planBatches({ pending, lastSentAt: new Map(), blockedUntil: until(1), now })).toEqual([])
		expect(planBatches({ pending, lastSentAt: new Map(), blockedUntil: until(0), now })).toHaveLength(1)
	})

	test('a message carries at most 20 lines or 10 embeds; the rest wait', () => {
		const pending = [
			...Array.from({ length: 25 }, (_, i) => event(`j${i}`, 'w1', 'member-joined', 100 - i)),
			...Array.from({ length: 12 }, (_, i) => event(`c${i}`, 'w1', 'competition-started', 100 - i)),
		]
		const [joined, started] = planBatches({
			pending,
			lastSentAt: new Map(),
			blockedUntil: new Map(),
			now,
		})
		expect(joined?.eventIds).toHaveLength(20)
		expect(joined?.eventIds[0]).toBe('j0')
		expect(started?.eventIds).toHaveLength(10)
	})
})

describe('deliveryOutcome', () => {
	const answer = (status: number, retryAfterHeader: string | null = null, body: unknown = null) => ({
		status,
		retryAfterHeader,
		body,
	})

	test('2xx is sent', () => {
		expect(deliveryOutcome(answer(204), 1)).toEqual({ outcome: 'sent' })
		expect(deliveryOutcome(answer(200), 1)).toEqual({ outcome: 'sent' })
	})

	test('429 waits what Retry-After or retry_after says, the longer', () => {
		expect(deliveryOutcome(answer(429, '3'), 1)).toMatchObject({ outcome: 'retry', afterMs: 3000 })
		expect(deliveryOutcome(answer(429, null, { retry_after: 2.5, global: false }), 1)).toMatchObject({ afterMs: 2500 })
		expect(deliveryOutcome(answer(429, '2', { retry_after: 4.25 }), 1)).toMatchObject({
			afterMs: 4250,
		})
		expect(deliveryOutcome(answer(429, 'soon', 'not json'), 1)).toMatchObject({
			outcome: 'retry',
			afterMs: 1000,
		})
	})

	test('404 and 401 switch the webhook off', () => {
		expect(deliveryOutcome(answer(404), 1)).toMatchObject({ outcome: 'disable' })
		expect(deliveryOutcome(answer(401), 3)).toMatchObject({ outcome: 'disable' })
	})

	test('5xx and network errors back off: 5 s, 10 s, 20 s …, 8 attempts', () => {
		const waits = [1, 2, 3, 4, 5, 6, 7].map((attempt) => {
			const outcome = deliveryOutcome(answer(503), attempt)
			return outcome.outcome === 'retry' ? outcome.afterMs : outcome.outcome
		})
		expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000])
		expect(deliveryOutcome(answer(500), 8)).toMatchObject({ outcome: 'failed' })
		expect(deliveryOutcome({ status: 'network-error', reason: 'ECONNREFUSED' }, 1)).toMatchObject({
			outcome: 'retry',
			afterMs: 5_000,
			reason: 'ECONNREFUSED',
		})
	})

	test('another 4xx is dropped: sending it again gets the same answer', () => {
		expect(deliveryOutcome(answer(400), 1)).toMatchObject({
			outcome: 'failed',
			reason: expect.stringMatching(/HTTP 400/),
		})
		expect(deliveryOutcome(answer(403), 1)).toMatchObject({ outcome: 'failed' })
	})
})
