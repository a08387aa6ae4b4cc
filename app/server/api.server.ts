/**
 * The JSON API kit: every `/api/v1/*` endpoint is declared once (path, methods, query schema,
 * handler) and answered through `createApi`, so all of them check methods, query parameters,
 * limits and cross-site requests the same way, and answer errors in one shape:
 * `{ "error": { "code", "message", "parameter"? } }` (decision 0017).
 */
import { DrizzleQueryError } from 'drizzle-orm/errors'
import type { z } from 'zod'
import { controlCharacterProblem } from '#app/lib/control-characters.ts'
import { parseQuery, type QuerySchema } from '#app/lib/query-params.ts'
import { CACHE_CONTROL } from './cache-control.server.ts'
import { log } from './log.server.ts'
import type { LimitDecision } from './shared-state/shared-state.server.ts'

/** An answer as plain data: the HTTP layer writes it (compressed) without building a Response. */
export type ApiAnswer = { status: number; headers: Record<string, string>; body: string }

/** A JSON answer; `Cache-Control: no-store` unless `headers` says otherwise. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): ApiAnswer {
	return {
		status,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': CACHE_CONTROL.none, ...headers },
		body: JSON.stringify(body),
	}
}

export type ApiErrorOptions = {
	/** The query parameter (or body field) at fault. */
	parameter?: string
	headers?: Record<string, string>
	/** More fields of `error` (`retryAfterSeconds`, `goals`…). */
	details?: Record<string, unknown>
	/** Fields beside `error` at the top of the body (the lookup's stale `data`). */
	extra?: Record<string, unknown>
}

/** `{ error: { code, message, parameter? } }` with `status`; never cached. */
export function apiError(status: number, code: string, message: string, options: ApiErrorOptions = {}): ApiAnswer {
	const { parameter, headers = {}, details = {}, extra = {} } = options
	const error = { code, message, ...(parameter === undefined ? {} : { parameter }), ...details }
	return json(status, { error, ...extra }, { ...headers, 'cache-control': CACHE_CONTROL.none })
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`

/** 429 with `Retry-After`: "Too many <what>; try again in N seconds." */
export function rateLimited(
	retryAfterSeconds: number,
	what = 'requests',
	options: { code?: string; message?: string; headers?: Record<string, string> } = {},
): ApiAnswer {
	const message = options.message ?? `Too many ${what}; try again in ${plural(retryAfterSeconds, 'second')}.`
	return apiError(429, options.code ?? 'RATE_LIMITED', message, {
		headers: { ...options.headers, 'retry-after': String(retryAfterSeconds) },
		details: { retryAfterSeconds },
	})
}

/** 405 with `Allow`. */
export function methodNotAllowed(allowed: readonly string[], headers: Record<string, string> = {}): ApiAnswer {
	return apiError(405, 'METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} here.`, {
		headers: { ...headers, allow: allowed.join(', ') },
	})
}

/** 400 `INVALID_PARAMETER` naming the parameter. */
function invalidParameter(failure: { parameter: string; message: string }, headers: Record<string, string> = {}): ApiAnswer {
	return apiError(400, 'INVALID_PARAMETER', failure.message, { parameter: failure.parameter, headers })
}

/** What an endpoint's handler gets. */
export type ApiCall<Q> = {
	method: string
	query: Q
	/** The `:name` segments of the path, as sent (still percent-encoded). */
	params: Record<string, string>
	/** The query as sent (`?a=1`, or empty): for a redirect that keeps it. */
	search: string
	clientId: string
	/** The JSON body, parsed, for an endpoint that declares `body` (else undefined). */
	body: unknown
	header(name: string): string | undefined
}

/** What the kit needs of a request: the HTTP layer builds it from Node's or from a web Request. */
export type ApiRequest = {
	method: string
	path: string
	query: URLSearchParams
	clientId: string
	header(name: string): string | undefined
	/** Reads the body as text, up to `maxBytes`; null when it is larger (the rest is not read). None: no body. */
	readBody?(maxBytes: number): Promise<string | null>
}

