import type { IncomingMessage, ServerResponse } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { controlCharacterProblem } from '#app/lib/control-characters.ts'
import { apiError, type ApiAnswer, type ApiRequest, type JsonBody } from '#app/server/api.server.ts'
import { clientKey, type TrustFunction } from './client-address.ts'
import { SECURITY_HEADERS } from './http-headers.ts'

/**
 * Serves the JSON API (`createApi`'s table) on plain Node, ahead of Express and React Router:
 * the answers are small JSON, and on two cores Express's own per-request cost was most of the
 * latency of a cached lookup under load (measured by `npm run bench:player`).
 */
export function createApiRoute(serve: (request: ApiRequest) => Promise<ApiAnswer>, trust: TrustFunction) {
	return async function serveApi(req: IncomingMessage, res: ServerResponse) {
		try {
			const [path = '', query = ''] = (req.url ?? '').split('?')
			const answer = await serve({
				method: req.method ?? 'GET',
				path,
				query: new URLSearchParams(query),
				clientId: clientKey(req, trust),
				header: (name) => [req.headers[name] ?? []].flat()[0],
				readJson: () => readJsonBody(req),
			})
			let body = Buffer.from(answer.body)
			const headers: Record<string, string> = { ...SECURITY_HEADERS, vary: 'Accept-Encoding', ...answer.headers }
			const accepts = String(req.headers['accept-encoding'] ?? '')
			if (body.length > 1024 && /\bbr\b/.test(accepts)) {
				body = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
				headers['content-encoding'] = 'br'
			} else if (body.length > 1024 && /\bgzip\b/.test(accepts)) {
				body = gzipSync(body, { level: 4 })
				headers['content-encoding'] = 'gzip'
			}
			headers['content-length'] = String(body.length)
			res.writeHead(answer.status, headers)
			res.end(req.method === 'HEAD' || answer.status === 204 ? undefined : body)
		} catch {
			// The kit answers every failure itself; this is only a broken connection.
			if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
			res.end('{"error":{"code":"REQUEST_FAILED","message":"The request failed unexpectedly."}}')
		}
	}
}

/** The largest JSON body an endpoint reads: a 500-name competition is ~15 KB. */
const MAX_JSON_BYTES = 64 * 1024

/**
 * The request's body as JSON: 415 unless `Content-Type: application/json`, 413 past
 * `MAX_JSON_BYTES` (the rest is not read: `closeAfterUnreadBody` closes the connection after the
 * answer), 400 when it does not parse or a string in it holds a control character (named by its
 * path, `participants.3`).
 */
export function readJsonBody(req: IncomingMessage, maxBytes = MAX_JSON_BYTES): Promise<JsonBody> {
	const refuse = (status: number, code: string, message: string): JsonBody => ({ ok: false, answer: apiError(status, code, message) })
	if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
		return Promise.resolve(refuse(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON, with Content-Type: application/json.'))
	const tooLarge = refuse(413, 'BODY_TOO_LARGE', `The body is larger than ${maxBytes / 1024} KB.`)
	if (Number(req.headers['content-length'] ?? 0) > maxBytes) return Promise.resolve(tooLarge)
	return new Promise((resolve) => {
		const chunks: Buffer[] = []
		let size = 0
		const onData = (chunk: Buffer) => {
			size += chunk.length
			if (size <= maxBytes) return void chunks.push(chunk)
			req.off('data', onData)
			req.resume()
			resolve(tooLarge)
		}
		req.on('data', onData)
		req.once('error', () => resolve(refuse(400, 'INVALID_BODY', 'The body could not be read.')))
		req.once('end', () => {
			if (size > maxBytes) return
			let value: unknown
			try {
				value = JSON.parse(Buffer.concat(chunks).toString('utf8'))
			} catch {
				return resolve(refuse(400, 'INVALID_JSON', 'The body is not valid JSON.'))
			}
			const problem = controlCharacterIn(value, '')
			resolve(problem ? { ok: false, answer: apiError(400, 'INVALID_PARAMETER', problem.message, { parameter: problem.path }) } : { ok: true, value })
		})
	})
}

function controlCharacterIn(value: unknown, path: string): { path: string; message: string } | null {
	if (typeof value === 'string') {
		const message = controlCharacterProblem(value, path || 'The body')
		return message ? { path, message } : null
	}
	if (typeof value !== 'object' || value === null) return null
	for (const [key, item] of Object.entries(value)) {
		const at = path ? `${path}.${key}` : key
		const problem = controlCharacterProblem(key, 'A field name')
		if (problem) return { path: at, message: problem }
		const inner = controlCharacterIn(item, at)
		if (inner) return inner
	}
	return null
}
