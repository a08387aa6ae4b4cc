import type { Env } from '#app/server/env.server.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createDiskStorage } from './disk-storage.server.ts'
import { createS3Storage } from './s3-storage.server.ts'
import type { Storage } from './storage.server.ts'

type StorageEnv = Pick<
	Env,
	'STORAGE' | 'DATA_DIR' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL'
>

/**
 * The storage driver the environment asks for. `secret` signs the disk driver's upload URLs;
 * `state` remembers which of them were used (across instances with Redis).
 */
export async function createStorageFromEnv(env: StorageEnv, secret: Buffer, state?: SharedState): Promise<Storage> {
	if (env.STORAGE === 'disk') {
		return createDiskStorage({ dataDir: env.DATA_DIR, secret, usedLinks: state?.expiringSet('used-upload-links') })
	}
	const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !env[name])
	if (missing.length > 0) throw new Error(`STORAGE=s3 needs ${missing.join(', ')}.`)
	return createS3Storage({
		endpoint: env.S3_ENDPOINT,
		region: env.S3_REGION,
		bucket: env.S3_BUCKET!,
		accessKeyId: env.S3_ACCESS_KEY_ID!,
		secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
		publicBaseUrl: env.S3_PUBLIC_URL,
	})
}
