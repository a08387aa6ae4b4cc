import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { FORM_BODY_LIMIT_BYTES } from '#app/server/form-body.server.ts'
import { SECURITY_HEADERS } from './http-headers.ts'

/** The methods the site serves somewhere: the `Allow` of a refused request. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT'] as const

/**
 * Methods the routes answer themselves, with a 405 naming what that path allows (the image API
 * in JSON). Every other method (TRACE, CONNECT, PROPFIND…) is refused at the door: `fetch`'s
 * Request can't even hold TRACE or CONNECT, which made them 500s.
 */
const ROUTED_METHODS = new Set<string>([...ALLOWED_METHODS, 'DELETE', 'PATCH', 'OPTIONS'])

/**
 * Longest request target (path and query) we read. Ours stay under a few hundred characters; a
 * longer one is a 414 before any code looks at it. (Node itself refuses request heads over 16 KB.)
 */
const MAX_URL_LENGTH = 8 * 1024

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
	const body = `${message}\n`
	res.writeHead(status, {
		...SECURITY_HEADERS,
		'Content-Type': 'text/plain; charset=utf-8',
		'Content-Length': String(Buffer.byteLength(body)),
		'Cache-Control': 'no-store',
		...headers,
	})
	res.end(body)
}

/**
 * First thing for every request: an unknown method or an overlong URL is answered here (405, 414),
 * before routing. Returns true when it answered.
 */
export function refuseUnservable(req: IncomingMessage, res: ServerResponse): boolean {
	if (!ROUTED_METHODS.has(req.method ?? '')) {
		refuse(res, 405, `Method ${req.method} is not allowed.`, { Allow: ALLOWED_METHODS.join(', ') })
		return true
	}
	if ((req.url ?? '').length > MAX_URL_LENGTH) {
		refuse(res, 414, `URI too long: at most ${MAX_URL_LENGTH} characters.`)
		return true
	}
	return false
}

/**
 * Ahead of React Router, whose actions read bodies: a body larger than a form needs is a 413 from
 * its declared length, before a byte of it is read, and the connection closes rather than taking
 * the rest. Node's parser holds a body to its Content-Length, so a body without one (chunked) is a
 * 411: every browser form sends the length. Actions still read through `readForm`, which caps too.
 */
export function limitFormBodies(req: Request, res: Response, next: NextFunction) {
	if (req.method === 'GET' || req.method === 'HEAD') return next()
	const declared = req.headers['content-length']
	if (declared === undefined) {
		if (req.headers['transfer-encoding'] === undefined) return next()
		refuse(res, 411, 'Length Required: send the form with a Content-Length.', { Connection: 'close' })
		return
	}
	if (Number(declared) > FORM_BODY_LIMIT_BYTES) {
		refuse(res, 413, `Request body too large: forms here take at most ${FORM_BODY_LIMIT_BYTES} bytes.`, {
			Connection: 'close',
		})
		return
	}
	next()
}