export type Endpoint = {
	/** `/api/v1/players/:name/gains`: `:x` matches one path segment. */
	path: string
	methods: readonly string[]
	/** Its query parameters (a function when they depend on the day: dates end tomorrow). */
	query: QuerySchema | (() => QuerySchema)
	/** Readable from any site (`Access-Control-Allow-Origin: *`, preflight answered). */
	cors?: boolean
	/** A JSON body of at most `maxBytes`, read for these methods (and for no other). */
	body?: { methods: readonly string[]; maxBytes: number }
	/** Counted against a per-client limit after the query is checked; `what` names it in the 429. */
	limit?: { hit(clientId: string): Promise<LimitDecision>; what: string }
	/** The answer to an unexpected error (logged once with its stack); a database error is a 503. */
	failure: { status: number; code: string; message: string }
	handle(call: ApiCall<unknown>): Promise<ApiAnswer>
}

/** Declares an endpoint with its handler typed by its query schema. */
export function endpoint<S extends QuerySchema>(
	definition: Omit<Endpoint, 'query' | 'handle'> & { query: S | (() => S); handle(call: ApiCall<z.output<S>>): Promise<ApiAnswer> },
): Endpoint {
	return definition as Endpoint
}

const CORS_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Retry-After' }

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * A browser sends `Sec-Fetch-Site` (and, on a cross-origin POST, `Origin`): a state-changing call
 * from another site's page (a plain form needs no preflight) is refused. Scripts that send
 * neither (curl, bots) are not browsers riding on a reader's cookies and are held by the limits.
 */
function crossSite(request: ApiRequest): boolean {
	const site = request.header('sec-fetch-site')
	if (site !== undefined && site !== 'same-origin' && site !== 'none') return true
	const origin = request.header('origin')
	if (origin === undefined) return false
	const host = request.header('host')
	try {
		return host === undefined || new URL(origin).host !== host
	} catch {
		return true
	}
}

type Compiled = { endpoint: Endpoint; segments: string[] }

function match(compiled: Compiled, parts: string[]): Record<string, string> | null {
	if (parts.length !== compiled.segments.length) return null
	const params: Record<string, string> = {}
	for (const [index, segment] of compiled.segments.entries()) {
		const part = parts[index]!
		if (segment.startsWith(':')) {
			if (part === '') return null
			params[segment.slice(1)] = part
		} else if (segment !== part) return null
	}
	return params
}

export type Api = {
	/** Whether the path is one of the table's (or under a prefix it owns). */
	handles(path: string): boolean
	/** Whether the kit reads this request's body (any other body is left unread: close after answering). */
	readsBody(path: string, method: string): boolean
	serve(request: ApiRequest): Promise<ApiAnswer>
}

/**
 * The table of endpoints. `ownedPrefixes`: paths under them that match no endpoint answer a JSON
 * 404 (a typo in `/api/v1/players/x/gian` is not an HTML page).
 */
