import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { z } from 'zod'
import type { SecretVerifier } from './credentials.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import type { LimitDecision, SharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createCheckQueue } from './check-queue.server.ts'

export const SESSION_COOKIE = 'gg_session'
/**
 * On an https site (`secureCookies`) the cookie is `__Host-` prefixed: browsers then only accept it
 * Secure, for Path=/ and with no Domain, so neither a subdomain nor plain http can plant or replace it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`
const DEFAULT_MAX_AGE_SECONDS = 7 * 24 * 60 * 60
const MAX_PASSWORD_LENGTH = 1024

const LOGIN_LIMIT = { max: 5, windowMs: 15 * 60 * 1000, refill: 'window' } as const
/**
 * Wrong passwords from all clients together, per minute: many addresses (a botnet, a /48 of IPv6)
 * each under LOGIN_LIMIT still meet this. Shared through the state, so it holds across instances.
 */
const FAILED_LOGIN_BUDGET = { max: 30, windowMs: 60 * 1000, refill: 'window' } as const
/**
 * Password checks at once, and waiting; beyond the queue: 503. One scrypt run is a whole core for
 * ~50 ms: below 4 cores two at once left nothing for the pages (a static page took 1.2–1.9 s
 * during a flood on 2 cores), so there only one runs at a time, and every check runs on a thread
 * of lower priority than the one answering pages (scrypt-thread.server.ts).
 */
const passwordChecksAtOnce = () => (availableParallelism() < 4 ? 1 : 2)
const QUEUED_PASSWORD_CHECKS = 8

const sessionSchema = z.object({
	v: z.literal(2),
	iat: z.number().int(),
	exp: z.number().int(),
	id: z.string(),
})

export type Session = { id: string; issuedAt: Date; expiresAt: Date }

type LoginResult = { ok: true } | { ok: false; status: 400 | 401 | 429 | 503; error: string; retryAfterSeconds?: number }

export type DashboardAuthOptions = {
	dashboardPassword: SecretVerifier
	sessionSecret: Buffer
	/** From `loadCredentials`: sessions are signed with it, so a new password ends them all. */
	passwordFingerprint?: Buffer
	/** Login limits and revoked sessions: in-process by default, shared with Redis. */
	state?: SharedState
	/** Cookies are Secure even when the request came over http (SITE_URL is https behind a proxy). */
	secureCookies?: boolean
	now?: () => number
	maxAgeSeconds?: number
	/** Where `requireDashboardSession` sends a browser without a session. */
	loginPath?: string
}

export type DashboardAuth = {
	/**
	 * Checks the password (constant-time), counting attempts per client (5 in 15 min → 429) and
	 * wrong ones from everyone (30 a minute → 429); 503 while too many checks are under way.
	 */
	verifyDashboardPassword(request: Request, password: unknown, clientId: string): Promise<LoginResult>
	/**
	 * The refusal a login from this client would get now (too many tries, too many wrong passwords
	 * from everyone, too many checks under way), without counting a try; null when it would be heard.
	 */
	loginRefusal(clientId: string): Promise<Extract<LoginResult, { ok: false }> | null>
	/** `Set-Cookie` value for a fresh signed session (Secure when the request came over https). */
	createSessionCookie(request: Request): string
	/** The valid, unexpired, unrevoked session carried by the request, or null. */
	readSession(request: Request): Promise<Session | null>
	/**
	 * The session, or throws a Response: a 302 to the login page (with `redirectTo`), or a 401 JSON
	 * error when the client accepts JSON but not HTML.
	 */
	requireDashboardSession(request: Request): Promise<Session>
	/**
	 * Logout: revokes the request's session on the server until it would have expired (on every
	 * instance sharing the state), and returns the `Set-Cookie` value that removes the cookie.
	 */
	endSession(request: Request): Promise<string>
}

/**
 * Whether the request came over https. The HTTP layer writes the protocol into the request URL:
 * the socket's, or X-Forwarded-Proto only from a proxy TRUST_PROXY names. The header itself is
 * never read here, since anyone can send it.
 */
function isHttps(request: Request): boolean {
	return new URL(request.url).protocol === 'https:'
}

/** The one key of the failed-login budget: every client together. */
const EVERYONE = 'all'

type Refusal = Extract<LoginResult, { ok: false }>

