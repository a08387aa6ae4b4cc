import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import type { DiscordMessage } from '../discord.ts'
import { postDiscordMessage } from './discord-client.server.ts'

type Received = { method: string; url: string; contentType: string; agent: string; body: unknown }
let received: Received[] = []
let answer: (res: ServerResponse) => void = (res) => res.writeHead(204).end()

const server = createServer((req: IncomingMessage, res) => {
	const chunks: Buffer[] = []
	req.on('data', (chunk: Buffer) => chunks.push(chunk))
	req.on('end', () => {
		received.push({
			method: req.method ?? '',
			url: req.url ?? '',
			contentType: req.headers['content-type'] ?? '',
			agent: req.headers['user-agent'] ?? '',
			body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
		})
		answer(res)
	})
})
let apiBase = ''

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const address = server.address()
	apiBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`
})
afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
	received = []
	answer = (res) => res.writeHead(204).end()
})

const webhook = { id: '123456789012345678', token: 'tok_en-123' }
const message: DiscordMessage = {
	content: '**Anna** joined (Some Clan).',
	allowed_mentions: { parse: [] },
}
const post = (attempt = 1, timeoutMs = 2000) => postDiscordMessage({ apiBase, webhook, message, attempt, timeoutMs })

test('posts the message as JSON to {base}/webhooks/{id}/{token}; 204 is sent', async () => {
	expect(await post()).toEqual({ outcome: 'sent' })
	expect(received).toEqual([
		{
			method: 'POST',
			url: '/api/webhooks/123456789012345678/tok_en-123',
			contentType: 'application/json',
			agent: expect.stringMatching(/^DiscordBot \(/),
			body: message,
		},
	])
})

test('429: waits what Discord says, header or body', async () => {
	answer = (res) =>
		res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' }).end(
			JSON.stringify({
				message: 'You are being rate limited.',
				retry_after: 2.75,
				global: false,
			}),
		)
	expect(await post()).toMatchObject({ outcome: 'retry', afterMs: 2750 })
})

test('404 and 401: the webhook is switched off', async () => {
	answer = (res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"message": "Unknown Webhook", "code": 10015}')
	expect(await post()).toMatchObject({ outcome: 'disable' })
	answer = (res) => res.writeHead(401).end()
	expect(await post()).toMatchObject({ outcome: 'disable' })
})

test('5xx backs off by attempt', async () => {
	answer = (res) => res.writeHead(502).end('bad gateway')
	expect(await post(1)).toMatchObject({ outcome: 'retry', afterMs: 5_000 })
	expect(await post(2)).toMatchObject({ outcome: 'retry', afterMs: 10_000 })
})

test('a redirect is not followed', async () => {
	answer = (res) => res.writeHead(307, { location: `${apiBase}/elsewhere` }).end()
	expect(await post()).toMatchObject({
		outcome: 'failed',
		reason: expect.stringMatching(/HTTP 307/),
	})
	expect(received.map((request) => request.url)).toEqual(['/api/webhooks/123456789012345678/tok_en-123'])
})

test('no answer in time is retried later', async () => {
	answer = () => {}
	expect(await post(1, 200)).toEqual({
		outcome: 'retry',
		afterMs: 5_000,
		reason: 'no answer within 0.2s',
	})
})

test('a huge 429 body is not read whole; the header still counts', async () => {
	answer = (res) => res.writeHead(429, { 'retry-after': '7' }).end('x'.repeat(100_000))
	expect(await post()).toMatchObject({ outcome: 'retry', afterMs: 7_000 })
})

test('a closed port is a network error, retried later', async () => {
	const closed = createServer()
	await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
	const address = closed.address()
	await new Promise((resolve) => closed.close(resolve))
	const outcome = await postDiscordMessage({
		apiBase: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`,
		webhook,
		message,
		attempt: 1,
		timeoutMs: 2000,
	})
	expect(outcome).toMatchObject({ outcome: 'retry', reason: expect.stringMatching(/ECONNREFUSED/) })
})
