// One behaviour suite for every storage driver: disk-storage and s3-storage tests both run it.
import { createHash, randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterEach, expect, test } from 'vitest'
import { isValidKey } from './keys.server.ts'
import { type Storage, StorageError, UPLOAD_PUT_PATH } from './storage.server.ts'

export type ContractSetup = (options: { now?: () => number }) => Promise<{
	storage: Storage
	cleanup: () => Promise<void>
}>

/** PUTs a body to an upload URL the way a browser would, returning the HTTP status. */
export async function putToUploadUrl(
	storage: Storage,
	uploadUrl: string,
	body: Uint8Array | ReadableStream<Uint8Array>,
	contentType: string,
): Promise<number> {
	if (uploadUrl.startsWith('/')) {
		// Our own route: call the driver the way the PUT handler does, without HTTP.
		const url = new URL(uploadUrl, 'http://localhost')
		const stream = body instanceof ReadableStream ? body : new Response(body as BodyInit).body
		try {
			await storage.receiveUpload?.({
				url,
				key: decodeURIComponent(url.pathname.slice(UPLOAD_PUT_PATH.length)),
				contentType,
				body: stream,
			})
			return 200
		} catch (error) {
			if (error instanceof StorageError) return error.status
			throw error
		}
	}
	const response = await fetch(uploadUrl, {
		method: 'PUT',
		// As the browser's upload client sends it (S3 upload URLs have it signed in).
		headers: { 'content-type': contentType, 'if-none-match': '*' },
		body: body as BodyInit,
		duplex: 'half',
	} as RequestInit)
	await response.arrayBuffer()
	return response.status
}

/** Starts a PUT that promises 1 MB, sends 64 KB, then drops the connection. */
async function interruptedPut(storage: Storage, uploadUrl: string, contentType: string) {
	const part = randomBytes(64 * 1024)
	if (uploadUrl.startsWith('/')) {
		const body = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.enqueue(part)
				controller.error(new Error('connection reset'))
			},
		})
		return putToUploadUrl(storage, uploadUrl, body, contentType)
	}
	await new Promise<void>((resolve) => {
		const req = httpRequest(uploadUrl, {
			method: 'PUT',
			headers: { 'content-type': contentType, 'content-length': String(1024 * 1024), 'if-none-match': '*' },
		})
		req.on('error', () => resolve())
		req.write(part, () => {
			setTimeout(() => {
				req.destroy()
				resolve()
			}, 50)
		})
	})
	// Give the server a moment to notice the dropped connection.
	await new Promise((resolve) => setTimeout(resolve, 100))
	return 0
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
	return Buffer.from(await new Response(stream).arrayBuffer())
}

function tamperSignature(uploadUrl: string): string {
	const url = new URL(uploadUrl, 'http://localhost')
	for (const name of ['sig', 'X-Amz-Signature']) {
		const value = url.searchParams.get(name)
		if (!value) continue
		// Change the first character: the last one of a base64 MAC carries ignored padding bits, so
		// changing it can leave the decoded bytes (and the signature) the same.
		const first = value[0] === '0' ? '1' : '0'
		url.searchParams.set(name, first + value.slice(1))
	}
	return uploadUrl.startsWith('/') ? url.pathname + url.search : url.href
}

