import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { NextFunction, Request, Response } from 'express'
import { matchRoutes, type RouteObject } from 'react-router'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { FORM_BODY_LIMIT_BYTES } from '#app/server/form-body.server.ts'
import { log } from '#app/server/log.server.ts'
import { SECURITY_HEADERS } from './http-headers.ts'

/** The methods the site serves somewhere: the `Allow` of a refused request. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'] as const

/**
 * Methods the routes answer themselves, with a 405 naming what that path allows (the image API
 * in JSON). Every other method (TRACE, CONNECT, PROPFIND…) is refused at the door: `fetch`'s
 * Request can't even hold TRACE or CONNECT, which made them 500s.
 */
const ROUTED_METHODS = new Set<string>([...ALLOWED_METHODS, 'PATCH'])

/**
 * Longest request target (path and query) we read. Ours stay under a few hundred characters; a
 * longer one is a 414 before any code looks at it. (Node itself refuses request heads over 16 KB.)
 */
const MAX_URL_LENGTH = 8 * 1024

/**
 * A `Host` (or `X-Forwarded-Host`) that can be a URL's host: a name or IPv4 address, or an IPv6
 * address in brackets, with an optional port. Anything else made `new URL()` throw deep inside
 * React Router and the image API (a 500 with a stack trace in the log).
 */
const VALID_HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * Shape of the paths React Router may see. Real pages are at most 4 segments deep
 * (`/guides/mid-game/<slug>.data`, `/dev/dashboard/upload`) and the longest segment is 56
 * characters (a quest slug with `.data.gz`); the margins are generous. Past them no page can match,
 * and React Router's route matching grows with the square of the segment count (decision 0012),
 * so such paths are a plain 404 here. Encoded slashes and backslashes count as separators:
 * `new URL()` turns `\` into `/`.
 */
export const MAX_PAGE_SEGMENTS = 16
export const MAX_SEGMENT_LENGTH = 200
const SEPARATOR = /[/\\]|%2f|%5c/i

function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
	const body = `${message}\n`
	res.writeHead(status, {
		...SECURITY_HEADERS,
		'Content-Type': 'text/plain; charset=utf-8',
		'Content-Length': String(Buffer.byteLength(body)),
		'Cache-Control': CACHE_CONTROL.none,
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
	const forwardedHost = req.headers['x-forwarded-host']
	if (!validHost(req.headers.host) || (forwardedHost !== undefined && !validHost(forwardedHost))) {
		refuse(res, 400, 'Bad Request: the Host header is not a valid host name.')
		return true
	}
	return false
}

function validHost(host: string | string[] | undefined): boolean {
	// HTTP/1.0 may send none (Node refuses an HTTP/1.1 request without one).
	if (host === undefined) return true
	return typeof host === 'string' && host.length <= 255 && VALID_HOST.test(host)
}

/** How long a closing connection still takes (and drops) an unread body after its answer. */
const LINGER_MS = 500

/**
 * A body on a request that nobody reads (GET, HEAD, the player and plan fast paths): Node would
 * read and discard all of it to keep the connection alive, however large. Asking for
 * `Connection: close` makes Node end the socket once the answer is written instead.
 */
export function closeAfterUnreadBody(req: IncomingMessage, res: ServerResponse, bodyIsIgnored: boolean) {
	if (!bodyIsIgnored && req.method !== 'GET' && req.method !== 'HEAD') return
	const length = req.headers['content-length']
	if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) {
		res.setHeader('Connection', 'close')
		lingerThenClose(req.socket)
	}
}

/**
 * Node closes a `Connection: close` socket (`destroySoon`) as soon as the answer is handed to the
 * kernel. With body bytes still unread, the kernel then sends a reset, and a client still sending
 * can lose the answer it had not read yet (seen in the browser suite). So: send the answer and our
 * end of the connection, let the parser drop what still comes for at most LINGER_MS while the client
 * notices, then close: web servers' "lingering close".
 */
export function lingerThenClose(socket: Socket) {
	// Node's own hook for closing after the answer, missing from its types.
	;(socket as Socket & { destroySoon(): void }).destroySoon = () => {
		if (socket.writable) socket.end()
		const timer = setTimeout(() => socket.destroy(), LINGER_MS)
		socket.once('close', () => clearTimeout(timer))
		socket.once('end', () => socket.destroy())
	}
}

/**
 * Ahead of React Router: a path deeper or with longer segments than any page could have is a 404
 * at once (see MAX_PAGE_SEGMENTS).
 */
export function refuseAbsurdPaths(req: Request, res: Response, next: NextFunction) {
	const segments = req.path.split(SEPARATOR)
	// split gives one more part than there are separators; the first is the empty one before `/`.
	if (segments.length - 1 > MAX_PAGE_SEGMENTS) {
		refuse(res, 404, `Not Found: no page here is more than ${MAX_PAGE_SEGMENTS} path segments deep.`)
		return
	}
	if (segments.some((segment) => segment.length > MAX_SEGMENT_LENGTH)) {
		refuse(res, 404, `Not Found: no page here has a path segment longer than ${MAX_SEGMENT_LENGTH} characters.`)
		return
	}
	next()
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
		lingerThenClose(req.socket)
		refuse(res, 411, 'Length Required: send the form with a Content-Length.', { Connection: 'close' })
		return
	}
	if (Number(declared) > FORM_BODY_LIMIT_BYTES) {
		// The client is most likely still sending: it must get the answer before the close.
		lingerThenClose(req.socket)
		refuse(res, 413, `Request body too large: forms here take at most ${FORM_BODY_LIMIT_BYTES} bytes.`, {
			Connection: 'close',
		})
		return
	}
	next()
}

/**
 * Ahead of React Router: a form post whose `Origin` is another site is a 403 with a message saying
 * so, and one warning line in the log. React Router makes the same check before running an action
 * (against cross-site request forgery), but answers 400 and reports it as an unexpected error with
 * a stack; this is the same decision, taken first.
 */
export function refuseCrossSiteActions(req: Request, res: Response, next: NextFunction) {
	if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
	const origin = req.headers.origin
	if (origin === undefined || sameOrigin(origin, requestOrigin(req))) return next()
	log.warn(`refused a cross-site ${req.method} to ${req.path.slice(0, 200)} from Origin ${JSON.stringify(origin.slice(0, 200))}`)
	refuse(res, 403, "Forbidden: this form was sent from another site. Forms here are only accepted from this site's own pages.")
}

function sameOrigin(origin: string, expected: string): boolean {
	try {
		return new URL(origin).origin === expected
	} catch {
		return false // `null` (a sandboxed or privacy-sensitive page) or not a URL: React Router refuses those too
	}
}

/** The origin React Router sees for the request: @react-router/express builds its URL this way. */
function requestOrigin(req: Request): string {
	const forwardedPort = req.app.enabled('trust proxy') ? req.get('x-forwarded-host')?.split(':')[1] : undefined
	const port = [forwardedPort, req.get('host')?.split(':')[1]].map((part) => Number.parseInt(part ?? '', 10)).find(Number.isSafeInteger)
	const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost'
	return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ''}`).origin
}