function tooMany(decision: Extract<LimitDecision, { allowed: false }>, what: string): Refusal {
	const seconds = decision.retryAfterSeconds
	const [count, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute']
	const wait = `${count} ${unit}${count === 1 ? '' : 's'}`
	return { ok: false, status: 429, error: `${what}. Try again in ${wait}.`, retryAfterSeconds: seconds }
}

function busy(): Refusal {
	return {
		ok: false,
		status: 503,
		error: 'The dashboard is checking many passwords right now. Try again in a moment.',
		retryAfterSeconds: 1,
	}
}

function readCookie(request: Request, name: string): string | null {
	for (const part of (request.headers.get('cookie') ?? '').split(';')) {
		const eq = part.indexOf('=')
		if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
	}
	return null
}

export function createDashboardAuth(options: DashboardAuthOptions): DashboardAuth {
	const now = options.now ?? Date.now
	const state = options.state ?? createMemoryState({ now })
	const limiter = state.limiter('login', LOGIN_LIMIT)
	const failures = state.limiter('login-failures', FAILED_LOGIN_BUDGET)
	const checks = createCheckQueue({ concurrent: passwordChecksAtOnce(), queued: QUEUED_PASSWORD_CHECKS })
	const revoked = state.expiringSet('revoked-sessions')
	const maxAge = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS
	const loginPath = options.loginPath ?? '/dashboard/login'
	const fingerprint = (options.passwordFingerprint ?? Buffer.alloc(0)).toString('base64url')
	const cookieName = options.secureCookies ? SECURE_SESSION_COOKIE : SESSION_COOKIE

	const sign = (payload: string) => createHmac('sha256', options.sessionSecret).update(`session-v2.${fingerprint}.${payload}`).digest()

	function cookie(request: Request, value: string, maxAgeSeconds: number) {
		const parts = [`${cookieName}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`]
		if (options.secureCookies || isHttps(request)) parts.push('Secure')
		return parts.join('; ')
	}

	/** The signed, unexpired session in the cookie; revocation is checked by `readSession`. */
	function verifiedSession(request: Request): Session | null {
		const value = readCookie(request, cookieName)
		if (!value) return null
		const dot = value.lastIndexOf('.')
		if (dot <= 0) return null
		const payload = value.slice(0, dot)
		const given = Buffer.from(value.slice(dot + 1), 'base64url')
		const expected = sign(payload)
		if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
		let json: unknown
		try {
			json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
		} catch {
			return null
		}
		const parsed = sessionSchema.safeParse(json)
		if (!parsed.success || parsed.data.exp * 1000 <= now()) return null
		return {
			id: parsed.data.id,
			issuedAt: new Date(parsed.data.iat * 1000),
			expiresAt: new Date(parsed.data.exp * 1000),
		}
	}

	async function readSession(request: Request): Promise<Session | null> {
		const session = verifiedSession(request)
		if (!session || (await revoked.has(session.id))) return null
		return session
	}

	return {
		async verifyDashboardPassword(_request, password, clientId) {
			if (typeof password !== 'string' || password.length === 0) {
				return { ok: false, status: 400, error: 'Enter the dashboard password.' }
			}
			if (password.length > MAX_PASSWORD_LENGTH) {
				return { ok: false, status: 400, error: 'That password is too long.' }
			}
			const client = clientId || 'unknown'
			if (checks.full()) return busy()
			// Counted before the check, so parallel guesses can't slip past the limit while scrypt runs.
			const attempt = await limiter.hit(client)
			if (!attempt.allowed) return tooMany(attempt, 'Too many wrong passwords')
			const budget = await failures.peek(EVERYONE)
			if (!budget.allowed) return tooMany(budget, 'Too many wrong passwords on the dashboard just now')
			const verdict = await checks.run(() => options.dashboardPassword.verify(password))
			if (verdict === 'busy') return busy()
			if (verdict) {
				await limiter.reset(client)
				return { ok: true }
			}
			await failures.hit(EVERYONE)
			return { ok: false, status: 401, error: 'Wrong password.' }
		},

		async loginRefusal(clientId) {
			if (checks.full()) return busy()
			const attempt = await limiter.peek(clientId || 'unknown')
			if (!attempt.allowed) return tooMany(attempt, 'Too many wrong passwords')
			const budget = await failures.peek(EVERYONE)
			if (!budget.allowed) return tooMany(budget, 'Too many wrong passwords on the dashboard just now')
			return null
		},

		createSessionCookie(request) {
			const issued = Math.floor(now() / 1000)
			const payload = Buffer.from(
				JSON.stringify({
					v: 2,
					iat: issued,
					exp: issued + maxAge,
					id: randomBytes(12).toString('base64url'),
				}),
			).toString('base64url')
			return cookie(request, `${payload}.${sign(payload).toString('base64url')}`, maxAge)
		},

		readSession,

		async requireDashboardSession(request) {
			const session = await readSession(request)
			if (session) return session
			const url = new URL(request.url)
			// Pages and React Router data/form requests follow a thrown redirect; a client that
			// asked for JSON only (a script calling the API) gets a 401 it can read.
			const accept = request.headers.get('accept') ?? ''
			const wantsJson = accept.includes('application/json') && !accept.includes('text/html')
			if (!wantsJson) {
				const redirectTo = encodeURIComponent(url.pathname + url.search)
				throw new Response(null, {
					// 303 after a form post: the login page is fetched with GET.
					status: request.method === 'GET' || request.method === 'HEAD' ? 302 : 303,
					headers: { Location: `${loginPath}?redirectTo=${redirectTo}` },
				})
			}
			throw Response.json({ error: 'Log in to the dashboard first.' }, { status: 401, headers: { 'Cache-Control': CACHE_CONTROL.none } })
		},

		async endSession(request) {
			const session = verifiedSession(request)
			if (session) await revoked.add(session.id, Math.max(1000, session.expiresAt.getTime() - now()))
			return cookie(request, '', 0)
		},
	}
}
