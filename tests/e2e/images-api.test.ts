import { createHmac, randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { startServerInstance } from './server-instance.ts'

// The image API against the production server with the disk driver (playwright.config.ts starts
// it with API_KEYS=e2e-test-key). Cases that need their own env, an empty store or a known secret
// start a second instance (server-instance.ts).

const KEY = 'e2e-test-key'
const PASSWORD = 'e2e-dashboard-password'
const UPLOAD_URL = '/api/v1/images/upload/upload-url'
const VIEW = '/api/v1/images/view'
const bearer = (key = KEY) => ({ authorization: `Bearer ${key}` })
const unique = (stem: string) => `${stem}-${randomBytes(4).toString('hex')}`

// A real 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

type Created = { uploadUrl: string; filename: string; publicUrl: string; expiresIn: number }

async function createUpload(
	request: APIRequestContext,
	filename: string,
	contentType: string,
	options: { base?: string; key?: string } = {},
): Promise<Created> {
	const response = await request.post(`${options.base ?? ''}${UPLOAD_URL}`, {
		headers: bearer(options.key),
		data: { filename, contentType },
	})
	expect(response.status(), await response.text()).toBe(200)
	return (await response.json()) as Created
}

async function expectError(
	response: Awaited<ReturnType<APIRequestContext['get']>>,
	status: number,
	message: string | RegExp,
	field?: string,
) {
	expect(response.status()).toBe(status)
	expect(response.headers()['content-type']).toContain('application/json')
	const { error } = (await response.json()) as { error: { code: string; message: string; parameter?: string } }
	expect(error.code).toMatch(/^[A-Z_]+$/)
	if (typeof message === 'string') expect(error.message).toBe(message)
	else expect(error.message).toMatch(message)
	expect(error.parameter).toBe(field)
}

/** A PUT with a chunked body (no Content-Length), which Playwright's client can't send. */
function putChunked(url: string, contentType: string, chunks: Buffer[]) {
	return new Promise<{ status: number; body: string }>((resolve, reject) => {
		const req = httpRequest(url, { method: 'PUT', headers: { 'content-type': contentType } })
		req.on('response', (response) => {
			let body = ''
			response.on('data', (chunk: Buffer) => (body += chunk.toString()))
			response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
		})
		// The server may answer 413 and close before every chunk is written.
		req.on('error', (error) => (error.message.includes('EPIPE') ? undefined : reject(error)))
		for (const chunk of chunks) req.write(chunk)
		req.end()
	})
}

test('without an API key the API answers 401 and asks for a Bearer token', async ({ request }) => {
	const missing = 'Missing API key: send the header Authorization: Bearer <API key>.'
	const upload = await request.post(UPLOAD_URL, { data: { filename: 'a.png', contentType: 'image/png' } })
	await expectError(upload, 401, missing)
	expect(upload.headers()['www-authenticate']).toBe('Bearer')
	await expectError(await request.get(VIEW), 401, missing)
})

test('a wrong API key gets 401, whatever the scheme spelling', async ({ request }) => {
	const wrong = 'The API key is not valid.'
	const data = { filename: 'a.png', contentType: 'image/png' }
	await expectError(await request.post(UPLOAD_URL, { headers: bearer('not-the-key'), data }), 401, wrong)
	await expectError(await request.get(VIEW, { headers: bearer('e2e-test-key2') }), 401, wrong)
	await expectError(await request.get(VIEW, { headers: { authorization: 'Basic ZTJlLXRlc3Qta2V5' } }), 401, /Missing API key/)
	expect((await request.get(VIEW, { headers: { authorization: `bearer ${KEY}` } })).status()).toBe(200)
})

test('a dashboard session authorises the API without a key, but never a wrong key', async ({ playwright, baseURL }) => {
	const api = await playwright.request.newContext({ baseURL })
	try {
		expect((await api.get(VIEW)).status()).toBe(401)
		const login = await api.post('/dev/dashboard?index', {
			form: { intent: 'login', password: PASSWORD },
			maxRedirects: 0,
		})
		expect(login.status()).toBe(303)
		expect(login.headers()['location']).toBe('/dev/dashboard')
		const cookie = login.headers()['set-cookie'] ?? ''
		expect(cookie).toMatch(/^gg_session=[\w-]+\.[\w-]+;/)
		expect(cookie).toContain('HttpOnly')
		expect(cookie).toContain('SameSite=Strict')

		const list = await api.get(`${VIEW}?limit=1`)
		expect(list.status()).toBe(200)
		const created = await api.post(UPLOAD_URL, { data: { filename: 'from-session.png', contentType: 'image/png' } })
		expect(created.status()).toBe(200)
		// A Bearer token is checked on its own: the cookie can't rescue a wrong key.
		await expectError(await api.get(VIEW, { headers: bearer('wrong') }), 401, 'The API key is not valid.')

		// Logout clears the cookie and the API locks again.
		const logout = await api.post('/dev/dashboard?index', { form: { intent: 'logout' }, maxRedirects: 0 })
		expect(logout.status()).toBe(303)
		expect(logout.headers()['set-cookie']).toMatch(/^gg_session=;.*Max-Age=0/)
		expect((await api.get(VIEW)).status()).toBe(401)
	} finally {
		await api.dispose()
	}
})

test('upload-url answers 400 naming the field for each bad body', async ({ request }) => {
	// A Buffer is sent as it is (Playwright would JSON-encode a string).
	const post = (body: string) =>
		request.post(UPLOAD_URL, {
			headers: { ...bearer(), 'content-type': 'application/json' },
			data: Buffer.from(body),
		})
	const json = (value: unknown) => post(JSON.stringify(value))

	await expectError(await post('{not json'), 400, /^The body must be JSON/)
	await expectError(await json(['a.png', 'image/png']), 400, /^The body must be a JSON object/)
	await expectError(await json(null), 400, /^The body must be a JSON object/)
	await expectError(await json({ contentType: 'image/png' }), 400, 'filename is required and must be a string.', 'filename')
	await expectError(await json({ filename: 42, contentType: 'image/png' }), 400, 'filename is required and must be a string.', 'filename')
	await expectError(await json({ filename: '   ', contentType: 'image/png' }), 400, 'filename must not be empty.', 'filename')
	await expectError(
		await json({ filename: `${'a'.repeat(252)}.png`, contentType: 'image/png' }),
		400,
		'filename must be at most 255 characters.',
		'filename',
	)
	await expectError(await json({ filename: 'a.png' }), 400, 'contentType is required and must be a string.', 'contentType')
	await expectError(
		await json({ filename: 'a.zip', contentType: 'application/zip' }),
		400,
		/^contentType must be one of: image\/png, image\/jpeg, .*text\/plain\.$/,
		'contentType',
	)
	await expectError(
		await json({ filename: 'photo.jpg', contentType: 'image/png' }),
		400,
		'filename ends in .jpg, which does not match contentType image/png (expected .png).',
		'filename',
	)
	await expectError(
		await json({ filename: 'README', contentType: 'text/plain' }),
		400,
		'filename needs an extension matching contentType text/plain (.txt).',
		'filename',
	)
	// Parameters and case in the media type don't matter.
	expect((await json({ filename: 'a.PNG', contentType: 'Image/PNG; charset=x' })).status()).toBe(200)
})

test('upload-url refuses a JSON body over 16 KB with 413', async ({ request }) => {
	const response = await request.post(UPLOAD_URL, {
		headers: { ...bearer(), 'content-type': 'application/json' },
		data: Buffer.from(JSON.stringify({ filename: 'a.png', contentType: 'image/png', pad: 'x'.repeat(200_000) })),
	})
	await expectError(response, 413, 'The JSON body must be under 16384 bytes.')
})

test('the list answers 400 for a bad limit or offset', async ({ request }) => {
	const get = (query: string) => request.get(`${VIEW}?${query}`, { headers: bearer() })
	const limit = 'limit must be a whole number from 1 to 100.'
	const offset = 'offset must be a whole number of 0 or more.'
	await expectError(await get('limit=0'), 400, limit, 'limit')
	await expectError(await get('limit=101'), 400, limit, 'limit')
	await expectError(await get('limit=abc'), 400, limit, 'limit')
	await expectError(await get('limit=2.5'), 400, limit, 'limit')
	await expectError(await get('offset=-1'), 400, offset, 'offset')
	await expectError(await get('offset=x'), 400, offset, 'offset')
	expect((await get('limit=100&offset=0')).status()).toBe(200)
})

test('a stored upload reads back byte for byte, with ranges and safe headers', async ({ request }) => {
	const name = unique('round-trip')
	const created = await createUpload(request, `${name}.png`, 'image/png')
	expect(created.expiresIn).toBe(900)
	expect(created.filename).toMatch(new RegExp(`^[0-9a-z]{22}-${name}\\.png$`))
	expect(created.publicUrl).toMatch(new RegExp(`/uploads/${created.filename}$`))

	const put = await request.put(created.uploadUrl, { headers: { 'content-type': 'image/png' }, data: PNG })
	expect(put.status()).toBe(200)
	expect(await put.json()).toEqual({ key: created.filename, size: PNG.length })

	const file = await request.get(created.publicUrl)
	expect(file.status()).toBe(200)
	expect(Buffer.from(await file.body()).equals(PNG)).toBe(true)
	expect(file.headers()['content-type']).toBe('image/png')
	expect(file.headers()['content-length']).toBe(String(PNG.length))
	expect(file.headers()['content-security-policy']).toContain('sandbox')
	expect(file.headers()['x-content-type-options']).toBe('nosniff')
	expect(file.headers()['content-disposition']).toBeUndefined()

	const part = await request.get(created.publicUrl, { headers: { range: 'bytes=0-7' } })
	expect(part.status()).toBe(206)
	expect(Buffer.from(await part.body()).equals(PNG.subarray(0, 8))).toBe(true)
	expect(part.headers()['content-range']).toBe(`bytes 0-7/${PNG.length}`)
	const beyond = await request.get(created.publicUrl, { headers: { range: 'bytes=9999-' } })
	expect(beyond.status()).toBe(416)

	const etag = file.headers()['etag']
	expect(etag).toBeTruthy()
	const cached = await request.get(created.publicUrl, { headers: { 'if-none-match': etag! } })
	expect(cached.status()).toBe(304)

	// Documents download instead of rendering.
	const text = await createUpload(request, `${unique('notes')}.txt`, 'text/plain')
	expect((await request.put(text.uploadUrl, { headers: { 'content-type': 'text/plain' }, data: 'hello' })).status()).toBe(200)
	const download = await request.get(text.publicUrl)
	expect(download.headers()['content-type']).toBe('text/plain; charset=utf-8')
	expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="notes-[0-9a-f]{8}\.txt"$/)

	const missing = await request.get('/uploads/0000000000aaaaaaaaaaaa-missing.png')
	expect(missing.status()).toBe(404)
})