/** What a page route needs to know of a server build's route manifest. */
type PageRoutes = Record<
	string,
	{ id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: { action?: unknown } } | undefined
>

/**
 * Ahead of React Router: pages answer GET and HEAD, and POST where the route has an action (a
 * form). React Router runs a route's action for any other method too, so a PUT or DELETE to the
 * report form stored a report; here such a method is a 405 naming what the page allows, and
 * OPTIONS answers with that list. (React Router's own 405, a POST to a page without a form, gets
 * its `Allow` in `entry.server.tsx`.)
 */
export function refuseOtherPageMethods(loadRoutes: () => Promise<PageRoutes>) {
	let allowsPost: ((url: URL) => boolean) | undefined
	return async (req: Request, res: Response, next: NextFunction) => {
		if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return next()
		try {
			allowsPost ??= postTargets(await loadRoutes())
		} catch (error) {
			return next(error)
		}
		const allow = allowsPost(new URL(req.originalUrl, 'http://localhost')) ? 'GET, HEAD, POST' : 'GET, HEAD'
		if (req.method === 'OPTIONS') {
			res.writeHead(204, { ...SECURITY_HEADERS, Allow: allow, 'Cache-Control': CACHE_CONTROL.none })
			res.end()
			return
		}
		refuse(res, 405, `Method ${req.method} is not allowed here: this page answers ${allow}.`, { Allow: allow })
	}
}

/**
 * Whether a POST to this URL reaches an action, the way React Router picks the route: the deepest
 * match, or an index route's parent unless the URL says `?index`; `.data` requests name their page.
 */
function postTargets(routes: PageRoutes) {
	const entries = Object.values(routes).filter((route) => route !== undefined)
	const tree = (parentId: string | undefined): RouteObject[] =>
		entries
			.filter((route) => route.parentId === parentId)
			.map(({ id, path, index, caseSensitive }) =>
				index ? { id, index: true, caseSensitive } : { id, path, caseSensitive, children: tree(id) },
			)
	const roots = tree(undefined)
	return (url: URL) => {
		const pathname = url.pathname.endsWith('/_.data') ? url.pathname.slice(0, -'_.data'.length) : url.pathname.replace(/\.data$/, '')
		const matches = matchRoutes(roots, pathname) ?? []
		let target = matches.at(-1)?.route
		if (target?.index && !url.searchParams.has('index')) target = matches.at(-2)?.route
		return target?.id !== undefined && routes[target.id]?.module.action !== undefined
	}
}
