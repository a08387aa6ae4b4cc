import { afterAll, beforeAll, expect, test } from 'vitest'
import { type TestS3, startTestS3 } from '#tests/fixtures/s3.ts'
import { createS3Client, createS3Storage } from './s3-storage.server.ts'
import { describeStorageContract } from './storage-contract.test-kit.ts'
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'

// What the S3 stand-in (@20minutes/s3rver) can and cannot show:
// - It verifies presigned signatures, headers included: a PUT that leaves out a signed header
//   (If-None-Match, Content-Type) or sends another Content-Length than the signed one is a 403
//   here as on S3. Those are tested below and in the shared contract.
// - It does not implement conditional writes: it ignores If-None-Match's meaning and overwrites an
//   existing object, where S3 (and MinIO, R2) answer 412. That a replayed URL cannot overwrite a
//   file is S3's behaviour, not tested here; what is tested is that the header is signed in, so a
//   client can't drop it.

let s3: TestS3
beforeAll(async () => {
	s3 = await startTestS3()
})
afterAll(async () => {
	await s3.stop()
})

describeStorageContract(async ({ now }) => {
	const options = { ...s3, now }
	const storage = createS3Storage(options)
	return {
		storage,
		async cleanup() {
			// Empty the bucket between tests; the server keeps running for the whole file.
			const client = createS3Client(options)
			const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
			const objects = (listed.Contents ?? []).map((object) => ({ Key: object.Key }))
			if (objects.length > 0) {
				await client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: objects } }))
			}
			client.destroy()
			await storage.close?.()
		},
	}
})

test('the upload URL has If-None-Match: * signed in: a PUT without it is refused', async () => {
	const storage = createS3Storage(s3)
	const created = await storage.createUpload({ filename: 'replay.png', contentType: 'image/png' })
	const signed = new URL(created.uploadUrl).searchParams.get('X-Amz-SignedHeaders')?.split(';')
	expect(signed).toEqual(['content-type', 'host', 'if-none-match'])
	const without = await fetch(created.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: 'x' })
	expect(without.status).toBe(403)
	await without.arrayBuffer()
	const other = await fetch(created.uploadUrl, {
		method: 'PUT',
		headers: { 'content-type': 'image/png', 'if-none-match': '"abc"' },
		body: 'x',
	})
	expect(other.status).toBe(403)
	await other.arrayBuffer()
	const exact = await fetch(created.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png', 'if-none-match': '*' }, body: 'x' })
	expect(exact.status).toBe(200)
	await exact.arrayBuffer()
})

test('with a size, the upload URL signs its Content-Length: another length is refused', async () => {
	const storage = createS3Storage(s3)
	const created = await storage.createUpload({ filename: 'sized.png', contentType: 'image/png', size: 4 })
	expect(new URL(created.uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host;if-none-match')
	const put = (body: string) =>
		fetch(created.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png', 'if-none-match': '*' }, body })
	const longer = await put('12345')
	expect(longer.status).toBe(403)
	await longer.arrayBuffer()
	expect((await put('1234')).status).toBe(200)
})
