import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { createStorageFromEnv } from './create-storage.server.ts'

// The SDK warns once per process that its 2027 releases will need Node 22: noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const s3Env = {
	STORAGE: 's3' as const,
	DATA_DIR: './.data',
	S3_ENDPOINT: 'http://127.0.0.1:9',
	S3_REGION: 'auto',
	S3_BUCKET: 'images',
	S3_ACCESS_KEY_ID: 'id',
	S3_SECRET_ACCESS_KEY: 'secret',
	S3_PUBLIC_URL: undefined,
}

test('STORAGE=disk makes the disk driver in DATA_DIR', async () => {
	const dataDir = await mkdtemp(join(tmpdir(), 'create-storage-'))
	const storage = await createStorageFromEnv({ ...s3Env, STORAGE: 'disk', DATA_DIR: dataDir }, randomBytes(32))
	expect(storage.kind).toBe('disk')
	expect((await stat(join(dataDir, 'uploads'))).isDirectory()).toBe(true)
	await rm(dataDir, { recursive: true, force: true })
})

test('STORAGE=s3 makes the s3 driver and names what is missing', async () => {
	const storage = await createStorageFromEnv(s3Env, randomBytes(32))
	expect(storage.kind).toBe('s3')
	await storage.close?.()
	await expect(createStorageFromEnv({ ...s3Env, S3_BUCKET: undefined, S3_SECRET_ACCESS_KEY: undefined }, randomBytes(32))).rejects.toThrow(
		'STORAGE=s3 needs S3_BUCKET, S3_SECRET_ACCESS_KEY.',
	)
})
