import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { IMAGE_FILES_PATH } from '#app/dashboard/paths.ts'
import type { ImagesApi } from '#app/dashboard/server/images-api.server.ts'
import { PUBLIC_FILES_PATH, UPLOAD_PUT_PATH } from '#app/dashboard/server/storage/storage.server.ts'
import { clientKey, type TrustFunction } from './client-address.ts'

type NodeRequest = IncomingMessage & { protocol?: string; originalUrl?: string }

/** A web Request for a Node request; the body streams with backpressure (never buffered). */
function toWebRequest(req: NodeRequest): Request {
	const protocol = req.protocol ?? 'http'
	const url = new URL(`${protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl ?? req.url ?? '/'}`)
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (Array.isArray(value)) for (const item of value) headers.append(name, item)
		else if (value !== undefined) headers.set(name, value)
	}
	const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
	return new Request(url, {
		method: req.method,
		headers,
		body: hasBody ? requestBody(req) : undefined,
		duplex: 'half',
	} as RequestInit)
}

/** How much of a refused body is read and dropped so the client gets the answer, not a reset. */
const DRAIN_LIMIT_BYTES = 32 * 1024 * 1024

/**
 * The body as a web stream, one chunk at a time (backpressure: memory stays flat). When the
 * handler stops reading early (a 413 or 403 mid-upload), the rest is read and dropped rather
 * than the socket destroyed, so the client sees the error answer instead of a connection reset.
 */
export function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
	return new ReadableStream<Uint8Array>({
		start(controller) {
			req.pause()
			req.on('data', (chunk: Buffer) => {
				controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
				if ((controller.desiredSize ?? 0) <= 0) req.pause()
			})
			req.on('end', () => controller.close())
			req.on('error', (error) => controller.error(error))
		},
		pull() {
			req.resume()
		},
		cancel() {
			let dropped = 0
			req.removeAllListeners('data')
			req.on('data', (chunk: Buffer) => {
				dropped += chunk.byteLength
				if (dropped > DRAIN_LIMIT_BYTES) req.destroy()
			})
			req.resume()
		},
	})
}

/**
 * Writes a web Response to Node. Uses `stream.pipeline`, which holds at most a chunk or two: React
 * Router's own writer (`writeReadableStreamToWritable` in @react-router/node 7.18.x) races every
 * read against one long-lived promise and so keeps every chunk of a response alive until it ends
 * (remix-run/react-router#15247): a 500 MB download would cost 500 MB of memory.
 */
export async function sendWebResponse(res: ServerResponse, response: Response): Promise<void> {
	res.statusCode = response.status
	for (const [name, value] of response.headers) {
		if (name === 'set-cookie') continue
		res.setHeader(name, value)
	}
	const cookies = response.headers.getSetCookie()
	if (cookies.length > 0) res.setHeader('set-cookie', cookies)
	if (!response.body) {
		res.end()
		return
	}
	try {
		await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res)
	} catch {
		// The client went away mid-download; pipeline already closed the file.
	}
}

/**
 * Connect/Express middleware serving the image API and `/uploads/*` directly, ahead of React
 * Router, so large uploads and downloads stream in constant memory. Other paths go to `next()`.
 */
export function createImagesMiddleware(api: ImagesApi, trust: TrustFunction) {
	return (req: NodeRequest, res: ServerResponse, next: (error?: unknown) => void) => {
		const path = (req.originalUrl ?? req.url ?? '/').split('?')[0] ?? '/'
		let handle: ((request: Request) => Promise<Response>) | undefined
		if (path === '/api/v1/images/upload/upload-url') {
			handle = (request) => api.handleCreateUploadUrl(request, clientKey(req, trust))
		} else if (path.startsWith(UPLOAD_PUT_PATH)) handle = api.handleUploadPut
		else if (path === '/api/v1/images/view') {
			handle = (request) => api.handleListImages(request, clientKey(req, trust))
		} else if (path.startsWith(IMAGE_FILES_PATH)) {
			const key = safeDecode(path.slice(IMAGE_FILES_PATH.length))
			handle = (request) => api.handleDeleteImage(request, key, clientKey(req, trust))
		} else if (path.startsWith(PUBLIC_FILES_PATH)) {
			const key = safeDecode(path.slice(PUBLIC_FILES_PATH.length))
			handle = (request) => api.handlePublicFile(request, key)
		}
		if (!handle) {
			next()
			return
		}
		handle(toWebRequest(req))
			.then((response) => sendWebResponse(res, response))
			.catch(next)
	}
}

function safeDecode(value: string): string {
	try {
		return decodeURIComponent(value)
	} catch {
		return value
	}
}
