import {
	DeleteObjectCommand,
	GetObjectCommand,
	HeadObjectCommand,
	ListObjectsV2Command,
	PutObjectCommand,
	S3Client,
	S3ServiceException,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { createKeyFactory, isValidKey, keyMatchesFilter } from './keys.server.ts'
import { type StoredImage, type Storage, UPLOAD_URL_TTL_SECONDS, publicUrlFor } from './storage.server.ts'

export type S3StorageOptions = {
	/** Any S3-compatible endpoint (MinIO, R2, …); omit for AWS S3 itself. */
	endpoint?: string
	region: string
	bucket: string
	accessKeyId: string
	secretAccessKey: string
	/** Public base for file URLs (bucket website, CDN). Without it files go through `/uploads/`. */
	publicBaseUrl?: string
	/** Default: true when `endpoint` is set (most emulators and R2/MinIO want path-style). */
	forcePathStyle?: boolean
	expiresInSeconds?: number
	now?: () => number
}

const PAGE_SIZE = 1000

export function createS3Client(options: S3StorageOptions): S3Client {
	const client = new S3Client({
		endpoint: options.endpoint,
		region: options.region,
		credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
		forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
		// Newer SDKs add CRC checksums that many S3-compatible servers reject.
		requestChecksumCalculation: 'WHEN_REQUIRED',
		responseChecksumValidation: 'WHEN_REQUIRED',
	})
	// Bucket-level calls go to `/<bucket>/`; some servers (s3rver among them) verify the signature
	// against `/<bucket>`. Both forms mean the same to S3, so sign and send the one without slash.
	const bucketPath = `/${options.bucket}/`
	client.middlewareStack.add(
		(next) => async (args) => {
			const request = args.request as { path?: unknown }
			if (request.path === bucketPath) request.path = bucketPath.slice(0, -1)
			return next(args)
		},
		{ step: 'build', name: 'stripBucketTrailingSlash' },
	)
	return client
}

function isNotFound(error: unknown): boolean {
	return (
		error instanceof S3ServiceException &&
		(error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
	)
}

/**
 * Uploads go straight from the browser to S3 with a presigned PUT. Signed into it, so S3 refuses a
 * PUT without them: the content type; `If-None-Match: *` (a conditional write: once the object
 * exists, replaying the URL gets 412 instead of overwriting the file); and, when the size is
 * given, the Content-Length (the API checks that size against `MAX_UPLOAD_BYTES`, so a bigger
 * file can't be sent on the URL). S3 stores an object only once its PUT completed, so an
 * interrupted upload leaves nothing behind.
 *
 * Listing reads every key (ListObjectsV2, 1000 per request) and sorts newest first by the
 * time-sortable key, so `total` is exact: each gallery page costs ceil(n / 1000) requests, which
 * is fine up to tens of thousands of files. Past that, keep an index instead.
 */
export function createS3Storage(options: S3StorageOptions, client = createS3Client(options)): Storage {
	const now = options.now ?? Date.now
	const expiresIn = options.expiresInSeconds ?? UPLOAD_URL_TTL_SECONDS
	const makeKey = createKeyFactory(now)
	const { bucket } = options

	async function listAll(): Promise<StoredImage[]> {
		const all: StoredImage[] = []
		let token: string | undefined
		do {
			const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, MaxKeys: PAGE_SIZE }))
			for (const object of page.Contents ?? []) {
				if (!object.Key || !isValidKey(object.Key)) continue
				all.push({
					key: object.Key,
					publicUrl: publicUrlFor(object.Key, options.publicBaseUrl),
					size: object.Size ?? 0,
					lastModified: object.LastModified ?? new Date(0),
				})
			}
			token = page.IsTruncated ? page.NextContinuationToken : undefined
		} while (token)
		return all
	}

	return {
		kind: 's3',

		async createUpload({ filename, contentType, size }) {
			const key = makeKey(filename)
			const sized = size !== undefined
			const uploadUrl = await getSignedUrl(
				client,
				new PutObjectCommand({
					Bucket: bucket,
					Key: key,
					ContentType: contentType,
					IfNoneMatch: '*',
					...(sized ? { ContentLength: size } : {}),
				}),
				{
					expiresIn,
					signingDate: new Date(now()),
					// The presigner leaves these unsigned by default; we want S3 to enforce them.
					signableHeaders: new Set(['content-type', 'if-none-match', ...(sized ? ['content-length'] : [])]),
				},
			)
			return { uploadUrl, key, expiresIn, publicUrl: publicUrlFor(key, options.publicBaseUrl) }
		},

		async list({ limit, offset, filter }) {
			const all = (await listAll()).filter((image) => keyMatchesFilter(image.key, filter))
			all.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0))
			return { images: all.slice(offset, offset + limit), total: all.length }
		},

		async delete(key) {
			if (!isValidKey(key)) return false
			// DeleteObject answers the same whether the key existed or not: ask first.
			try {
				await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
			} catch (error) {
				if (isNotFound(error)) return false
				throw error
			}
			await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
			return true
		},

		async open(key) {
			if (!isValidKey(key)) return null
			let head
			try {
				head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
			} catch (error) {
				if (isNotFound(error)) return null
				throw error
			}
			const size = head.ContentLength ?? 0
			return {
				key,
				size,
				lastModified: head.LastModified ?? new Date(0),
				etag: head.ETag ?? `"${size.toString(16)}"`,
				async stream(range) {
					const object = await client.send(
						new GetObjectCommand({
							Bucket: bucket,
							Key: key,
							Range: range ? `bytes=${range.start}-${range.end}` : undefined,
						}),
					)
					if (!object.Body) throw new Error(`S3 returned no body for ${key}`)
					return object.Body.transformToWebStream() as ReadableStream<Uint8Array>
				},
			}
		},

		close() {
			client.destroy()
		},
	}
}