test('a forged or tampered upload URL answers 403', async ({ request }) => {
	const created = await createUpload(request, `${unique('forged')}.png`, 'image/png')
	const url = new URL(created.uploadUrl)
	const put = (target: string) => request.put(target, { headers: { 'content-type': 'image/png' }, data: PNG })

	const badSig = new URL(url)
	badSig.searchParams.set('sig', Buffer.alloc(32, 7).toString('base64url'))
	await expectError(await put(badSig.href), 403, 'The upload URL signature is not valid.')

	const otherKey = new URL(url)
	otherKey.pathname = otherKey.pathname.replace(/-forged-/, '-other-')
	await expectError(await put(otherKey.href), 403, 'The upload URL signature is not valid.')

	const laterExpiry = new URL(url)
	laterExpiry.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600))
	await expectError(await put(laterExpiry.href), 403, 'The upload URL signature is not valid.')

	const unsigned = new URL(url)
	unsigned.search = ''
	await expectError(await put(unsigned.href), 403, 'The upload URL is missing its signature.')

	const badKey = new URL(url)
	badKey.pathname = '/api/v1/images/upload/put/..%2F..%2Fsecrets%2Fsession-secret'
	await expectError(await put(badKey.href), 403, 'The upload URL signature is not valid.')

	// None of that spent the real URL.
	expect((await put(url.href)).status()).toBe(200)
})

