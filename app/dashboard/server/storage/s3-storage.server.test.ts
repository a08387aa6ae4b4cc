import { afterAll, beforeAll } from 'vitest'
import { type TestS3, startTestS3 } from '#tests/fixtures/s3.ts'
import { createS3Client, createS3Storage } from './s3-storage.server.ts'
import { describeStorageContract } from './storage-contract.test-kit.ts'
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'

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
				await client.send(
					new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: objects } }),
				)
			}
			client.destroy()
			await storage.close?.()
		},
	}
})
