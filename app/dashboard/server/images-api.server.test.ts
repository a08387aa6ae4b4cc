import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { startTestS3 } from '#tests/fixtures/s3.ts'
import { createImagesApi } from './images-api.server.ts'
import { parseRange } from '#app/server/http-range.server.ts'
import { createDiskStorage } from './storage/disk-storage.server.ts'
import { createS3Storage } from './storage/s3-storage.server.ts'
import type { Storage } from './storage/storage.server.ts'

const KEY = 'test-key'
const ORIGIN = 'http://localhost:5173'
const CLIENT = '192.0.2.1'
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function setup(options: { maxUploadBytes?: number; publicOrigin?: string } = {}) {
	const dataDir = await mkdtemp(join(tmpdir(), 'images-api-'))
	cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
	let clock = Date.now()
	const storage = await createDiskStorage({ dataDir, secret: randomBytes(32), now: () => clock })
	const logs: string[] = []
	const api = createImagesApi({ storage, apiKeys: [KEY], publicOrigin: ORIGIN, log: (m) => logs.push(m), ...options })
	return { api, storage, logs, advance: (ms: number) => (clock += ms) }
}

type Api = Awaited<ReturnType<typeof setup>>['api']

const auth = { authorization: `Bearer ${KEY}` }

function createRequest(body: unknown, headers: Record<string, string> = auth) {
	return new Request(`${ORIGIN}/api/v1/images/upload/upload-url`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	})
}

async function createUrl(api: Api, filename: string, contentType: string) {
	const response = await api.handleCreateUploadUrl(createRequest({ filename, contentType }), CLIENT)
	expect(response.status).toBe(200)
	return (await response.json()) as {
		uploadUrl: string
		filename: string
		expiresIn: number
		publicUrl: string
	}
}

function put(url: string, body: BodyInit | null, contentType: string, headers: Record<string, string> = {}) {
	return new Request(url, {
		method: 'PUT',
		headers: { 'content-type': contentType, ...headers },
		body,
		duplex: 'half',
	} as RequestInit)
}

async function upload(api: Api, filename: string, contentType: string, bytes: Uint8Array) {
	const created = await createUrl(api, filename, contentType)
	const response = await api.handleUploadPut(put(created.uploadUrl, bytes as BodyInit, contentType))
	expect(response.status).toBe(200)
	return created
}

const list = (api: Api, query = '', headers: Record<string, string> = auth) =>
	api.handleListImages(new Request(`${ORIGIN}/api/v1/images/view${query}`, { headers }), CLIENT)

const publicFile = (api: Api, key: string, init: RequestInit = {}) =>
	api.handlePublicFile(new Request(`${ORIGIN}/uploads/${key}`, init), key)

// --- upload-url --------------------------------------------------------------------------------

test('upload-url answers a signed absolute upload URL, the stored name and the public URL', async () => {
	const { api } = await setup()
	const created = await createUrl(api, 'Lumbridge Map.png', 'image/png')
	expect(created.filename).toMatch(/^[0-9a-z]{22}-lumbridge-map\.png$/)
	expect(created.uploadUrl).toMatch(
		new RegExp(`^${ORIGIN}/api/v1/images/upload/put/${created.filename}\\?ct=image%2Fpng&exp=\\d+&n=[\\w-]+&sig=[\\w-]+$`),
	)
	expect(created.publicUrl).toBe(`${ORIGIN}/uploads/${created.filename}`)
	expect(created.expiresIn).toBe(900)
})

test('upload-url builds URLs on SITE_URL when configured', async () => {
	const { api } = await setup({ publicOrigin: 'https://guide.example/' })
	const created = await createUrl(api, 'a.png', 'image/png')
	expect(created.uploadUrl.startsWith('https://guide.example/api/v1/images/upload/put/')).toBe(true)
	expect(created.publicUrl).toBe(`https://guide.example/uploads/${created.filename}`)
})