test('an upload URL works once, and only for the content type it was signed for', async ({ request }) => {
	const created = await createUpload(request, `${unique('once')}.png`, 'image/png')
	const wrongType = await request.put(created.uploadUrl, {
		headers: { 'content-type': 'image/jpeg' },
		data: PNG,
	})
	await expectError(wrongType, 403, 'Content-Type must be image/png, as requested for this upload URL.')
	const noType = await request.put(created.uploadUrl, { data: PNG })
	expect(noType.status()).toBe(403)

	const first = await request.put(created.uploadUrl, { headers: { 'content-type': 'image/png' }, data: PNG })
	expect(first.status()).toBe(200)
	const again = await request.put(created.uploadUrl, { headers: { 'content-type': 'image/png' }, data: PNG })
	await expectError(again, 403, 'The upload URL has already been used. Ask for a new one.')
})

test('an empty PUT is refused and does not spend the URL', async ({ request }) => {
	const created = await createUpload(request, `${unique('empty')}.txt`, 'text/plain')
	const empty = await request.put(created.uploadUrl, {
		headers: { 'content-type': 'text/plain' },
		data: Buffer.alloc(0),
	})
	await expectError(empty, 400, 'The file is empty.')
	const retry = await request.put(created.uploadUrl, { headers: { 'content-type': 'text/plain' }, data: 'x' })
	expect(retry.status()).toBe(200)
})

