import { randomBytes } from 'node:crypto'
import type * as os from 'node:os'
import { expect, test, vi } from 'vitest'
import { createKeyListVerifier } from './credentials.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { createDashboardAuth, type DashboardAuthOptions, SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session.server.ts'

// The machine's cores, as the password checks' limit reads them when an auth is created.
const machine = vi.hoisted(() => ({ cores: 2 }))
vi.mock('node:os', async (importOriginal) => ({ ...(await importOriginal<typeof os>()), availableParallelism: () => machine.cores }))

const options = () => ({
	dashboardPassword: createKeyListVerifier(['hunter2-hunter2']),
	sessionSecret: randomBytes(32),
})

function setup(overrides: Partial<DashboardAuthOptions> = {}) {
	let clock = Date.UTC(2026, 10, 4)
	const settings = { ...options(), now: () => clock, ...overrides }
	const auth = createDashboardAuth(settings)
	return { auth, settings, advance: (ms: number) => (clock += ms) }
}

const http = (cookie?: string, init: RequestInit = {}) =>
	new Request('http://localhost/dashboard', {
		...init,
		headers: { ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string>) },
	})
const cookiePair = (setCookie: string) => setCookie.split(';')[0]!

test('the right password passes, a wrong one is a 401', async () => {
	const { auth } = setup()
	expect(await auth.verifyDashboardPassword(http(), 'hunter2-hunter2', 'ip')).toEqual({ ok: true })
	expect(await auth.verifyDashboardPassword(http(), 'hunter3', 'ip')).toEqual({
		ok: false,
		status: 401,
		error: 'Wrong password.',
	})
})

test('a missing or absurd password is a 400, not an attempt', async () => {
	const { auth } = setup()
	for (const bad of [undefined, '', 42, 'x'.repeat(2000)]) {
		const result = await auth.verifyDashboardPassword(http(), bad, 'ip')
		expect(result).toMatchObject({ ok: false, status: 400 })
	}
	expect(await auth.verifyDashboardPassword(http(), 'hunter2-hunter2', 'ip')).toEqual({ ok: true })
})

test('five wrong passwords from one client lock it out for 15 minutes', async () => {
	const { auth, advance } = setup()
	for (let i = 0; i < 5; i++) {
		expect(await auth.verifyDashboardPassword(http(), 'nope', 'ip')).toMatchObject({ status: 401 })
	}
	const locked = await auth.verifyDashboardPassword(http(), 'hunter2-hunter2', 'ip')
	expect(locked).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 900 })
	expect(await auth.verifyDashboardPassword(http(), 'hunter2-hunter2', 'other')).toEqual({
		ok: true,
	})
	advance(15 * 60_000)
	expect(await auth.verifyDashboardPassword(http(), 'hunter2-hunter2', 'ip')).toEqual({ ok: true })
})

