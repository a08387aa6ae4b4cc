import { z } from 'zod'
import { controlCharacterProblem } from '#app/lib/control-characters.ts'
import { parseQuery } from '#app/lib/query-params.ts'
import {
	apiError,
	json as jsonAnswer,
	methodNotAllowed as methodNotAllowedAnswer,
	rateLimited,
	type ApiAnswer,
} from '#app/server/api.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import { type Logger, type SecretVerifier, createKeyListVerifier } from './credentials.server.ts'
import {
	ALLOWED_CONTENT_TYPES,
	FILE_TYPES,
	contentTypeForExtension,
	extensionOf,
	isAllowedContentType,
	isImageType,
	mediaTypeEssence,
} from './storage/file-types.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { type ByteRange, parseRange } from '#app/server/http-range.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'
import { isValidKey, keyDisplayName, sanitizeFilename } from './storage/keys.server.ts'
import { type Storage, StorageError, UPLOAD_PUT_PATH } from './storage/storage.server.ts'

export type ImagesApiConfig = {
	storage: Storage
	/** Verifier from `loadCredentials`, or plain keys (tests). */
	apiKeys: SecretVerifier | readonly string[]
	/** `MAX_UPLOAD_BYTES`: unset means no limit (disk driver only; see s3-storage). */
	maxUploadBytes?: number
	/**
	 * Another way in besides a Bearer key, e.g. `async (request) => (await auth.readSession(request))
	 * !== null` so the dashboard's own pages can call upload-url and view with their session cookie.
	 * Only same-origin requests get this far (Origin and Sec-Fetch-Site are checked first).
	 */
	allowRequest?: (request: Request) => boolean | Promise<boolean>
	/**
	 * A configured `SITE_URL`: URLs in answers are absolute on it. Without one they are paths on the
	 * site (never built from the request's Host header, which the client chooses).
	 */
	publicOrigin?: string
	/** Where wrong API keys are counted per client (in-process by default). */
	state?: SharedState
	log?: Logger
}

/** The address a request came from, as the HTTP layer worked it out (TRUST_PROXY). */
type ClientAddress = string

export type ImagesApi = {
	/** POST /api/v1/images/upload/upload-url */
	handleCreateUploadUrl(request: Request, client: ClientAddress): Promise<Response>
	/** PUT /api/v1/images/upload/put/<key>?… (disk driver) */
	handleUploadPut(request: Request): Promise<Response>
	/** GET /api/v1/images/view?limit&offset */
	handleListImages(request: Request, client: ClientAddress): Promise<Response>
	/** What the list answers, for callers already authorised (the dashboard's gallery loader). */
	listImages(query: ListQuery): Promise<ListOutcome>
	/** GET/HEAD /uploads/<key> */
	handlePublicFile(request: Request, key: string): Promise<Response>
	/** DELETE /api/v1/images/files/<key> */
	handleDeleteImage(request: Request, key: string, client: ClientAddress): Promise<Response>
}

/** The code of each status a storage driver refuses with (500: the storage did not answer). */
const STORAGE_ERROR_CODES: Record<number, string> = {
	400: 'INVALID_UPLOAD',
	403: 'UPLOAD_URL_REFUSED',
	413: 'PAYLOAD_TOO_LARGE',
	500: 'STORAGE_UNAVAILABLE',
}

type ListQuery = { limit: number; offset: number; filter: string }

/** The list's JSON body (`GET /api/v1/images/view`). */
type ImageList = {
	images: { key: string; publicUrl: string; size: number; lastModified: string }[]
	pagination: { total: number; hasMore: boolean; limit: number; offset: number }
}

/** The list, or why the storage could not give it (its status and a message for the reader). */
type ListOutcome = { ok: true; list: ImageList } | { ok: false; status: number; message: string }

/** Longest `q` the list accepts (a file name's readable part is at most 71 characters). */
const MAX_FILTER_LENGTH = 100

const MAX_JSON_BYTES = 16 * 1024
/** Wrong API keys a client may send in 15 minutes (a generated key has 256 bits: this is about load). */
const KEY_FAILURE_LIMIT = { max: 10, windowMs: 15 * 60 * 1000, refill: 'window' } as const
const IMMUTABLE = CACHE_CONTROL.upload
// Served files can never run script on our origin, even an SVG or an HTML-looking text file.
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox"

/** The kit's answer as a web Response (this API streams bodies, so it lives in Express). */
const toResponse = ({ status, headers, body }: ApiAnswer) => new Response(body, { status, headers })

const json = (body: unknown) => toResponse(jsonAnswer(200, body))