test('upload-url accepts every listed type with a matching extension', async () => {
	const { api } = await setup()
	for (const [filename, type] of [
		['a.png', 'image/png'],
		['a.jpg', 'image/jpeg'],
		['a.JPEG', 'image/jpeg'],
		['a.gif', 'image/gif'],
		['a.webp', 'image/webp'],
		['a.avif', 'image/avif'],
		['a.svg', 'image/svg+xml'],
		['a.pdf', 'application/pdf'],
		['a.doc', 'application/msword'],
		['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
		['a.txt', 'text/plain; charset=utf-8'],
	]) {
		const response = await api.handleCreateUploadUrl(createRequest({ filename, contentType: type }), CLIENT)
		expect(response.status, filename).toBe(200)
	}
})

test('upload-url: 401 without a key or with a wrong one', async () => {
	const { api } = await setup()
	const body = { filename: 'a.png', contentType: 'image/png' }
	const missing = await api.handleCreateUploadUrl(createRequest(body, {}), CLIENT)
	expect(missing.status).toBe(401)
	expect(missing.headers.get('www-authenticate')).toBe('Bearer')
	expect(await missing.json()).toEqual({
		error: { code: 'UNAUTHORIZED', message: 'Missing API key: send the header Authorization: Bearer <API key>.' },
	})
	for (const header of ['Bearer wrong', 'Basic dGVzdA==', `Bearer ${KEY} extra`, KEY]) {
		const wrong = await api.handleCreateUploadUrl(createRequest(body, { authorization: header }), CLIENT)
		expect(wrong.status, header).toBe(401)
	}
	const lowerCase = await api.handleCreateUploadUrl(createRequest(body, { authorization: `bearer ${KEY}` }), CLIENT)
	expect(lowerCase.status).toBe(200)
})

test('allowRequest lets a dashboard session in without a key; a wrong key is still refused', async () => {
	const { storage } = await setup()
	const api = createImagesApi({
		storage,
		apiKeys: [KEY],
		allowRequest: (request) => request.headers.get('cookie') === 'gg_session=valid',
	})
	const body = { filename: 'a.png', contentType: 'image/png' }
	const withSession = await api.handleCreateUploadUrl(createRequest(body, { cookie: 'gg_session=valid' }), CLIENT)
	expect(withSession.status).toBe(200)
	expect((await list(api, '', { cookie: 'gg_session=valid' })).status).toBe(200)
	expect((await list(api, '', { cookie: 'gg_session=forged' })).status).toBe(401)
	const wrongKey = await list(api, '', { cookie: 'gg_session=valid', authorization: 'Bearer x' })
	expect(wrongKey.status).toBe(401)
})

test('without a configured SITE_URL the URLs are paths: the Host header never makes them', async () => {
	const { storage } = await setup()
	const api = createImagesApi({ storage, apiKeys: [KEY] })
	const request = new Request('http://evil.example/api/v1/images/upload/upload-url', {
		method: 'POST',
		headers: { ...auth, host: 'evil.example', 'content-type': 'application/json' },
		body: JSON.stringify({ filename: 'a.png', contentType: 'image/png' }),
	})
	const created = (await (await api.handleCreateUploadUrl(request, CLIENT)).json()) as Record<string, string>
	expect(created.uploadUrl).toMatch(/^\/api\/v1\/images\/upload\/put\/[\w-]+\.png\?/)
	expect(created.publicUrl).toBe(`/uploads/${created.filename}`)
	const listed = (await (await list(api)).json()) as { images: unknown[] }
	expect(JSON.stringify(listed)).not.toContain('evil.example')
})

test('a session cookie counts only on requests from our own pages', async () => {
	const { storage } = await setup()
	const api = createImagesApi({
		storage,
		apiKeys: [KEY],
		publicOrigin: 'https://guide.example',
		allowRequest: (request) => request.headers.get('cookie') === 'gg_session=valid',
	})
	const body = { filename: 'a.png', contentType: 'image/png' }
	const withCookie = (headers: Record<string, string>) =>
		api.handleCreateUploadUrl(createRequest(body, { cookie: 'gg_session=valid', ...headers }), CLIENT)
	const crossSite: Record<string, string>[] = [
		{ origin: 'https://evil.example' },
		{ origin: 'null' },
		{ origin: 'https://guide.example.evil.example' },
		{ 'sec-fetch-site': 'cross-site' },
		{ 'sec-fetch-site': 'same-site' },
		{ origin: 'https://guide.example', 'sec-fetch-site': 'same-site' },
	]
	for (const headers of crossSite) {
		const refused = await withCookie(headers)
		expect(refused.status, JSON.stringify(headers)).toBe(403)
		expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/need the API key/)
	}
	const ours: Record<string, string>[] = [
		{},
		{ origin: 'https://guide.example', 'sec-fetch-site': 'same-origin' },
		{ origin: ORIGIN },
		{ 'sec-fetch-site': 'none' },
	]
	for (const headers of ours) {
		expect((await withCookie(headers)).status, JSON.stringify(headers)).toBe(200)
	}
	// With the key, where the request comes from doesn't matter.
	const keyed = await api.handleCreateUploadUrl(
		createRequest(body, { ...auth, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
		CLIENT,
	)
	expect(keyed.status).toBe(200)
	expect((await list(api, '', { cookie: 'gg_session=valid', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
})

test('ten wrong keys from one client, then 429 for it (even with the right key); others unaffected', async () => {
	const { api } = await setup()
	for (let i = 0; i < 10; i++) expect((await list(api, '', { authorization: `Bearer wrong-${i}` })).status).toBe(401)
	const refused = await list(api, '', { authorization: 'Bearer wrong-x' })
	expect(refused.status).toBe(429)
	expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800)
	expect(await refused.json()).toMatchObject({
		error: { code: 'RATE_LIMITED', message: 'Too many wrong API keys from this address. Try again in 15 minutes.' },
	})
	expect((await list(api)).status).toBe(429)
	const other = await api.handleListImages(new Request(`${ORIGIN}/api/v1/images/view`, { headers: auth }), '192.0.2.99')
	expect(other.status).toBe(200)
	// Right keys are not counted.
	for (let i = 0; i < 20; i++) {
		const ok = await api.handleListImages(new Request(`${ORIGIN}/api/v1/images/view`, { headers: auth }), '192.0.2.50')
		expect(ok.status).toBe(200)
	}
})

test('upload-url: 400 naming the field for each bad input', async () => {
	const { api } = await setup()
	const cases: [unknown, string | undefined, RegExp][] = [
		['{"filename": "a.png",', undefined, /must be JSON/],
		['', undefined, /must be JSON/],
		[[1, 2], undefined, /JSON object/],
		[null, undefined, /JSON object/],
		[{ contentType: 'image/png' }, 'filename', /filename is required/],
		[{ filename: 42, contentType: 'image/png' }, 'filename', /filename is required and must be a string/],
		[{ filename: '   ', contentType: 'image/png' }, 'filename', /filename must not be empty/],
		[{ filename: `${'a'.repeat(300)}.png`, contentType: 'image/png' }, 'filename', /at most 255/],
		[{ filename: 'a.png' }, 'contentType', /contentType is required/],
		[{ filename: 'a.html', contentType: 'text/html' }, 'contentType', /contentType must be one of: image\/png/],
		[
			{ filename: 'a.png', contentType: 'image/jpeg' },
			'filename',
			/\.png, which does not match contentType image\/jpeg \(expected \.jpg or \.jpeg\)/,
		],
		[{ filename: 'a.svg.png', contentType: 'image/svg+xml' }, 'filename', /does not match/],
		[{ filename: 'README', contentType: 'text/plain' }, 'filename', /needs an extension/],
	]
	for (const [body, field, message] of cases) {
		const response = await api.handleCreateUploadUrl(createRequest(body), CLIENT)
		expect(response.status, JSON.stringify(body)).toBe(400)
		const json = (await response.json()) as { error: { code: string; message: string; parameter?: string } }
		expect(json.error.parameter, JSON.stringify(body)).toBe(field)
		expect(json.error.code).toBe('INVALID_BODY')
		expect(json.error.message).toMatch(message)
	}
})

test('upload-url: 413 for an oversized JSON body, 405 for other methods', async () => {
	const { api } = await setup()
	const huge = await api.handleCreateUploadUrl(createRequest({ filename: 'a'.repeat(20_000) }), CLIENT)
	expect(huge.status).toBe(413)
	// A declared length over the limit: refused before the body is touched.
	let pulled = 0
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			pulled++
			controller.enqueue(new Uint8Array(1024))
		},
	})
	const declared = await api.handleCreateUploadUrl(
		new Request(`${ORIGIN}/api/v1/images/upload/upload-url`, {
			method: 'POST',
			headers: { ...auth, 'content-type': 'application/json', 'content-length': String(300 * 1024 * 1024) },
			body,
			duplex: 'half',
		} as RequestInit),
		CLIENT,
	)
	expect(declared.status).toBe(413)
	expect(pulled).toBeLessThanOrEqual(1)
	const get = await api.handleCreateUploadUrl(new Request(`${ORIGIN}/api/v1/images/upload/upload-url`), CLIENT)
	expect(get.status).toBe(405)
	expect(get.headers.get('allow')).toBe('POST')
	expect(await get.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: 'Use POST here.' } })
})

