import type { IncomingMessage, ServerResponse } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { ApiAnswer, ApiRequest } from '#app/server/api.server.ts'
import { clientKey, type TrustFunction } from './client-address.ts'
import { SECURITY_HEADERS } from './http-headers.ts'
import { lingerThenClose } from './request-guards.ts'

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
				readBody: (maxBytes) => readBody(req, res, maxBytes),
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

/**
 * The body as text, or null past `maxBytes` (declared or sent): then the rest is left unread and
 * the connection closes after the answer, as for any body nobody reads.
 */
async function readBody(req: IncomingMessage, res: ServerResponse, maxBytes: number): Promise<string | null> {
	const tooLarge = () => {
		res.setHeader('Connection', 'close')
		lingerThenClose(req.socket)
		return null
	}
	if (Number(req.headers['content-length'] ?? 0) > maxBytes) return tooLarge()
	// Listeners rather than `for await`: leaving that loop early would destroy the socket, answer and all.
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		let total = 0
		const onData = (chunk: Buffer) => {
			total += chunk.length
			if (total <= maxBytes) return void chunks.push(chunk)
			req.off('data', onData).off('end', onEnd)
			resolve(tooLarge())
		}
		const onEnd = () => resolve(Buffer.concat(chunks).toString('utf8'))
		req.on('data', onData).on('end', onEnd).once('error', reject)
	})
}