/** The kit's error shape, `{ error: { code, message, parameter? } }`. */
const error = (status: number, code: string, message: string, parameter?: string, headers?: Record<string, string>) =>
	toResponse(apiError(status, code, message, { parameter, headers }))
const storageError = (status: number, message: string) => error(status, STORAGE_ERROR_CODES[status] ?? 'STORAGE_ERROR', message)

const methodNotAllowed = (...allowed: string[]) => toResponse(methodNotAllowedAnswer(allowed))

const contentTypeList = ALLOWED_CONTENT_TYPES.join(', ')

const uploadRequestSchema = z.object({
	filename: z
		.string({ error: 'filename is required and must be a string.' })
		.refine(
			(name) => !controlCharacterProblem(name, 'filename'),
			'filename contains a control character (such as NUL): remove it and send again.',
		)
		.trim()
		.min(1, 'filename must not be empty.')
		.max(255, 'filename must be at most 255 characters.'),
	contentType: z
		.string({ error: 'contentType is required and must be a string.' })
		.transform(mediaTypeEssence)
		.refine(isAllowedContentType, `contentType must be one of: ${contentTypeList}.`),
	size: z
		.number({ error: 'size must be the file size in bytes (a whole number).' })
		.int('size must be the file size in bytes (a whole number).')
		.min(0, 'size must be the file size in bytes (a whole number).')
		.optional(),
})

const pageNumber = (name: string, min: number, max: number, fallback: number) =>
	z
		.string()
		.optional()
		.transform((value, context) => {
			if (value === undefined) return fallback
			const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
			if (!(number >= min && number <= max)) {
				context.addIssue({
					code: 'custom',
					message:
						max === Number.MAX_SAFE_INTEGER
							? `${name} must be a whole number of ${min} or more.`
							: `${name} must be a whole number from ${min} to ${max}.`,
				})
				return z.NEVER
			}
			return number
		})

const listQuery = z.object({
	limit: pageNumber('limit', 1, 100, 20),
	offset: pageNumber('offset', 0, Number.MAX_SAFE_INTEGER, 0),
	q: z.string().max(MAX_FILTER_LENGTH, `q must be at most ${MAX_FILTER_LENGTH} characters.`).default(''),
})

function bearerToken(request: Request): string | null {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')
	return match?.[1] ?? null
}

async function readLimitedText(request: Request, limit: number): Promise<string | null> {
	// A declared size over the limit is refused before a byte is read.
	if (Number(request.headers.get('content-length') ?? 0) > limit) return null
	if (!request.body) return ''
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		size += value.length
		if (size > limit) {
			await discardRest(reader, DRAIN_LIMIT_BYTES)
			return null
		}
		chunks.push(value)
	}
	return Buffer.concat(chunks).toString('utf8')
}

// Cancelling a request body that is still arriving destroys the socket, so the client would see a
// reset instead of our 413. Reading (and dropping) a bounded rest lets the answer through.
const DRAIN_LIMIT_BYTES = 1024 * 1024

async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number) {
	let drained = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return
		drained += value.length
		if (drained > budget) {
			await reader.cancel()
			return
		}
	}
}