// --- PUT -----------------------------------------------------------------------------------------

test('PUT stores the body; the file is listed and served back identical', async () => {
	const { api } = await setup()
	const bytes = randomBytes(1024 * 1024 + 7)
	const created = await createUrl(api, 'cape.png', 'image/png')
	const response = await api.handleUploadPut(put(created.uploadUrl, bytes, 'image/png'))
	expect(response.status).toBe(200)
	expect(await response.json()).toEqual({ key: created.filename, size: bytes.length })
	const served = await publicFile(api, created.filename)
	const body = Buffer.from(await served.arrayBuffer())
	expect(createHash('sha256').update(body).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'))
})

test('PUT: 403 for a forged, expired or reused URL, or another Content-Type', async () => {
	const { api, advance } = await setup()
	const created = await createUrl(api, 'a.png', 'image/png')
	const bytes = Buffer.from('png bytes')

	const forged = created.uploadUrl.replace(/sig=[\w-]+/, `sig=${'A'.repeat(43)}`)
	const otherKey = created.uploadUrl.replace('-a.png', '-b.png')
	const dropped = created.uploadUrl.split('?')[0]!
	for (const url of [forged, otherKey, dropped]) {
		const response = await api.handleUploadPut(put(url, bytes, 'image/png'))
		expect(response.status, url).toBe(403)
	}
	const wrongType = await api.handleUploadPut(put(created.uploadUrl, bytes, 'image/svg+xml'))
	expect(wrongType.status).toBe(403)
	expect(await wrongType.json()).toEqual({
		error: { code: 'UPLOAD_URL_REFUSED', message: 'Content-Type must be image/png, as requested for this upload URL.' },
	})

	expect((await api.handleUploadPut(put(created.uploadUrl, bytes, 'image/png'))).status).toBe(200)
	const reused = await api.handleUploadPut(put(created.uploadUrl, bytes, 'image/png'))
	expect(reused.status).toBe(403)
	expect(((await reused.json()) as { error: { message: string } }).error.message).toMatch(/already been used/)

	const late = await createUrl(api, 'late.png', 'image/png')
	advance(15 * 60 * 1000)
	const expired = await api.handleUploadPut(put(late.uploadUrl, bytes, 'image/png'))
	expect(expired.status).toBe(403)
	expect(((await expired.json()) as { error: { message: string } }).error.message).toMatch(/expired/)
})

test('PUT: 413 over MAX_UPLOAD_BYTES, by declared length or by counting a streamed body', async () => {
	const { api } = await setup({ maxUploadBytes: 1000 })
	const declared = await createUrl(api, 'a.png', 'image/png')
	const big = await api.handleUploadPut(put(declared.uploadUrl, randomBytes(1001), 'image/png'))
	expect(big.status).toBe(413)

	const streamed = await createUrl(api, 'b.png', 'image/png')
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (let i = 0; i < 3; i++) controller.enqueue(randomBytes(400))
			controller.close()
		},
	})
	const chunked = await api.handleUploadPut(put(streamed.uploadUrl, body, 'image/png'))
	expect(chunked.status).toBe(413)
	expect(await chunked.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than the 1000-byte limit.' } })

	const fits = await createUrl(api, 'c.png', 'image/png')
	expect((await api.handleUploadPut(put(fits.uploadUrl, randomBytes(1000), 'image/png'))).status).toBe(200)
	const page = (await (await list(api)).json()) as { images: { key: string }[] }
	expect(page.images.map((image) => image.key)).toEqual([fits.filename])
})