export function createApi(endpoints: readonly Endpoint[], ownedPrefixes: readonly string[] = []): Api {
	const compiled = endpoints.map((endpoint) => ({ endpoint, segments: endpoint.path.split('/') }))
	const find = (path: string) => {
		const parts = path.split('/')
		for (const entry of compiled) {
			const params = match(entry, parts)
			if (params) return { endpoint: entry.endpoint, params }
		}
		return null
	}

	async function serve(request: ApiRequest): Promise<ApiAnswer> {
		const found = find(request.path)
		if (!found) {
			return apiError(404, 'NOT_FOUND', `No such endpoint: ${request.path}. See the README's API sections.`, { headers: CORS_HEADERS })
		}
		const { endpoint, params } = found
		const headers = endpoint.cors ? CORS_HEADERS : {}
		if (request.method === 'OPTIONS' && endpoint.cors) {
			const methods = endpoint.methods.join(', ')
			return {
				status: 204,
				headers: { ...CORS_HEADERS, 'access-control-allow-methods': methods, 'access-control-max-age': '86400' },
				body: '',
			}
		}
		if (!endpoint.methods.includes(request.method)) return methodNotAllowed(endpoint.methods, headers)
		// Read first, so that every answer below leaves the connection usable (see `readsBody`).
		const text = !readsBody(endpoint, request.method) ? undefined : request.readBody ? await request.readBody(endpoint.body!.maxBytes) : ''
		if (text === null) {
			return apiError(413, 'BODY_TOO_LARGE', `The request body is too large: at most ${endpoint.body!.maxBytes} bytes here.`, { headers })
		}
		if (STATE_CHANGING.has(request.method) && crossSite(request)) {
			return apiError(
				403,
				'CROSS_SITE_REQUEST',
				'Requests from other sites cannot change anything here: call this endpoint from a script or from this site.',
				{ headers },
			)
		}
		const query = parseQuery(typeof endpoint.query === 'function' ? endpoint.query() : endpoint.query, request.query)
		if (!query.ok) return invalidParameter(query, headers)
		for (const [name, value] of Object.entries(params)) {
			const problem = controlCharacterProblem(safeDecode(value), name)
			if (problem) return apiError(400, 'INVALID_PARAMETER', problem, { parameter: name, headers })
		}
		let body: unknown
		if (text !== undefined) {
			if (!/^application\/json\s*(;|$)/i.test(request.header('content-type') ?? '')) {
				return apiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON, with Content-Type: application/json.', { headers })
			}
			try {
				body = JSON.parse(text)
			} catch {
				return apiError(400, 'INVALID_BODY', 'The request body is not valid JSON.', { headers })
			}
			const problem = controlCharacterIn(body, '')
			if (problem) return apiError(400, 'INVALID_PARAMETER', problem.message, { parameter: problem.path, headers })
		}
		try {
			if (endpoint.limit) {
				const decision = await endpoint.limit.hit(request.clientId)
				if (!decision.allowed) return rateLimited(decision.retryAfterSeconds, endpoint.limit.what, { headers })
			}
			const answer = await endpoint.handle({
				method: request.method,
				query: query.value,
				params,
				search: request.query.size > 0 ? `?${request.query}` : '',
				clientId: request.clientId,
				body,
				header: request.header,
			})
			return endpoint.cors ? { ...answer, headers: { ...CORS_HEADERS, ...answer.headers } } : answer
		} catch (failure) {
			log.unexpected(endpoint.path, failure)
			return unexpectedAnswer(failure, endpoint.failure, headers)
		}
	}

	return {
		handles: (path) => find(path) !== null || ownedPrefixes.some((prefix) => path.startsWith(prefix)),
		readsBody(path, method) {
			const found = find(path)
			return found !== null && readsBody(found.endpoint, method)
		},
		serve,
	}
}

function readsBody(endpoint: Endpoint, method: string): boolean {
	return endpoint.body !== undefined && endpoint.body.methods.includes(method)
}

/** The one place a database failure becomes a status: 503, the history or store is unavailable. */
export function isDatabaseFailure(error: unknown): boolean {
	return error instanceof DrizzleQueryError
}

/** The endpoint's own failure answer; a database failure is always a 503 (the endpoint's, if it has one). */
function unexpectedAnswer(failure: unknown, fallback: Endpoint['failure'], headers: Record<string, string>): ApiAnswer {
	if (isDatabaseFailure(failure) && fallback.status !== 503) {
		return apiError(503, 'SERVICE_UNAVAILABLE', 'The database is not answering right now; try again shortly.', { headers })
	}
	return apiError(fallback.status, fallback.code, fallback.message, { headers })
}

function safeDecode(value: string): string {
	try {
		return decodeURIComponent(value)
	} catch {
		return value
	}
}

/** The first string (or field name) in a JSON body holding a control character, named by its path (`participants.3`). */
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
