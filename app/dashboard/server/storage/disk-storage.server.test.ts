import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { createDiskStorage } from './disk-storage.server.ts'
import { describeStorageContract, putToUploadUrl } from './storage-contract.test-kit.ts'

const secret = randomBytes(32)

async function makeDisk(now?: () => number) {
	const dataDir = await mkdtemp(join(tmpdir(), 'disk-storage-'))
	const storage = await createDiskStorage({ dataDir, secret, now })
	return { storage, dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) }
}

describeStorageContract(({ now }) => makeDisk(now))

test('an upload URL works once only', async () => {
	const { storage, cleanup } = await makeDisk()
	const created = await storage.createUpload({ filename: 'a.png', contentType: 'image/png' })
	expect(await putToUploadUrl(storage, created.uploadUrl, Buffer.from('one'), 'image/png')).toBe(200)
	expect(await putToUploadUrl(storage, created.uploadUrl, Buffer.from('two'), 'image/png')).toBe(403)
	await cleanup()
})

test('a URL survives a failed attempt and can be retried until it expires', async () => {
	const { storage, cleanup } = await makeDisk()
	const created = await storage.createUpload({ filename: 'a.png', contentType: 'image/png' })
	const broken = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(new Uint8Array([1, 2, 3]))
			controller.error(new Error('reset'))
		},
	})
	expect(await putToUploadUrl(storage, created.uploadUrl, broken, 'image/png')).toBe(400)
	expect(await putToUploadUrl(storage, created.uploadUrl, Buffer.from('ok'), 'image/png')).toBe(200)
	await cleanup()
})

test('an interrupted or oversized upload leaves no temp file behind', async () => {
	const { storage, dataDir, cleanup } = await makeDisk()
	const created = await storage.createUpload({ filename: 'a.png', contentType: 'image/png' })
	const url = new URL(created.uploadUrl, 'http://localhost')
	const key = url.pathname.split('/').pop()!
	await expect(
		storage.receiveUpload!({
			url,
			key,
			contentType: 'image/png',
			body: new Response(randomBytes(5000)).body,
			maxBytes: 4096,
		}),
	).rejects.toMatchObject({ status: 413 })
	expect(await readdir(join(dataDir, 'upload-tmp'))).toEqual([])
	expect(await readdir(join(dataDir, 'uploads'))).toEqual([])
	await cleanup()
})

test('an empty body is refused and the URL stays usable', async () => {
	const { storage, cleanup } = await makeDisk()
	const created = await storage.createUpload({ filename: 'a.txt', contentType: 'text/plain' })
	expect(await putToUploadUrl(storage, created.uploadUrl, new Uint8Array(0), 'text/plain')).toBe(400)
	expect(await putToUploadUrl(storage, created.uploadUrl, Buffer.from('hi'), 'text/plain')).toBe(200)
	await cleanup()
})

test('files outside the uploads folder are never listed or opened', async () => {
	const { storage, dataDir, cleanup } = await makeDisk()
	const { writeFile } = await import('node:fs/promises')
	await writeFile(join(dataDir, 'uploads', 'notes.txt'), 'stray')
	await writeFile(join(dataDir, 'secret.txt'), 'secret')
	expect((await storage.list({ limit: 20, offset: 0 })).total).toBe(0)
	expect(await storage.open('notes.txt')).toBeNull()
	expect(await storage.open('../secret.txt')).toBeNull()
	await cleanup()
})