function etagMatches(header: string, etag: string): boolean {
	const bare = (tag: string) => tag.trim().replace(/^W\//, '')
	return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

export function createImagesApi(config: ImagesApiConfig): ImagesApi {
	const { storage } = config
	const log = config.log ?? serverLog.error
	const apiKeys = Array.isArray(config.apiKeys) ? createKeyListVerifier(config.apiKeys) : (config.apiKeys as SecretVerifier)

	const keyFailures = (config.state ?? createMemoryState()).limiter('api-key-failures', KEY_FAILURE_LIMIT)
	const siteOrigin = config.publicOrigin ? new URL(config.publicOrigin).origin : undefined
	const absolute = (url: string) => (siteOrigin ? new URL(url, `${siteOrigin}/`).href : url)

	/**
	 * A cookie rides along on any request the browser makes to us, whoever's page asked for it, so
	 * the session counts only for requests from our own pages: Sec-Fetch-Site (when the browser
	 * sends it) must say so, and an Origin must be ours. Scripts without those headers (curl with a
	 * copied cookie) hold the cookie anyway.
	 */
	function fromOurOwnPages(request: Request): boolean {
		const site = request.headers.get('sec-fetch-site')
		if (site !== null && site !== 'same-origin' && site !== 'none') return false
		const origin = request.headers.get('origin')
		return origin === null || origin === siteOrigin || origin === new URL(request.url).origin
	}

	async function unauthorized(request: Request, client: ClientAddress): Promise<Response | null> {
		const token = bearerToken(request)
		if (!token) {
			if (config.allowRequest && (await config.allowRequest(request))) {
				if (fromOurOwnPages(request)) return null
				return error(
					403,
					'CROSS_SITE_REQUEST',
					'Requests from other sites need the API key (Authorization: Bearer <API key>): the dashboard session counts only on the dashboard itself.',
				)
			}
			return error(401, 'UNAUTHORIZED', 'Missing API key: send the header Authorization: Bearer <API key>.', undefined, {
				'WWW-Authenticate': 'Bearer',
			})
		}
		// A client that sent too many wrong keys is refused without a check, even with the right one:
		// answering that would let the guessing go on.
		const limit = await keyFailures.peek(client)
		if (!limit.allowed) return tooManyWrongKeys(limit.retryAfterSeconds)
		if (await apiKeys.verify(token)) return null
		await keyFailures.hit(client)
		return error(401, 'UNAUTHORIZED', 'The API key is not valid.', undefined, { 'WWW-Authenticate': 'Bearer' })
	}

	function tooManyWrongKeys(seconds: number) {
		const minutes = Math.ceil(seconds / 60)
		return toResponse(
			rateLimited(seconds, 'wrong API keys', {
				message: `Too many wrong API keys from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
			}),
		)
	}

	/** A storage error's own status and message; anything else is logged and answered as a 500. */
	function failed(cause: unknown, what: string): { ok: false; status: number; message: string } {
		if (cause instanceof StorageError) return { ok: false, status: cause.status, message: cause.message }
		log(`[images-api] ${what} failed: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`)
		return { ok: false, status: 500, message: `Could not ${what}: the storage is not available. Try again later.` }
	}

	function failure(cause: unknown, what: string): Response {
		const { status, message } = failed(cause, what)
		return storageError(status, message)
	}

	async function listImages({ limit, offset, filter }: ListQuery): Promise<ListOutcome> {
		try {
			const page = await storage.list({ limit, offset, filter })
			const images = page.images.map((image) => ({
				key: image.key,
				publicUrl: absolute(image.publicUrl),
				size: image.size,
				lastModified: image.lastModified.toISOString(),
			}))
			return {
				ok: true,
				list: { images, pagination: { total: page.total, hasMore: offset + page.images.length < page.total, limit, offset } },
			}
		} catch (cause) {
			return failed(cause, 'list the images')
		}
	}

	return {
		async handleCreateUploadUrl(request, client) {
			if (request.method !== 'POST') return methodNotAllowed('POST')
			const denied = await unauthorized(request, client)
			if (denied) return denied

			const text = await readLimitedText(request, MAX_JSON_BYTES)
			if (text === null) return error(413, 'PAYLOAD_TOO_LARGE', `The JSON body must be under ${MAX_JSON_BYTES} bytes.`)
			let body: unknown
			try {
				body = JSON.parse(text)
			} catch {
				return error(400, 'INVALID_BODY', 'The body must be JSON: { "filename": "…", "contentType": "…" }.')
			}
			if (typeof body !== 'object' || body === null || Array.isArray(body)) {
				return error(400, 'INVALID_BODY', 'The body must be a JSON object: { "filename": "…", "contentType": "…" }.')
			}
			const parsed = uploadRequestSchema.safeParse(body)
			if (!parsed.success) {
				const issue = parsed.error.issues[0]
				return error(400, 'INVALID_BODY', issue?.message ?? 'Invalid body.', String(issue?.path[0] ?? ''))
			}
			const { filename, size } = parsed.data
			const contentType = parsed.data.contentType as keyof typeof FILE_TYPES
			const max = config.maxUploadBytes
			if (max !== undefined && size !== undefined && size > max) {
				return error(413, 'PAYLOAD_TOO_LARGE', `The file is larger than the ${max}-byte limit.`, 'size')
			}
			// A presigned S3 URL only holds to a size signed into it: without one, any size could go.
			if (max !== undefined && size === undefined && storage.kind === 's3') {
				return error(400, 'INVALID_BODY', `size is required: files are limited to ${max} bytes.`, 'size')
			}
			const extension = extensionOf(sanitizeFilename(filename))
			const expected = FILE_TYPES[contentType].extensions.map((ext) => `.${ext}`).join(' or ')
			if (contentTypeForExtension(extension) !== contentType) {
				return error(
					400,
					'INVALID_BODY',
					extension
						? `filename ends in .${extension}, which does not match contentType ${contentType} (expected ${expected}).`
						: `filename needs an extension matching contentType ${contentType} (${expected}).`,
					'filename',
				)
			}

			try {
				const created = await storage.createUpload({ filename, contentType, size })
				return json({
					uploadUrl: absolute(created.uploadUrl),
					filename: created.key,
					expiresIn: created.expiresIn,
					publicUrl: absolute(created.publicUrl),
				})
			} catch (cause) {
				return failure(cause, 'create an upload URL')
			}
		},

		async handleUploadPut(request) {
			if (request.method !== 'PUT') return methodNotAllowed('PUT')
			const url = new URL(request.url)
			if (!storage.receiveUpload || !url.pathname.startsWith(UPLOAD_PUT_PATH)) {
				return error(404, 'NOT_FOUND', 'Not found: with this storage, upload to the URL from upload-url.')
			}
			const max = config.maxUploadBytes
			const declared = Number(request.headers.get('content-length') ?? Number.NaN)
			if (max !== undefined && declared > max) {
				return error(413, 'PAYLOAD_TOO_LARGE', `The file is larger than the ${max}-byte limit.`)
			}
			let key: string
			try {
				key = decodeURIComponent(url.pathname.slice(UPLOAD_PUT_PATH.length))
			} catch {
				return error(403, 'INVALID_SIGNATURE', 'The upload URL signature is not valid.')
			}
			try {
				const stored = await storage.receiveUpload({
					url,
					key,
					contentType: request.headers.get('content-type'),
					body: request.body,
					maxBytes: max,
				})
				return json({ key: stored.key, size: stored.size })
			} catch (cause) {
				return failure(cause, 'store the upload')
			}
		},

		async handleListImages(request, client) {
			if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET', 'HEAD')
			const denied = await unauthorized(request, client)
			if (denied) return denied
			const query = parseQuery(listQuery, new URL(request.url).searchParams)
			if (!query.ok) return error(400, 'INVALID_PARAMETER', query.message, query.parameter)
			const { limit, offset, q: filter } = query.value
			const outcome = await listImages({ limit, offset, filter })
			return outcome.ok ? json(outcome.list) : storageError(outcome.status, outcome.message)
		},

		listImages,

		async handleDeleteImage(request, key, client) {
			if (request.method !== 'DELETE') return methodNotAllowed('DELETE')
			const denied = await unauthorized(request, client)
			if (denied) return denied
			if (!isValidKey(key)) return error(400, 'INVALID_KEY', 'That is not a file name of ours: use the key from the list.')
			try {
				if (!(await storage.delete(key))) return error(404, 'NOT_FOUND', `No file is stored as ${key}.`)
				return json({ deleted: key })
			} catch (cause) {
				return failure(cause, 'delete the file')
			}
		},

		async handlePublicFile(request, key) {
			if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET', 'HEAD')
			let file
			try {
				file = await storage.open(key)
			} catch (cause) {
				return failure(cause, 'read the file')
			}
			if (!file) {
				return new Response('Not found', {
					status: 404,
					headers: {
						'Content-Type': 'text/plain; charset=utf-8',
						'X-Content-Type-Options': 'nosniff',
						'Cache-Control': CACHE_CONTROL.none,
					},
				})
			}
			const type = contentTypeForExtension(extensionOf(key))
			const headers = new Headers({
				'Content-Type': type === 'text/plain' ? 'text/plain; charset=utf-8' : (type ?? 'application/octet-stream'),
				'X-Content-Type-Options': 'nosniff',
				'Content-Security-Policy': SANDBOX_CSP,
				'Cache-Control': IMMUTABLE,
				ETag: file.etag,
				'Last-Modified': file.lastModified.toUTCString(),
				'Accept-Ranges': 'bytes',
			})
			if (!type || !isImageType(type)) {
				headers.set('Content-Disposition', `attachment; filename="${keyDisplayName(key)}"`)
			}

			const ifNoneMatch = request.headers.get('if-none-match')
			if (ifNoneMatch && etagMatches(ifNoneMatch, file.etag)) {
				return new Response(null, { status: 304, headers })
			}

			let range: ByteRange | null | 'unsatisfiable' = null
			const rangeHeader = request.headers.get('range')
			const ifRange = request.headers.get('if-range')
			if (rangeHeader && (!ifRange || ifRange.trim() === file.etag)) {
				range = parseRange(rangeHeader, file.size)
			}
			if (range === 'unsatisfiable') {
				headers.set('Content-Range', `bytes */${file.size}`)
				headers.delete('Content-Disposition')
				return new Response(null, { status: 416, headers })
			}
			const length = range ? range.end - range.start + 1 : file.size
			headers.set('Content-Length', String(length))
			if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
			const status = range ? 206 : 200
			if (request.method === 'HEAD') return new Response(null, { status, headers })
			try {
				return new Response(await file.stream(range ?? undefined), { status, headers })
			} catch (cause) {
				return failure(cause, 'read the file')
			}
		},
	}
}
