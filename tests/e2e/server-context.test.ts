import { expect, test } from './fixtures.ts'
import { startServerInstance } from './server-instance.ts'

// What the HTTP layer (server/app.ts) hands to route modules through React Router's load context.

test('dashboard logins are limited per client address, taken from the trusted proxy header', async ({ request }) => {
	// Two proxies in front: the outer one appended the client, the inner one (10.0.0.1) itself.
	const server = await startServerInstance({ TRUST_PROXY: '2' })
	try {
		const login = (client: string, headers: Record<string, string> = {}) =>
			request.post(`${server.baseURL}/dev/dashboard?index`, {
				form: { intent: 'login', password: 'wrong password' },
				headers: { 'x-forwarded-for': `${client}, 10.0.0.1`, ...headers },
			})
		// A header of the client's own choosing does not make it someone else.
		for (let attempt = 1; attempt <= 5; attempt++) {
			expect((await login('203.0.113.7', { 'x-client-ip': `198.51.100.${attempt}` })).status()).toBe(401)
		}
		const limited = await login('203.0.113.7')
		expect(limited.status()).toBe(429)
		expect(await limited.text()).toContain('Too many wrong passwords')
		// Another client behind the same proxy is not affected.
		expect((await login('203.0.113.8')).status()).toBe(401)
	} finally {
		await server.stop()
	}
})

test("a server-rendered document's policy allows exactly its own script nonce", async ({ request }) => {
	const response = await request.get('/no/such/page')
	const policy = response.headers()['content-security-policy'] ?? ''
	const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
	expect(nonce).toBeTruthy()
	const html = await response.text()
	const scriptNonces = [...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1])
	expect(scriptNonces.length).toBeGreaterThan(0)
	expect(new Set(scriptNonces)).toEqual(new Set([nonce]))
	expect((await request.get('/no/such/page')).headers()['content-security-policy']).not.toContain(nonce)
})