test('upload-url: a declared size over MAX_UPLOAD_BYTES is a 413 before any upload', async () => {
	const { api } = await setup({ maxUploadBytes: 10 })
	const response = await api.handleCreateUploadUrl(createRequest({ filename: 'a.png', contentType: 'image/png', size: 11 }), CLIENT)
	expect(response.status).toBe(413)
	// The disk driver counts the bytes it receives, so the size is not required there.
	expect((await api.handleCreateUploadUrl(createRequest({ filename: 'a.png', contentType: 'image/png' }), CLIENT)).status).toBe(200)
})

test('PUT: 405 for other methods, 404 outside the upload path', async () => {
	const { api } = await setup()
	const created = await createUrl(api, 'a.png', 'image/png')
	const post = await api.handleUploadPut(new Request(created.uploadUrl, { method: 'POST', body: 'x' }))
	expect(post.status).toBe(405)
	expect(post.headers.get('allow')).toBe('PUT')
	const elsewhere = await api.handleUploadPut(put(`${ORIGIN}/somewhere/else`, 'x', 'image/png'))
	expect(elsewhere.status).toBe(404)
})

// --- list ----------------------------------------------------------------------------------------

test('list: newest first with pagination', async () => {
	const { api } = await setup()
	const keys: string[] = []
	for (let i = 0; i < 5; i++) {
		keys.push((await upload(api, `shot-${i}.png`, 'image/png', randomBytes(10 + i))).filename)
	}
	const first = await list(api, '?limit=2')
	expect(first.status).toBe(200)
	expect(first.headers.get('cache-control')).toBe('no-store')
	const body = (await first.json()) as {
		images: { key: string; publicUrl: string; size: number; lastModified: string }[]
		pagination: unknown
	}
	expect(body.images.map((image) => image.key)).toEqual([keys[4], keys[3]])
	expect(body.images[0]).toEqual({
		key: keys[4],
		publicUrl: `${ORIGIN}/uploads/${keys[4]}`,
		size: 14,
		lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
	})
	expect(body.pagination).toEqual({ total: 5, hasMore: true, limit: 2, offset: 0 })

	const last = (await (await list(api, '?limit=2&offset=4')).json()) as typeof body
	expect(last.images.map((image) => image.key)).toEqual([keys[0]])
	expect(last.pagination).toEqual({ total: 5, hasMore: false, limit: 2, offset: 4 })

	const defaults = (await (await list(api)).json()) as typeof body
	expect(defaults.pagination).toEqual({ total: 5, hasMore: false, limit: 20, offset: 0 })
	expect(defaults.images).toHaveLength(5)
})