test('each endpoint answers 405 for other methods, naming the allowed ones', async ({ request }) => {
	const created = await createUpload(request, `${unique('methods')}.png`, 'image/png')
	const cases = [
		{ response: await request.get(UPLOAD_URL, { headers: bearer() }), allow: 'POST' },
		{ response: await request.put(UPLOAD_URL, { headers: bearer() }), allow: 'POST' },
		{ response: await request.post(VIEW, { headers: bearer() }), allow: 'GET, HEAD' },
		{ response: await request.delete(VIEW, { headers: bearer() }), allow: 'GET, HEAD' },
		{ response: await request.get(created.uploadUrl), allow: 'PUT' },
		{ response: await request.post(created.uploadUrl, { data: PNG }), allow: 'PUT' },
		{ response: await request.delete(created.publicUrl), allow: 'GET, HEAD' },
	]
	for (const { response, allow } of cases) {
		await expectError(response, 405, `Use ${allow.replace(', ', ' or ')} here.`)
		expect(response.headers()['allow']).toBe(allow)
	}
	// The URL still works after all that.
	const put = await request.put(created.uploadUrl, { headers: { 'content-type': 'image/png' }, data: PNG })
	expect(put.status()).toBe(200)
})

test('MAX_UPLOAD_BYTES: larger uploads get 413, declared or streamed', async ({ request }) => {
	const server = await startServerInstance({ MAX_UPLOAD_BYTES: '1024' })
	try {
		const options = { base: server.baseURL, key: server.apiKey }
		const declared = await createUpload(request, 'big.txt', 'text/plain', options)
		const tooBig = await request.put(declared.uploadUrl, {
			headers: { 'content-type': 'text/plain' },
			data: Buffer.alloc(1025, 'a'),
		})
		await expectError(tooBig, 413, 'The file is larger than the 1024-byte limit.')

		const streamed = await createUpload(request, 'streamed.txt', 'text/plain', options)
		const chunked = await putChunked(streamed.uploadUrl, 'text/plain', [Buffer.alloc(600, 'a'), Buffer.alloc(600, 'b')])
		expect(chunked.status).toBe(413)

		const fits = await createUpload(request, 'fits.txt', 'text/plain', options)
		const ok = await request.put(fits.uploadUrl, {
			headers: { 'content-type': 'text/plain' },
			data: Buffer.alloc(1024, 'c'),
		})
		expect(ok.status()).toBe(200)

		// Nothing of the refused uploads is kept.
		const list = await request.get(`${server.baseURL}${VIEW}`, { headers: bearer(server.apiKey) })
		const body = (await list.json()) as { images: { key: string; size: number }[] }
		expect(body.images.map((image) => [image.key, image.size])).toEqual([[fits.filename, 1024]])
	} finally {
		await server.stop()
	}
})