export function describeStorageContract(setup: ContractSetup) {
	const cleanups: (() => Promise<void>)[] = []
	const start = async (options: { now?: () => number } = {}) => {
		const made = await setup(options)
		cleanups.push(made.cleanup)
		return made.storage
	}
	afterEach(async () => {
		for (const cleanup of cleanups.splice(0)) await cleanup()
	})

	const upload = async (storage: Storage, filename: string, bytes: Uint8Array, type: string) => {
		const created = await storage.createUpload({ filename, contentType: type as 'image/png' })
		const status = await putToUploadUrl(storage, created.uploadUrl, bytes, type)
		expect(status).toBe(200)
		return created
	}

	test('createUpload returns an upload URL, a unique readable key and its public URL', async () => {
		const storage = await start()
		const created = await storage.createUpload({
			filename: 'Lumbridge Map.PNG',
			contentType: 'image/png',
		})
		expect(isValidKey(created.key)).toBe(true)
		expect(created.key).toMatch(/-lumbridge-map\.png$/)
		expect(created.expiresIn).toBeGreaterThan(60)
		expect(created.publicUrl.endsWith(`/${created.key}`)).toBe(true)
		expect(created.uploadUrl).toContain(created.key)
	})

	test('an uploaded file is listed and reads back byte for byte', async () => {
		const storage = await start()
		const bytes = randomBytes(300_000)
		const created = await upload(storage, 'cape.png', bytes, 'image/png')

		const page = await storage.list({ limit: 20, offset: 0 })
		expect(page.total).toBe(1)
		expect(page.images[0]).toMatchObject({ key: created.key, size: bytes.length })
		expect(page.images[0]?.publicUrl).toBe(created.publicUrl)
		expect(page.images[0]?.lastModified).toBeInstanceOf(Date)

		const file = await storage.open(created.key)
		expect(file?.size).toBe(bytes.length)
		expect(file?.etag).toMatch(/^"[^"]+"$/)
		const read = await readAll(await file!.stream())
		expect(createHash('sha256').update(read).digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'))
	})

	test('two uploads with the same name never overwrite each other', async () => {
		const storage = await start()
		const first = await upload(storage, 'map.png', Buffer.from('first'), 'image/png')
		const second = await upload(storage, 'map.png', Buffer.from('second!'), 'image/png')
		expect(first.key).not.toBe(second.key)
		const a = await readAll(await (await storage.open(first.key))!.stream())
		const b = await readAll(await (await storage.open(second.key))!.stream())
		expect(a.toString()).toBe('first')
		expect(b.toString()).toBe('second!')
		expect((await storage.list({ limit: 20, offset: 0 })).total).toBe(2)
	})

	test('list is newest first and pages with limit and offset', async () => {
		const storage = await start()
		const keys: string[] = []
		for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']) {
			keys.push((await upload(storage, name, Buffer.from(name), 'text/plain')).key)
		}
		const newestFirst = [...keys].reverse()
		const all = await storage.list({ limit: 100, offset: 0 })
		expect(all.images.map((image) => image.key)).toEqual(newestFirst)
		const page = await storage.list({ limit: 2, offset: 1 })
		expect(page.total).toBe(5)
		expect(page.images.map((image) => image.key)).toEqual(newestFirst.slice(1, 3))
		const past = await storage.list({ limit: 2, offset: 10 })
		expect(past).toEqual({ images: [], total: 5 })
	})

	test('open returns null for unknown and malformed keys', async () => {
		const storage = await start()
		expect(await storage.open('0000000000000000000000-missing.png')).toBeNull()
		expect(await storage.open('../secrets/session-secret')).toBeNull()
		expect(await storage.open('')).toBeNull()
	})

	test('list keeps the files whose name holds the filter, counted as a whole', async () => {
		const storage = await start()
		const map = await upload(storage, 'Lumbridge Map.png', Buffer.from('a'), 'image/png')
		await upload(storage, 'cape.png', Buffer.from('b'), 'image/png')
		const mapNotes = await upload(storage, 'map_notes.txt', Buffer.from('c'), 'text/plain')
		const maps = await storage.list({ limit: 20, offset: 0, filter: 'MAP' })
		expect(maps.total).toBe(2)
		expect(maps.images.map((image) => image.key)).toEqual([mapNotes.key, map.key])
		expect((await storage.list({ limit: 20, offset: 0, filter: 'lumbridge map' })).images.map((i) => i.key)).toEqual([map.key])
		expect(await storage.list({ limit: 1, offset: 1, filter: 'map' })).toMatchObject({ total: 2, images: [{ key: map.key }] })
		expect((await storage.list({ limit: 20, offset: 0, filter: 'nothing-like-it' })).total).toBe(0)
		// The time and random part of a key is not part of the name.
		expect((await storage.list({ limit: 20, offset: 0, filter: map.key.slice(0, 8) })).total).toBe(0)
	})

	test('delete removes a file and says whether there was one', async () => {
		const storage = await start()
		const kept = await upload(storage, 'kept.png', Buffer.from('kept'), 'image/png')
		const gone = await upload(storage, 'gone.png', Buffer.from('gone'), 'image/png')
		expect(await storage.delete(gone.key)).toBe(true)
		expect(await storage.open(gone.key)).toBeNull()
		expect((await storage.list({ limit: 20, offset: 0 })).images.map((image) => image.key)).toEqual([kept.key])
		expect(await storage.delete(gone.key)).toBe(false)
		expect(await storage.delete('0000000000000000000000-missing.png')).toBe(false)
		expect(await storage.delete('../secrets/session-secret')).toBe(false)
		expect(await storage.open(kept.key)).not.toBeNull()
	})

	test('a byte range reads back just those bytes', async () => {
		const storage = await start()
		const bytes = randomBytes(200_000)
		const created = await upload(storage, 'range.pdf', bytes, 'application/pdf')
		const file = await storage.open(created.key)
		const slice = await readAll(await file!.stream({ start: 1000, end: 150_999 }))
		expect(slice.equals(bytes.subarray(1000, 151_000))).toBe(true)
	})

	test('a PUT with another Content-Type is refused with 403 and stores nothing', async () => {
		const storage = await start()
		const created = await storage.createUpload({ filename: 'x.png', contentType: 'image/png' })
		const status = await putToUploadUrl(storage, created.uploadUrl, Buffer.from('<svg/>'), 'image/svg+xml')
		expect(status).toBe(403)
		expect((await storage.list({ limit: 20, offset: 0 })).total).toBe(0)
	})

	test('a forged signature is refused with 403', async () => {
		const storage = await start()
		const created = await storage.createUpload({ filename: 'x.png', contentType: 'image/png' })
		const forged = tamperSignature(created.uploadUrl)
		expect(forged).not.toBe(created.uploadUrl)
		expect(await putToUploadUrl(storage, forged, Buffer.from('x'), 'image/png')).toBe(403)
		expect((await storage.list({ limit: 20, offset: 0 })).total).toBe(0)
	})

	test('an expired upload URL is refused with 403', async () => {
		// Signed two hours ago, used now.
		let clock = Date.now() - 2 * 60 * 60 * 1000
		const storage = await start({ now: () => clock })
		const created = await storage.createUpload({ filename: 'x.png', contentType: 'image/png' })
		clock = Date.now()
		expect(await putToUploadUrl(storage, created.uploadUrl, Buffer.from('x'), 'image/png')).toBe(403)
		expect((await storage.list({ limit: 20, offset: 0 })).total).toBe(0)
	})

	test('an interrupted upload leaves nothing in the list', async () => {
		const storage = await start()
		const created = await storage.createUpload({ filename: 'big.png', contentType: 'image/png' })
		await interruptedPut(storage, created.uploadUrl, 'image/png')
		expect((await storage.list({ limit: 20, offset: 0 })).total).toBe(0)
		expect(await storage.open(created.key)).toBeNull()
	})
}