test('listImages (the gallery loader) gives the same list as GET view, without a request; a broken storage is an outcome', async () => {
	const { api } = await setup()
	const keys: string[] = []
	for (let i = 0; i < 3; i++) keys.push((await upload(api, `shot-${i}.png`, 'image/png', randomBytes(10 + i))).filename)
	const viaHttp = await (await list(api, '?limit=2&offset=1&q=shot')).json()
	expect(await api.listImages({ limit: 2, offset: 1, filter: 'shot' })).toEqual({ ok: true, list: viaHttp })

	const logs: string[] = []
	const failing = (error: Error): Storage => ({ ...({} as Storage), kind: 's3', list: () => Promise.reject(error) })
	const broken = createImagesApi({ storage: failing(new Error('connect ECONNREFUSED')), apiKeys: [KEY], log: (m) => logs.push(m) })
	expect(await broken.listImages({ limit: 20, offset: 0, filter: '' })).toEqual({
		ok: false,
		status: 500,
		message: 'Could not list the images: the storage is not available. Try again later.',
	})
	expect(logs.join()).toContain('ECONNREFUSED')
})

test('list: 400 for a limit outside 1–100 or a negative or odd offset', async () => {
	const { api } = await setup()
	for (const [query, field] of [
		['?limit=0', 'limit'],
		['?limit=101', 'limit'],
		['?limit=abc', 'limit'],
		['?limit=1.5', 'limit'],
		['?limit=', 'limit'],
		['?offset=-1', 'offset'],
		['?offset=1e3', 'offset'],
		['?limit=10&offset=x', 'offset'],
	]) {
		const response = await list(api, query)
		expect(response.status, query).toBe(400)
		const json = (await response.json()) as { error: { code: string; message: string; parameter: string } }
		expect(json.error.parameter, query).toBe(field)
		expect(json.error.code).toBe('INVALID_PARAMETER')
		expect(json.error.message).toMatch(field === 'limit' ? /from 1 to 100/ : /0 or more/)
	}
	expect((await list(api, '?limit=100&offset=0')).status).toBe(200)
	expect((await list(api, '?limit=1')).status).toBe(200)
})

test('list: 401 without or with a wrong key, 405 for POST', async () => {
	const { api } = await setup()
	expect((await list(api, '', {})).status).toBe(401)
	expect((await list(api, '', { authorization: 'Bearer nope' })).status).toBe(401)
	const post = await api.handleListImages(new Request(`${ORIGIN}/api/v1/images/view`, { method: 'POST', headers: auth }), CLIENT)
	expect(post.status).toBe(405)
	expect(post.headers.get('allow')).toBe('GET, HEAD')
})

test('a storage failure is a 500 with a plain message, logged for the operator', async () => {
	const broken: Storage = {
		kind: 's3',
		createUpload: () => Promise.reject(new Error('connect ECONNREFUSED')),
		list: () => Promise.reject(new Error('connect ECONNREFUSED')),
		open: () => Promise.reject(new Error('connect ECONNREFUSED')),
		delete: () => Promise.reject(new Error('connect ECONNREFUSED')),
	}
	const logs: string[] = []
	const api = createImagesApi({ storage: broken, apiKeys: [KEY], log: (m) => logs.push(m) })
	const response = await list(api)
	expect(response.status).toBe(500)
	expect(await response.json()).toEqual({
		error: { code: 'STORAGE_UNAVAILABLE', message: 'Could not list the images: the storage is not available. Try again later.' },
	})
	expect(logs.join()).toContain('ECONNREFUSED')
	expect((await publicFile(api, 'x')).status).toBe(500)
	expect((await api.handleUploadPut(put(`${ORIGIN}/api/v1/images/upload/put/x`, 'x', 'image/png'))).status).toBe(404)
})

// --- public files --------------------------------------------------------------------------------

