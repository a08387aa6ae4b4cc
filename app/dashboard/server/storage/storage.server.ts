import { trimTrailingSlashes } from '#app/lib/url-path.ts'
import type { ByteRange } from '#app/server/http-range.server.ts'
import type { AllowedContentType } from './file-types.server.ts'

type CreateUploadInput = {
	filename: string
	contentType: AllowedContentType
	/** The file's exact byte count: S3 signs it as the PUT's Content-Length, so no other size is stored. */
	size?: number
}

type CreatedUpload = {
	/** Absolute for S3; a path on our own origin for the disk driver (the API makes it absolute). */
	uploadUrl: string
	key: string
	expiresIn: number
	/** Absolute when a public base URL is configured; otherwise `/uploads/<key>` on our origin. */
	publicUrl: string
}

export type StoredImage = { key: string; publicUrl: string; size: number; lastModified: Date }

type ImagePage = { images: StoredImage[]; total: number }

type StoredFile = {
	key: string
	size: number
	lastModified: Date
	/** Strong validator, quoted, e.g. `"3f2a-18c9"`. */
	etag: string
	/** The bytes, or the inclusive `range` of them. */
	stream(range?: ByteRange): Promise<ReadableStream<Uint8Array>>
}

type ReceiveUploadInput = {
	url: URL
	key: string
	contentType: string | null
	body: ReadableStream<Uint8Array> | null
	maxBytes?: number
}

export interface Storage {
	readonly kind: 'disk' | 's3'
	createUpload(input: CreateUploadInput): Promise<CreatedUpload>
	/** Newest first; `filter` keeps the files whose name (the readable part of the key) holds it. */
	list(page: { limit: number; offset: number; filter?: string }): Promise<ImagePage>
	/** Null when the key is malformed or nothing is stored under it. */
	open(key: string): Promise<StoredFile | null>
	/** Removes a file: true when it was there, false when the key is malformed or nothing is stored under it. */
	delete(key: string): Promise<boolean>
	/**
	 * Disk driver only: checks the signed upload URL and streams the body into storage. Throws a
	 * `StorageError` carrying the HTTP status to answer with.
	 */
	receiveUpload?(input: ReceiveUploadInput): Promise<{ key: string; size: number }>
	close?(): Promise<void> | void
}

export class StorageError extends Error {
	readonly status: number
	constructor(status: number, message: string) {
		super(message)
		this.name = 'StorageError'
		this.status = status
	}
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60
export const UPLOAD_PUT_PATH = '/api/v1/images/upload/put/'
export const PUBLIC_FILES_PATH = '/uploads/'

/**
 * Where a stored file is read: the public base (bucket website, CDN) when configured, else our
 * `/uploads/` route. An SVG can carry script, and a bucket serves it without our sandbox CSP, so
 * its script would run on the bucket's origin: SVGs are only ever handed out on our route.
 */
export function publicUrlFor(key: string, publicBaseUrl: string | undefined): string {
	if (!publicBaseUrl || key.toLowerCase().endsWith('.svg')) return PUBLIC_FILES_PATH + key
	return `${trimTrailingSlashes(publicBaseUrl)}/${key}`
}