test('the session cookie is httpOnly, SameSite=Strict, 7 days, Secure only over https', async () => {
	const { auth } = setup()
	const plain = auth.createSessionCookie(http())
	expect(plain).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]+\\.[\\w-]+; `))
	expect(plain).toContain('; HttpOnly')
	expect(plain).toContain('; SameSite=Strict')
	expect(plain).toContain('; Path=/')
	expect(plain).toContain(`; Max-Age=${7 * 24 * 3600}`)
	expect(plain).not.toContain('Secure')
	expect(auth.createSessionCookie(new Request('https://guide.example/dashboard'))).toContain('; Secure')
	// The header alone proves nothing: the HTTP layer puts a trusted proxy's protocol in the URL.
	const spoofed = http(undefined, { headers: { 'x-forwarded-proto': 'https' } })
	expect(auth.createSessionCookie(spoofed)).not.toContain('Secure')
	// SITE_URL on https: always Secure, and named __Host- (Path=/, no Domain), read back by that name only.
	const behindTls = createDashboardAuth({ ...options(), secureCookies: true })
	const secure = behindTls.createSessionCookie(http())
	expect(secure).toMatch(new RegExp(`^__Host-gg_session=[\\w-]+\\.[\\w-]+; Path=/; `))
	expect(secure).toContain('; Secure')
	expect(secure).not.toMatch(/Domain=/i)
	const value = cookiePair(secure).slice(SECURE_SESSION_COOKIE.length + 1)
	expect(await behindTls.readSession(http(`${SECURE_SESSION_COOKIE}=${value}`))).not.toBeNull()
	expect(await behindTls.readSession(http(`${SESSION_COOKIE}=${value}`))).toBeNull()
})

test('a signed session reads back until it expires', async () => {
	const { auth, advance } = setup()
	const cookie = cookiePair(auth.createSessionCookie(http()))
	const session = await auth.readSession(http(`theme=dark; ${cookie}`))
	expect(session?.expiresAt.getTime()).toBe(Date.UTC(2026, 10, 11))
	advance(7 * 24 * 3600 * 1000 - 1000)
	expect(await auth.readSession(http(cookie))).not.toBeNull()
	advance(1000)
	expect(await auth.readSession(http(cookie))).toBeNull()
})

test('a tampered, re-signed or foreign cookie is refused', async () => {
	const { auth } = setup()
	const cookie = cookiePair(auth.createSessionCookie(http()))
	const [name, value] = cookie.split('=') as [string, string]
	const [payload, sig] = value.split('.') as [string, string]
	const longer = Buffer.from(JSON.stringify({ v: 2, iat: 0, exp: 9_999_999_999, id: 'x' })).toString('base64url')
	for (const bad of [
		`${name}=${longer}.${sig}`,
		`${name}=${payload}.${sig.slice(0, -2)}AA`,
		`${name}=${payload}`,
		`${name}=`,
		`${name}=.${sig}`,
	]) {
		expect(await auth.readSession(http(bad)), bad).toBeNull()
	}
	const other = setup().auth
	expect(await other.readSession(http(cookie))).toBeNull()
})

test('requireDashboardSession redirects pages and answers 401 to JSON clients', async () => {
	const { auth } = setup()
	const page = new Request('http://localhost/dashboard/images?page=2', {
		headers: { accept: 'text/html,*/*' },
	})
	let thrown: unknown
	try {
		await auth.requireDashboardSession(page)
	} catch (error) {
		thrown = error
	}
	expect(thrown).toBeInstanceOf(Response)
	expect((thrown as Response).status).toBe(302)
	expect((thrown as Response).headers.get('location')).toBe('/dashboard/login?redirectTo=%2Fdashboard%2Fimages%3Fpage%3D2')
	// A form posted without a session: 303, so the login page is fetched with GET.
	const post = new Request('http://localhost/dashboard/images', { method: 'POST', headers: { accept: 'text/html' } })
	await expect(auth.requireDashboardSession(post)).rejects.toMatchObject({ status: 303 })

	const api = http(undefined, { headers: { accept: 'application/json' } })
	try {
		await auth.requireDashboardSession(api)
	} catch (error) {
		thrown = error
	}
	expect((thrown as Response).status).toBe(401)
	expect(await (thrown as Response).json()).toEqual({ error: 'Log in to the dashboard first.' })

	const cookie = cookiePair(auth.createSessionCookie(http()))
	expect((await auth.requireDashboardSession(http(cookie))).id).toMatch(/^[\w-]+$/)
})

test('logout clears the cookie and revokes the session on the server', async () => {
	const { auth } = setup()
	const cookie = cookiePair(auth.createSessionCookie(http()))
	const other = cookiePair(auth.createSessionCookie(http()))
	const cleared = await auth.endSession(http(cookie))
	expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=; `))
	expect(cleared).toContain('Max-Age=0')
	expect(cleared).toContain('HttpOnly')
	expect(await auth.readSession(http(cookiePair(cleared)))).toBeNull()
	// A copy of the cookie kept from before the logout opens nothing; other sessions stay.
	expect(await auth.readSession(http(cookie))).toBeNull()
	expect(await auth.readSession(http(other))).not.toBeNull()
	// Logging out without a session is harmless.
	expect(await auth.endSession(http())).toContain('Max-Age=0')
})

test('a revocation is shared through the state: another instance refuses the session too', async () => {
	const state = createMemoryState()
	const secret = randomBytes(32)
	const one = setup({ state, sessionSecret: secret }).auth
	const two = setup({ state, sessionSecret: secret }).auth
	const cookie = cookiePair(one.createSessionCookie(http()))
	expect(await two.readSession(http(cookie))).not.toBeNull()
	await two.endSession(http(cookie))
	expect(await one.readSession(http(cookie))).toBeNull()
})

