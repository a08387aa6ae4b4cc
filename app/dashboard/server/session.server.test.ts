import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { createKeyListVerifier } from './credentials.server.ts'
import { createDashboardAuth, SESSION_COOKIE } from './session.server.ts'

function setup() {
	let clock = Date.UTC(2026, 10, 4)
	const auth = createDashboardAuth({
		dashboardPassword: createKeyListVerifier(['hunter2-hunter2']),
		sessionSecret: randomBytes(32),
		now: () => clock,
	})
	return { auth, advance: (ms: number) => (clock += ms) }
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

test('the session cookie is httpOnly, SameSite=Strict, 7 days, Secure only over https', () => {
	const { auth } = setup()
	const plain = auth.createSessionCookie(http())
	expect(plain).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]+\\.[\\w-]+; `))
	expect(plain).toContain('; HttpOnly')
	expect(plain).toContain('; SameSite=Strict')
	expect(plain).toContain('; Path=/')
	expect(plain).toContain(`; Max-Age=${7 * 24 * 3600}`)
	expect(plain).not.toContain('Secure')
	expect(auth.createSessionCookie(new Request('https://guide.example/dashboard'))).toContain(
		'; Secure',
	)
	const proxied = http(undefined, { headers: { 'x-forwarded-proto': 'https' } })
	expect(auth.createSessionCookie(proxied)).toContain('; Secure')
})

test('a signed session reads back until it expires', () => {
	const { auth, advance } = setup()
	const cookie = cookiePair(auth.createSessionCookie(http()))
	const session = auth.readSession(http(`theme=dark; ${cookie}`))
	expect(session?.expiresAt.getTime()).toBe(Date.UTC(2026, 10, 11))
	advance(7 * 24 * 3600 * 1000 - 1000)
	expect(auth.readSession(http(cookie))).not.toBeNull()
	advance(1000)
	expect(auth.readSession(http(cookie))).toBeNull()
})

test('a tampered, re-signed or foreign cookie is refused', () => {
	const { auth } = setup()
	const cookie = cookiePair(auth.createSessionCookie(http()))
	const [name, value] = cookie.split('=') as [string, string]
	const [payload, sig] = value.split('.') as [string, string]
	const longer = Buffer.from(
		JSON.stringify({ v: 1, iat: 0, exp: 9_999_999_999, id: 'x' }),
	).toString('base64url')
	for (const bad of [
		`${name}=${longer}.${sig}`,
		`${name}=${payload}.${sig.slice(0, -2)}AA`,
		`${name}=${payload}`,
		`${name}=`,
		`${name}=.${sig}`,
	]) {
		expect(auth.readSession(http(bad)), bad).toBeNull()
	}
	const other = setup().auth
	expect(other.readSession(http(cookie))).toBeNull()
})

test('requireDashboardSession redirects pages and answers 401 to JSON clients', async () => {
	const { auth } = setup()
	const page = new Request('http://localhost/dashboard/images?page=2', {
		headers: { accept: 'text/html,*/*' },
	})
	let thrown: unknown
	try {
		auth.requireDashboardSession(page)
	} catch (error) {
		thrown = error
	}
	expect(thrown).toBeInstanceOf(Response)
	expect((thrown as Response).status).toBe(302)
	expect((thrown as Response).headers.get('location')).toBe(
		'/dashboard/login?redirectTo=%2Fdashboard%2Fimages%3Fpage%3D2',
	)

	const api = http(undefined, { headers: { accept: 'application/json' } })
	try {
		auth.requireDashboardSession(api)
	} catch (error) {
		thrown = error
	}
	expect((thrown as Response).status).toBe(401)
	expect(await (thrown as Response).json()).toEqual({ error: 'Log in to the dashboard first.' })

	const cookie = cookiePair(auth.createSessionCookie(http()))
	expect(auth.requireDashboardSession(http(cookie)).id).toMatch(/^[\w-]+$/)
})

test('logout clears the cookie', () => {
	const { auth } = setup()
	const cleared = auth.clearSessionCookie(http())
	expect(cleared).toMatch(new RegExp(`^${SESSION_COOKIE}=; `))
	expect(cleared).toContain('Max-Age=0')
	expect(cleared).toContain('HttpOnly')
	expect(auth.readSession(http(cookiePair(cleared)))).toBeNull()
})