function forgeUploadUrl(base: string, secret: string, upload: { key: string; contentType: string; expires: number; nonce: string }) {
	const sig = createHmac('sha256', Buffer.from(secret, 'utf8'))
		.update(['upload-put-v1', upload.key, upload.contentType, upload.expires, upload.nonce].join('\n'))
		.digest('base64url')
	const query = new URLSearchParams({
		ct: upload.contentType,
		exp: String(upload.expires),
		n: upload.nonce,
		sig,
	})
	return `${base}/api/v1/images/upload/put/${upload.key}?${query}`
}

test('an expired upload URL answers 403', async ({ request }) => {
	// The instance's SESSION_SECRET is known, so the test can sign URLs itself: one that ran out an
	// hour ago, and (to prove the signing is right) the same with a future expiry.
	const server = await startServerInstance()
	try {
		const now = Math.floor(Date.now() / 1000)
		const sign = (key: string, expires: number) =>
			forgeUploadUrl(server.baseURL, server.sessionSecret, {
				key,
				contentType: 'image/png',
				expires,
				nonce: randomBytes(16).toString('base64url'),
			})
		const headers = { 'content-type': 'image/png' }
		const expired = await request.put(sign('0000000000aaaaaaaaaaaa-expired.png', now - 3600), {
			headers,
			data: PNG,
		})
		await expectError(expired, 403, 'The upload URL has expired. Ask for a new one.')
		const fresh = await request.put(sign('0000000000aaaaaaaaaaab-fresh.png', now + 600), {
			headers,
			data: PNG,
		})
		expect(fresh.status()).toBe(200)
	} finally {
		await server.stop()
	}
})

test('the list pages newest first with exact totals', async ({ request }) => {
	const server = await startServerInstance()
	try {
		const options = { base: server.baseURL, key: server.apiKey }
		const list = async (query: string) => {
			const response = await request.get(`${server.baseURL}${VIEW}?${query}`, {
				headers: bearer(server.apiKey),
			})
			expect(response.status()).toBe(200)
			expect(response.headers()['cache-control']).toBe('no-store')
			return (await response.json()) as {
				images: { key: string; publicUrl: string; size: number; lastModified: string }[]
				pagination: { total: number; hasMore: boolean; limit: number; offset: number }
			}
		}

		const empty = await list('')
		expect(empty).toEqual({ images: [], pagination: { total: 0, hasMore: false, limit: 20, offset: 0 } })

		const keys: string[] = []
		for (let i = 1; i <= 5; i++) {
			const created = await createUpload(request, `file-${i}.png`, 'image/png', options)
			const put = await request.put(created.uploadUrl, {
				headers: { 'content-type': 'image/png' },
				data: Buffer.concat([PNG, Buffer.alloc(i)]),
			})
			expect(put.status()).toBe(200)
			keys.push(created.filename)
		}
		// A URL that was asked for but never used is not a file.
		await createUpload(request, 'never-sent.png', 'image/png', options)

		const newestFirst = [...keys].reverse()
		const first = await list('limit=2')
		expect(first.images.map((image) => image.key)).toEqual(newestFirst.slice(0, 2))
		expect(first.pagination).toEqual({ total: 5, hasMore: true, limit: 2, offset: 0 })
		expect(first.images[0]).toEqual({
			key: newestFirst[0],
			publicUrl: `${server.baseURL}/uploads/${newestFirst[0]}`,
			size: PNG.length + 5,
			lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
		})

		const middle = await list('limit=2&offset=2')
		expect(middle.images.map((image) => image.key)).toEqual(newestFirst.slice(2, 4))
		expect(middle.pagination.hasMore).toBe(true)

		const last = await list('limit=2&offset=4')
		expect(last.images.map((image) => image.key)).toEqual(newestFirst.slice(4))
		expect(last.pagination).toEqual({ total: 5, hasMore: false, limit: 2, offset: 4 })

		const past = await list('limit=2&offset=50')
		expect(past.images).toEqual([])
		expect(past.pagination).toEqual({ total: 5, hasMore: false, limit: 2, offset: 50 })

		const head = await request.head(`${server.baseURL}${VIEW}`, { headers: bearer(server.apiKey) })
		expect(head.status()).toBe(200)
	} finally {
		await server.stop()
	}
})
