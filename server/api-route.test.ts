import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync } from 'node:zlib'
import { expect, test } from 'vitest'
import type { PlayerDataCore } from '#app/player/server/handler.server.ts'
import { type TrustFunction } from './client-address.ts'
import { createApiRoute, readJsonBody } from './api-route.ts'

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

test('readJsonBody: JSON only, capped, parsed, control characters named by their path', async () => {
	const server = http.createServer((req, res) => {
		void readJsonBody(req, 100).then((body) => {
			const answer = body.ok ? { status: 200, body: JSON.stringify(body.value) } : body.answer
			res.writeHead(answer.status, { connection: 'close' }).end(answer.body)
		})
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
	const post = (body: string, type = 'application/json; charset=utf-8') =>
		fetch(url, { method: 'POST', headers: { 'content-type': type }, body }).then(async (r) => [r.status, await r.json()])
	expect(await post('{"a":[1,"x"]}')).toEqual([200, { a: [1, 'x'] }])
	expect(await post('{"a":1}', 'text/plain')).toMatchObject([415, { error: { code: 'UNSUPPORTED_MEDIA_TYPE' } }])
	expect(await post(JSON.stringify({ a: 'x'.repeat(200) }))).toMatchObject([413, { error: { code: 'BODY_TOO_LARGE' } }])
	expect(await post('{"a":')).toMatchObject([400, { error: { code: 'INVALID_JSON' } }])
	expect(await post(JSON.stringify({ participants: ['ok', 'b\u0000d'] }))).toMatchObject([
		400,
		{ error: { code: 'INVALID_PARAMETER', parameter: 'participants.1' } },
	])
	// A body sent in chunks without a length is capped as it arrives.
	const chunked = await new Promise<number>((resolve) => {
		const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
			res.resume()
			resolve(res.statusCode ?? 0)
		})
		req.on('error', () => resolve(-1))
		req.write('{"a":"' + 'x'.repeat(80))
		req.write('x'.repeat(80) + '"}')
		req.end()
	})
	expect(chunked).toBe(413)
	server.close()
})
