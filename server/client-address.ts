import type { IncomingMessage } from 'node:http'

/** The client address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
	const forwarded = trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim() : ''
	return forwarded || req.socket.remoteAddress || 'unknown'
}