test('public images: type, nosniff, ETag, immutable caching, sandbox CSP', async () => {
	const { api } = await setup()
	const png = await upload(api, 'map.png', 'image/png', randomBytes(100))
	const response = await publicFile(api, png.filename)
	expect(response.status).toBe(200)
	expect(Object.fromEntries(response.headers)).toMatchObject({
		'content-type': 'image/png',
		'content-length': '100',
		'x-content-type-options': 'nosniff',
		'cache-control': 'public, max-age=31536000, immutable, no-transform',
		'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
		'accept-ranges': 'bytes',
		etag: expect.stringMatching(/^"[0-9a-f]+-[0-9a-f]+"$/),
		'last-modified': expect.stringMatching(/GMT$/),
	})
	expect(response.headers.get('content-disposition')).toBeNull()
})

test('an SVG is served inline but sandboxed, so its scripts cannot run on our origin', async () => {
	const { api } = await setup()
	const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>')
	const created = await upload(api, 'evil.svg', 'image/svg+xml', svg)
	const response = await publicFile(api, created.filename)
	expect(response.headers.get('content-type')).toBe('image/svg+xml')
	expect(response.headers.get('content-security-policy')).toContain('sandbox')
	expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
	expect(response.headers.get('x-content-type-options')).toBe('nosniff')
})

test('documents download as attachments; HTML-looking text stays plain text', async () => {
	const { api } = await setup()
	const text = await upload(api, 'Notes.txt', 'text/plain', Buffer.from('<html><script>x()</script>'))
	const response = await publicFile(api, text.filename)
	expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
	expect(response.headers.get('content-disposition')).toBe('attachment; filename="notes.txt"')
	expect(response.headers.get('content-security-policy')).toContain('sandbox')
	const pdf = await upload(api, 'guide.pdf', 'application/pdf', Buffer.from('%PDF-1.7'))
	const pdfResponse = await publicFile(api, pdf.filename)
	expect(pdfResponse.headers.get('content-type')).toBe('application/pdf')
	expect(pdfResponse.headers.get('content-disposition')).toBe('attachment; filename="guide.pdf"')
})

test('If-None-Match answers 304; HEAD answers headers only', async () => {
	const { api } = await setup()
	const created = await upload(api, 'a.webp', 'image/webp', randomBytes(50))
	const first = await publicFile(api, created.filename)
	const etag = first.headers.get('etag')!
	await first.arrayBuffer()
	for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
		const cached = await publicFile(api, created.filename, { headers: { 'if-none-match': header } })
		expect(cached.status, header).toBe(304)
		expect(cached.body).toBeNull()
		expect(cached.headers.get('etag')).toBe(etag)
	}
	const changed = await publicFile(api, created.filename, { headers: { 'if-none-match': '"x"' } })
	expect(changed.status).toBe(200)
	await changed.arrayBuffer()
	const head = await publicFile(api, created.filename, { method: 'HEAD' })
	expect(head.status).toBe(200)
	expect(head.headers.get('content-length')).toBe('50')
	expect(head.body).toBeNull()
})

test('Range requests answer 206 with the slice, 416 when out of bounds', async () => {
	const { api } = await setup()
	const bytes = randomBytes(1000)
	const created = await upload(api, 'a.gif', 'image/gif', bytes)
	const ranged = async (range: string, extra: Record<string, string> = {}) =>
		publicFile(api, created.filename, { headers: { range, ...extra } })

	const middle = await ranged('bytes=100-199')
	expect(middle.status).toBe(206)
	expect(middle.headers.get('content-range')).toBe('bytes 100-199/1000')
	expect(middle.headers.get('content-length')).toBe('100')
	expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true)

	const suffix = await ranged('bytes=-10')
	expect(Buffer.from(await suffix.arrayBuffer()).equals(bytes.subarray(990))).toBe(true)
	const open = await ranged('bytes=995-')
	expect(open.headers.get('content-range')).toBe('bytes 995-999/1000')
	await open.arrayBuffer()

	const outside = await ranged('bytes=1000-1001')
	expect(outside.status).toBe(416)
	expect(outside.headers.get('content-range')).toBe('bytes */1000')

	const multi = await ranged('bytes=0-1,5-6')
	expect(multi.status).toBe(200)
	await multi.arrayBuffer()
	const stale = await ranged('bytes=0-9', { 'if-range': '"old"' })
	expect(stale.status).toBe(200)
	await stale.arrayBuffer()
})

test('public files: 404 for unknown or malformed keys, 405 for writes', async () => {
	const { api } = await setup()
	for (const key of ['0000000000000000000000-none.png', '../secrets/session-secret', 'secrets']) {
		const response = await publicFile(api, key)
		expect(response.status, key).toBe(404)
		expect(response.headers.get('x-content-type-options')).toBe('nosniff')
	}
	const post = await publicFile(api, 'x', { method: 'DELETE' })
	expect(post.status).toBe(405)
})

