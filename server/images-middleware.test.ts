import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { createImagesApi } from '#app/dashboard/server/images-api.server.ts'
import { createDiskStorage } from '#app/dashboard/server/storage/disk-storage.server.ts'
import { createImagesMiddleware, requestBody, sendWebResponse } from './images-middleware.ts'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function listen(server: Server): Promise<string> {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	cleanups.push(() => new Promise((resolve) => server.close(resolve)))
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

test('the middleware serves the image API over real HTTP and passes other paths on', async () => {
	const dataDir = await mkdtemp(join(tmpdir(), 'images-middleware-'))
	cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
	const storage = await createDiskStorage({ dataDir, secret: randomBytes(32) })
	const middleware = createImagesMiddleware(createImagesApi({ storage, apiKeys: ['k'] }), () => false)
	const base = await listen(
		createServer((req, res) =>
			middleware(req, res, () => {
				res.statusCode = 418
				res.end('next')
			}),
		),
	)

	const created = await fetch(`${base}/api/v1/images/upload/upload-url`, {
		method: 'POST',
		headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
		body: JSON.stringify({ filename: 'map.png', contentType: 'image/png' }),
	})
	const { uploadUrl, publicUrl } = (await created.json()) as {
		uploadUrl: string
		publicUrl: string
	}
	// Without a configured site origin the URLs are paths on the site.
	expect(uploadUrl.startsWith('/api/v1/images/upload/put/')).toBe(true)

	const bytes = randomBytes(3 * 1024 * 1024)
	const put = await fetch(base + uploadUrl, {
		method: 'PUT',
		headers: { 'content-type': 'image/png' },
		body: bytes,
	})
	expect(put.status).toBe(200)
	await put.arrayBuffer()

	const listed = await fetch(`${base}/api/v1/images/view?limit=5`, {
		headers: { authorization: 'Bearer k' },
	})
	expect(((await listed.json()) as { pagination: { total: number } }).pagination.total).toBe(1)

	const file = await fetch(base + publicUrl)
	expect(file.headers.get('content-type')).toBe('image/png')
	expect(file.headers.get('content-length')).toBe(String(bytes.length))
	expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true)

	const other = await fetch(`${base}/guides/`)
	expect(other.status).toBe(418)
	expect(await other.text()).toBe('next')
})

test('wrong API keys are counted per client address, as TRUST_PROXY says', async () => {
	const dataDir = await mkdtemp(join(tmpdir(), 'images-middleware-'))
	cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
	const storage = await createDiskStorage({ dataDir, secret: randomBytes(32) })
	const oneProxy = (_address: string, index: number) => index < 1
	const middleware = createImagesMiddleware(createImagesApi({ storage, apiKeys: ['k'] }), oneProxy)
	const base = await listen(createServer((req, res) => middleware(req, res, () => res.end())))
	const view = (client: string, key: string) =>
		fetch(`${base}/api/v1/images/view`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': `spoofed, ${client}` } })
	for (let i = 0; i < 10; i++) expect((await view('203.0.113.7', `wrong-${i}`)).status).toBe(401)
	expect((await view('203.0.113.7', 'wrong-x')).status).toBe(429)
	expect((await view('203.0.113.8', 'k')).status).toBe(200)
})

test('sendWebResponse copies status, headers and every Set-Cookie', async () => {
	const base = await listen(
		createServer((_req, res) => {
			const headers = new Headers({ 'content-type': 'text/plain', 'x-a': '1' })
			headers.append('set-cookie', 'a=1')
			headers.append('set-cookie', 'b=2')
			void sendWebResponse(res, new Response('hello', { status: 201, headers }))
		}),
	)
	const response = await fetch(base)
	expect(response.status).toBe(201)
	expect(response.headers.get('x-a')).toBe('1')
	expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
	expect(await response.text()).toBe('hello')
})

test('a body the handler stops reading early is drained, so the client gets the answer, not a reset', async () => {
	const server = createServer(async (req, res) => {
		const reader = requestBody(req).getReader()
		await reader.read()
		await reader.cancel()
		res.writeHead(413, { 'content-type': 'application/json' }).end('{"error":"too large"}')
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as AddressInfo
	const status = await new Promise<number>((resolve, reject) => {
		const req = request({ host: '127.0.0.1', port, method: 'PUT', path: '/', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
			res.resume()
			resolve(res.statusCode ?? 0)
		})
		req.on('error', reject)
		const chunk = Buffer.alloc(256 * 1024, 1)
		let sent = 0
		const write = () => {
			while (sent < 20 && req.write(chunk)) sent += 1
			if (sent < 20)
				req.once('drain', () => {
					sent += 1
					write()
				})
			else req.end()
		}
		write()
	})
	expect(status).toBe(413)
	server.close()
})
