import { DrizzleQueryError } from 'drizzle-orm/errors'
import { expect, test, vi } from 'vitest'
import { z } from 'zod'
import { apiError, createApi, endpoint, json, methodNotAllowed, rateLimited, type ApiRequest } from './api.server.ts'
import { describeError, log } from './log.server.ts'

const request = (
	path: string,
	options: Partial<ApiRequest> & { query?: URLSearchParams; headers?: Record<string, string> } = {},
): ApiRequest => ({
	method: 'GET',
	path,
	query: new URLSearchParams(),
	clientId: 'client',
	header: (name) => options.headers?.[name],
	readBody: async () => '',
	...options,
})
const body = (answer: { body: string }) => JSON.parse(answer.body) as { error: Record<string, unknown> }

test('json and the error helpers answer one shape, never cached', () => {
	expect(json(200, { a: 1 })).toEqual({
		status: 200,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
		body: '{"a":1}',
	})
	expect(body(apiError(400, 'INVALID_PARAMETER', 'limit is bad', { parameter: 'limit' }))).toEqual({
		error: { code: 'INVALID_PARAMETER', message: 'limit is bad', parameter: 'limit' },
	})
	const limited = rateLimited(1, 'player lookups')
	expect(limited.headers['retry-after']).toBe('1')
	expect(body(limited).error).toEqual({
		code: 'RATE_LIMITED',
		message: 'Too many player lookups; try again in 1 second.',
		retryAfterSeconds: 1,
	})
	const refused = methodNotAllowed(['GET', 'HEAD'])
	expect([refused.status, refused.headers.allow, body(refused).error.message]).toEqual([405, 'GET, HEAD', 'Use GET or HEAD here.'])
})

const seen: unknown[] = []
const api = createApi(
	[
		endpoint({
			path: '/api/v1/things/:name/count',
			methods: ['GET', 'HEAD'],
			cors: true,
			query: z.object({ limit: z.string().regex(/^\d+$/, { error: 'limit must be a number' }).transform(Number).optional() }),
			limit: {
				hit: async (clientId) => (clientId === 'greedy' ? { allowed: false, retryAfterSeconds: 7, retryAfterMs: 7000 } : { allowed: true }),
				what: 'thing counts',
			},
			failure: { status: 502, code: 'THINGS_FAILED', message: 'No things now.' },
			async handle({ params, query }) {
				seen.push({ params, query })
				if (params.name === 'broken') throw new Error('the things broke')
				if (params.name === 'database')
					throw new DrizzleQueryError('select * from things where name = $1', ['secret typed text'], new Error('connection lost'))
				return json(200, { name: params.name, limit: query.limit ?? null })
			},
		}),
		endpoint({
			path: '/api/v1/things/:name/poke',
			methods: ['POST'],
			query: z.object({}),
			failure: { status: 503, code: 'THINGS_UNAVAILABLE', message: 'No things now.' },
			handle: async () => json(202, { poked: true }),
		}),
		endpoint({
			path: '/api/v1/things',
			methods: ['GET', 'POST'],
			body: { methods: ['POST'], maxBytes: 20 },
			query: z.object({}),
			failure: { status: 503, code: 'THINGS_UNAVAILABLE', message: 'No things now.' },
			handle: async ({ body }) => json(201, { got: body ?? null }),
		}),
	],
	['/api/v1/things/'],
)

test('the table routes by path and method, answers CORS, and owns its prefix', async () => {
	const ok = await api.serve(request('/api/v1/things/Zezima/count', { query: new URLSearchParams('limit=3') }))
	expect([ok.status, JSON.parse(ok.body), ok.headers['access-control-allow-origin']]).toEqual([200, { name: 'Zezima', limit: 3 }, '*'])
	const preflight = await api.serve(request('/api/v1/things/Zezima/count', { method: 'OPTIONS' }))
	expect([preflight.status, preflight.headers['access-control-allow-methods']]).toEqual([204, 'GET, HEAD'])
	const wrongMethod = await api.serve(request('/api/v1/things/Zezima/count', { method: 'DELETE' }))
	expect([wrongMethod.status, wrongMethod.headers.allow]).toEqual([405, 'GET, HEAD'])
	const unknown = await api.serve(request('/api/v1/things/Zezima/counts'))
	expect([unknown.status, body(unknown).error.code]).toEqual([404, 'NOT_FOUND'])
	expect(api.handles('/api/v1/things/x/anything')).toBe(true)
	expect(api.handles('/api/v1/other')).toBe(false)
})