test('parseRange handles the single-range forms', () => {
	expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 })
	expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 })
	expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 })
	expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable')
	expect(parseRange('bytes=9-3', 10)).toBeNull()
	expect(parseRange('items=0-1', 10)).toBeNull()
	expect(parseRange('bytes=-', 10)).toBeNull()
})

// --- through S3 ------------------------------------------------------------------------------------

test('with the s3 driver the whole flow works against a real S3 server', async () => {
	const s3 = await startTestS3()
	cleanups.push(() => s3.stop())
	const storage = createS3Storage(s3)
	cleanups.push(async () => storage.close?.())
	const api = createImagesApi({ storage, apiKeys: [KEY] })

	const created = await createUrl(api, 'Falador Map.jpg', 'image/jpeg')
	expect(created.uploadUrl.startsWith(`${s3.endpoint}/${s3.bucket}/${created.filename}?`)).toBe(true)
	expect(created.publicUrl).toBe(`/uploads/${created.filename}`)

	const bytes = randomBytes(70_000)
	const wrongType = await fetch(created.uploadUrl, {
		method: 'PUT',
		headers: { 'content-type': 'image/png' },
		body: bytes,
	})
	expect(wrongType.status).toBe(403)
	await wrongType.arrayBuffer()
	const stored = await fetch(created.uploadUrl, {
		method: 'PUT',
		headers: { 'content-type': 'image/jpeg', 'if-none-match': '*' },
		body: bytes,
	})
	expect(stored.status).toBe(200)
	await stored.arrayBuffer()

	const page = (await (await list(api)).json()) as { images: { key: string; size: number }[] }
	expect(page.images).toEqual([expect.objectContaining({ key: created.filename, size: 70_000 })])
	const served = await publicFile(api, created.filename)
	expect(served.headers.get('content-type')).toBe('image/jpeg')
	expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
	const ranged = await publicFile(api, created.filename, { headers: { range: 'bytes=10-19' } })
	expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true)
	expect((await publicFile(api, '0000000000000000000000-gone.png')).status).toBe(404)

	// No PUT route of ours with S3: uploads go straight to the bucket.
	const ours = await api.handleUploadPut(put(`${ORIGIN}/api/v1/images/upload/put/${created.filename}`, 'x', 'image/jpeg'))
	expect(ours.status).toBe(404)
})

test('with S3, MAX_UPLOAD_BYTES holds: the size is asked for, checked and signed into the URL', async () => {
	const s3 = await startTestS3()
	cleanups.push(() => s3.stop())
	const storage = createS3Storage(s3)
	const api = createImagesApi({ storage, apiKeys: [KEY], maxUploadBytes: 1000 })
	const ask = (body: object) => api.handleCreateUploadUrl(createRequest({ filename: 'a.png', contentType: 'image/png', ...body }), CLIENT)

	expect(await (await ask({})).json()).toEqual({
		error: { code: 'INVALID_BODY', message: 'size is required: files are limited to 1000 bytes.', parameter: 'size' },
	})
	expect((await ask({})).status).toBe(400)
	const tooBig = await ask({ size: 1001 })
	expect(tooBig.status).toBe(413)
	expect(await tooBig.json()).toEqual({
		error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than the 1000-byte limit.', parameter: 'size' },
	})
	expect((await ask({ size: -1 })).status).toBe(400)
	expect((await ask({ size: 1.5 })).status).toBe(400)

	const { uploadUrl } = (await (await ask({ size: 1000 })).json()) as { uploadUrl: string }
	const signed = new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')?.split(';')
	expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'if-none-match']))
	const putBytes = (length: number) =>
		fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png', 'if-none-match': '*' }, body: randomBytes(length) })
	// s3rver checks the signature, so a body of another length than the signed one is refused.
	const bigger = await putBytes(5000)
	expect(bigger.status).toBe(403)
	await bigger.arrayBuffer()
	const exact = await putBytes(1000)
	expect(exact.status).toBe(200)
	await exact.arrayBuffer()
})

test('S3_PUBLIC_URL makes public URLs point at the bucket host', async () => {
	const s3 = await startTestS3()
	cleanups.push(() => s3.stop())
	const storage = createS3Storage({ ...s3, publicBaseUrl: 'https://img.guide.example/' })
	cleanups.push(async () => storage.close?.())
	const api = createImagesApi({ storage, apiKeys: [KEY], publicOrigin: 'https://guide.example' })
	const created = await createUrl(api, 'a.png', 'image/png')
	expect(created.publicUrl).toBe(`https://img.guide.example/${created.filename}`)
})

