import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync } from 'node:zlib'
import { expect, test } from 'vitest'
import type { PlayerDataCore } from '#app/player/server/handler.server.ts'
import { type TrustFunction } from './client-address.ts'
import { createApiRoute } from './api-route.ts'

const oneProxy: TrustFunction = (_address, index) => index < 1

async function serve(core: PlayerDataCore, trust: TrustFunction = () => false) {
	const route = createApiRoute((request) => core(request.method, request.query, request.clientId), trust)
	const server = http.createServer((req, res) => void route(req, res))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	return { url: `http://127.0.0.1:${port}/api/v1/player-data`, close: () => server.close() }
}

const big = JSON.stringify({ quests: Array.from({ length: 200 }, (_, i) => ({ title: `Quest ${i}`, status: 'COMPLETED' })) })

test('passes method, query and client to the core and writes its answer with the security headers', async () => {
	const seen: unknown[] = []
	const core: PlayerDataCore = async (method, params, clientId) => {
		seen.push([method, params.get('username'), params.get('quests'), clientId])
		return { status: 404, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: '{"error":{}}' }
	}
	const server = await serve(core)
	const response = await fetch(`${server.url}?username=No%20Profile&quests=true`, { headers: { 'x-forwarded-for': '9.9.9.9' } })
	expect(response.status).toBe(404)
	expect(response.headers.get('x-content-type-options')).toBe('nosniff')
	expect(response.headers.get('cache-control')).toBe('no-store')
	expect(await response.text()).toBe('{"error":{}}')
	// Without TRUST_PROXY a forwarded address is ignored.
	expect(seen).toEqual([['GET', 'No Profile', 'true', '127.0.0.1']])
	server.close()
})

test('behind one trusted proxy the right-most X-Forwarded-For hop is the client', async () => {
	let client = ''
	const server = await serve(async (_m, _p, clientId) => {
		client = clientId
		return { status: 200, headers: {}, body: '{}' }
	}, oneProxy)
	// The proxy appended 9.9.9.9; whatever the client wrote to its left counts for nothing.
	await fetch(server.url, { headers: { 'x-forwarded-for': '10.0.0.1, 9.9.9.9' } })
	expect(client).toBe('9.9.9.9')
	server.close()
})

test('large answers are compressed for browsers that accept it; HEAD has no body', async () => {
	const server = await serve(async () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: big }))
	const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve) => {
		http.get(server.url, { headers: { 'accept-encoding': 'br' } }, (res) => {
			const chunks: Buffer[] = []
			res.on('data', (c) => chunks.push(c))
			res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
		})
	})
	expect(raw.encoding).toBe('br')
	expect(brotliDecompressSync(raw.body).toString()).toBe(big)
	const head = await fetch(server.url, { method: 'HEAD' })
	expect(await head.text()).toBe('')
	server.close()
})

test('readBody gives the body as sent, or null past the cap (declared or streamed) and the connection closes after the answer', async () => {
	const route = createApiRoute(
		async (request) => {
			const text = await request.readBody!(10)
			return {
				status: text === null ? 413 : 200,
				headers: { 'content-type': 'text/plain' },
				body: text === null ? 'too large' : `got ${text}`,
			}
		},
		() => false,
	)
	const server = http.createServer((req, res) => void route(req, res))
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/things`
	try {
		const ok = await fetch(url, { method: 'POST', body: 'é{"a":1}' })
		expect([ok.status, await ok.text(), ok.headers.get('connection')]).toEqual([200, 'got é{"a":1}', 'keep-alive'])
		const declared = await fetch(url, { method: 'POST', body: 'x'.repeat(11) })
		expect([declared.status, declared.headers.get('connection')]).toEqual([413, 'close'])
		const chunks = new ReadableStream({
			start(controller) {
				for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('abcd'))
				controller.close()
			},
		})
		const streamed = await fetch(url, { method: 'POST', body: chunks, duplex: 'half' } as RequestInit)
		expect([streamed.status, await streamed.text(), streamed.headers.get('connection')]).toEqual([413, 'too large', 'close'])
	} finally {
		server.close()
	}
})