test('a new password fingerprint ends every session signed with the old one', async () => {
	const secret = randomBytes(32)
	const before = setup({ sessionSecret: secret, passwordFingerprint: Buffer.from('one') }).auth
	const cookie = cookiePair(before.createSessionCookie(http()))
	const same = setup({ sessionSecret: secret, passwordFingerprint: Buffer.from('one') }).auth
	expect(await same.readSession(http(cookie))).not.toBeNull()
	const changed = setup({ sessionSecret: secret, passwordFingerprint: Buffer.from('two') }).auth
	expect(await changed.readSession(http(cookie))).toBeNull()
})

test('wrong passwords from many clients meet one budget: 30 a minute from everyone, then 429', async () => {
	const { auth, advance } = setup()
	for (let i = 0; i < 30; i++) {
		expect(await auth.verifyDashboardPassword(http(), 'nope', `198.51.100.${i}`)).toMatchObject({ status: 401 })
	}
	const refused = await auth.verifyDashboardPassword(http(), 'nope', '203.0.113.1')
	expect(refused).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 60 })
	expect(refused).toMatchObject({ error: 'Too many wrong passwords on the dashboard just now. Try again in 1 minute.' })
	advance(60_000)
	expect(await auth.verifyDashboardPassword(http(), 'hunter2-hunter2', '203.0.113.1')).toEqual({ ok: true })
})

test('the failure budget is shared through the state: another instance counts the same failures', async () => {
	const state = createMemoryState()
	const one = setup({ state }).auth
	const two = setup({ state }).auth
	for (let i = 0; i < 30; i++) await one.verifyDashboardPassword(http(), 'nope', `198.51.100.${i}`)
	expect(await two.verifyDashboardPassword(http(), 'nope', '203.0.113.1')).toMatchObject({ status: 429 })
})

/** `attempts` wrong passwords at once against checks that wait for a gate: the most running at once, and the answers. */
async function checksAtOnce(attempts: number) {
	let release!: () => void
	const gate = new Promise<void>((resolve) => (release = resolve))
	let running = 0
	let most = 0
	const { auth } = setup({
		dashboardPassword: {
			source: 'env',
			async verify(candidate) {
				most = Math.max(most, ++running)
				await gate
				running--
				return candidate === 'right'
			},
		},
	})
	const pending = Array.from({ length: attempts }, (_, i) => auth.verifyDashboardPassword(http(), 'nope', `198.51.100.${i}`))
	await new Promise((resolve) => setTimeout(resolve, 10))
	const overflow = await auth.verifyDashboardPassword(http(), 'right', '203.0.113.1')
	release()
	const answers = await Promise.all(pending)
	return { most, overflow, answers, afterwards: await auth.verifyDashboardPassword(http(), 'right', '203.0.113.1') }
}

test('below 4 cores one password check at a time, eight waiting; more are a 503 with a retry, not a queue', async () => {
	// Two scrypt runs at once took both cores of a 2-core machine: static pages waited 1.2–1.9 s.
	machine.cores = 2
	const { most, overflow, answers, afterwards } = await checksAtOnce(9)
	expect(overflow).toEqual({
		ok: false,
		status: 503,
		error: 'The dashboard is checking many passwords right now. Try again in a moment.',
		retryAfterSeconds: 1,
	})
	for (const result of answers) expect(result).toMatchObject({ status: 401 })
	expect(most).toBe(1)
	expect(afterwards).toEqual({ ok: true })
})

test('from 4 cores two password checks at once, eight waiting', async () => {
	machine.cores = 4
	const { most, overflow, answers } = await checksAtOnce(10)
	expect(overflow).toMatchObject({ status: 503 })
	for (const result of answers) expect(result).toMatchObject({ status: 401 })
	expect(most).toBe(2)
	machine.cores = 2
})

test('loginRefusal says what a login would get now, without counting a try', async () => {
	const { auth } = setup()
	expect(await auth.loginRefusal('ip')).toBeNull()
	for (let i = 0; i < 5; i++) await auth.verifyDashboardPassword(http(), 'nope', 'ip')
	expect(await auth.loginRefusal('ip')).toMatchObject({ status: 429, retryAfterSeconds: 900 })
	expect(await auth.loginRefusal('ip')).toMatchObject({ status: 429, retryAfterSeconds: 900 })
	expect(await auth.loginRefusal('other')).toBeNull()
	for (let i = 0; i < 25; i++) await auth.verifyDashboardPassword(http(), 'nope', `198.51.100.${i}`)
	expect(await auth.loginRefusal('other')).toMatchObject({ status: 429, retryAfterSeconds: 60 })
})