test('an uploaded SVG is never handed out on the bucket URL, only on our sandboxed /uploads/ route', async () => {
	const s3 = await startTestS3()
	cleanups.push(() => s3.stop())
	const storage = createS3Storage({ ...s3, publicBaseUrl: 'https://img.guide.example/' })
	cleanups.push(async () => storage.close?.())
	const api = createImagesApi({ storage, apiKeys: [KEY], publicOrigin: 'https://guide.example' })
	const created = await createUrl(api, 'map.svg', 'image/svg+xml')
	expect(created.publicUrl).toBe(`https://guide.example/uploads/${created.filename}`)
	const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>'
	const stored = await fetch(created.uploadUrl, {
		method: 'PUT',
		headers: { 'content-type': 'image/svg+xml', 'if-none-match': '*' },
		body: svg,
	})
	expect(stored.status).toBe(200)
	await stored.arrayBuffer()
	const page = (await (await list(api)).json()) as { images: { key: string; publicUrl: string }[] }
	expect(page.images.map((image) => image.publicUrl)).toEqual([`https://guide.example/uploads/${created.filename}`])
	const served = await publicFile(api, created.filename)
	expect(served.headers.get('content-security-policy')).toContain('sandbox')
	expect(await served.text()).toBe(svg)
})

test('DELETE removes a file for a key or a dashboard session; 404 when gone, 400 for a bad key, 401 without credentials', async () => {
	const { storage } = await setup()
	const api = createImagesApi({
		storage,
		apiKeys: [KEY],
		publicOrigin: ORIGIN,
		allowRequest: (request) => request.headers.get('cookie') === 'gg_session=valid',
	})
	const one = await upload(api, 'one.png', 'image/png', Buffer.from('x'))
	const two = await upload(api, 'two.png', 'image/png', Buffer.from('y'))
	const del = (key: string, headers: Record<string, string> = auth, method = 'DELETE') =>
		api.handleDeleteImage(new Request(`${ORIGIN}/api/v1/images/files/${key}`, { method, headers }), key, CLIENT)

	const anonymous = await del(one.filename, {})
	expect(anonymous.status).toBe(401)
	expect((await del(one.filename, { authorization: 'Bearer wrong' })).status).toBe(401)
	expect((await storage.list({ limit: 10, offset: 0 })).total).toBe(2)

	const deleted = await del(one.filename)
	expect(deleted.status).toBe(200)
	expect(await deleted.json()).toEqual({ deleted: one.filename })
	expect(await storage.open(one.filename)).toBeNull()
	const again = await del(one.filename)
	expect(again.status).toBe(404)
	expect(await again.json()).toEqual({ error: { code: 'NOT_FOUND', message: `No file is stored as ${one.filename}.` } })
	expect((await del('../secrets/x')).status).toBe(400)
	const wrongMethod = await del(two.filename, auth, 'POST')
	expect(wrongMethod.status).toBe(405)
	expect(wrongMethod.headers.get('allow')).toBe('DELETE')
	expect((await del(two.filename, { cookie: 'gg_session=valid' })).status).toBe(200)
	expect((await storage.list({ limit: 10, offset: 0 })).total).toBe(0)
})

test('list filters by file name with q, and refuses an overlong q', async () => {
	const { api } = await setup()
	for (const name of ['lumbridge-map.png', 'cape.png']) await upload(api, name, 'image/png', Buffer.from('x'))
	const maps = (await (await list(api, '?q=Map')).json()) as { images: { key: string }[]; pagination: { total: number } }
	expect(maps.pagination.total).toBe(1)
	expect(maps.images[0]?.key).toMatch(/-lumbridge-map\.png$/)
	const long = await list(api, `?q=${'a'.repeat(101)}`)
	expect(long.status).toBe(400)
	expect(await long.json()).toEqual({
		error: { code: 'INVALID_PARAMETER', message: 'q must be at most 100 characters.', parameter: 'q' },
	})
})

test('list: a parameter it does not take, or a control character in a file name, is a 400 naming it', async () => {
	const { api } = await setup()
	const unknown = await list(api, '?limit=5&page=2')
	expect(unknown.status).toBe(400)
	expect(await unknown.json()).toEqual({
		error: { code: 'INVALID_PARAMETER', parameter: 'page', message: 'Unknown parameter "page": this endpoint takes limit, offset, q.' },
	})
	const nul = await api.handleCreateUploadUrl(createRequest({ filename: 'a\u0000.png', contentType: 'image/png' }), CLIENT)
	expect(nul.status).toBe(400)
	expect(await nul.json()).toMatchObject({
		error: { code: 'INVALID_BODY', parameter: 'filename', message: expect.stringContaining('control character') },
	})
})