test('a bad or unknown parameter is a 400 naming it, checked before the limit and the handler', async () => {
	seen.length = 0
	const bad = await api.serve(request('/api/v1/things/Zezima/count', { clientId: 'greedy', query: new URLSearchParams('limit=ten') }))
	expect([bad.status, body(bad).error]).toEqual([400, { code: 'INVALID_PARAMETER', message: 'limit must be a number', parameter: 'limit' }])
	const unknown = await api.serve(request('/api/v1/things/Zezima/count', { query: new URLSearchParams('limt=1') }))
	expect(body(unknown).error).toMatchObject({ parameter: 'limt', message: 'Unknown parameter "limt": this endpoint takes limit.' })
	const nul = await api.serve(request('/api/v1/things/Zez%00ima/count'))
	expect([nul.status, body(nul).error.parameter]).toEqual([400, 'name'])
	expect(seen).toEqual([])
	const limited = await api.serve(request('/api/v1/things/Zezima/count', { clientId: 'greedy' }))
	expect([limited.status, limited.headers['retry-after'], body(limited).error.message]).toEqual([
		429,
		'7',
		'Too many thing counts; try again in 7 seconds.',
	])
})

test('a state-changing call from another site is refused; same-origin pages and scripts are not', async () => {
	const poke = (headers: Record<string, string>) =>
		api.serve(request('/api/v1/things/Zezima/poke', { method: 'POST', headers })).then((answer) => answer.status)
	expect(await poke({ 'sec-fetch-site': 'cross-site' })).toBe(403)
	expect(await poke({ 'sec-fetch-site': 'same-site' })).toBe(403)
	expect(await poke({ origin: 'https://evil.example', host: 'guide.example' })).toBe(403)
	expect(await poke({ 'sec-fetch-site': 'same-origin', origin: 'https://guide.example', host: 'guide.example' })).toBe(202)
	expect(await poke({})).toBe(202)
	const refused = await api.serve(request('/api/v1/things/Zezima/poke', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } }))
	expect(body(refused).error.code).toBe('CROSS_SITE_REQUEST')
})

test('an unexpected error is logged once with its stack and answered by the endpoint; a database error is a 503 without its values', async () => {
	const unexpected = vi.spyOn(log, 'unexpected')
	const broken = await api.serve(request('/api/v1/things/broken/count'))
	expect([broken.status, body(broken).error.code]).toEqual([502, 'THINGS_FAILED'])
	expect(unexpected).toHaveBeenCalledOnce()
	expect(describeError(unexpected.mock.calls[0]?.[1])).toMatch(/the things broke\n\s+at /)
	const database = await api.serve(request('/api/v1/things/database/count'))
	expect([database.status, body(database).error.code]).toEqual([503, 'SERVICE_UNAVAILABLE'])
	const logged = describeError(unexpected.mock.calls[1]?.[1])
	expect(logged).toContain('select * from things where name = $1')
	expect(logged).toContain('connection lost')
	expect(logged).not.toContain('secret typed text')
})

test('an endpoint that declares a body gets it parsed, capped, as JSON only; other methods and endpoints read none', async () => {
	const asked: number[] = []
	const send = (text: string | null, contentType = 'application/json', method = 'POST') =>
		api.serve(
			request('/api/v1/things', { method, headers: { 'content-type': contentType }, readBody: async (max) => (asked.push(max), text) }),
		)
	const ok = await send('{"a":[1,2]}')
	expect([ok.status, JSON.parse(ok.body)]).toEqual([201, { got: { a: [1, 2] } }])
	expect(asked).toEqual([20])
	const withCharset = await send('{"a":1}', 'application/json; charset=utf-8')
	expect(withCharset.status).toBe(201)
	const tooLarge = await send(null)
	expect([tooLarge.status, body(tooLarge).error]).toEqual([
		413,
		{ code: 'BODY_TOO_LARGE', message: 'The request body is too large: at most 20 bytes here.' },
	])
	const notJson = await send('{"a":', 'application/json')
	expect([notJson.status, body(notJson).error.code]).toEqual([400, 'INVALID_BODY'])
	const nul = await send(JSON.stringify({ p: ['ok', 'b\u0000d'] }))
	expect([nul.status, body(nul).error.code, body(nul).error.parameter]).toEqual([400, 'INVALID_PARAMETER', 'p.1'])
	const form = await send('a=1', 'application/x-www-form-urlencoded')
	expect([form.status, body(form).error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE'])
	asked.length = 0
	const get = await send('{"a":1}', 'application/json', 'GET')
	expect([get.status, JSON.parse(get.body), asked]).toEqual([201, { got: null }, []])
	expect([
		api.readsBody('/api/v1/things', 'POST'),
		api.readsBody('/api/v1/things', 'GET'),
		api.readsBody('/api/v1/things/x/poke', 'POST'),
	]).toEqual([true, false, false])
})
