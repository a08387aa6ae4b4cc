import { expect, test } from './fixtures.ts'
import { rawRequest, type RawResponse } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// The second outside security review (issue 25): logins from many addresses. Each instance here
// trusts the loopback proxy (TRUST_PROXY=loopback), so the right-most X-Forwarded-For hop of a
// request is its client, as behind a load balancer.

const DASHBOARD_LOGIN = '/dev/dashboard?index'

async function withInstance(run: (server: ServerInstance) => Promise<void>) {
	const server = await startServerInstance({ TRUST_PROXY: 'loopback' })
	try {
		await run(server)
	} finally {
		await server.stop()
	}
}

const wrongLogin = (server: ServerInstance, client: string) =>
	rawRequest(server.baseURL, {
		method: 'POST',
		path: DASHBOARD_LOGIN,
		headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
		body: new URLSearchParams({ intent: 'login', password: 'wrong-guess' }).toString(),
	})

test('IPv6 clients are counted per /64: a fresh address in the same /64 is still locked out', async () => {
	test.setTimeout(90_000)
	await withInstance(async (server) => {
		for (let i = 1; i <= 5; i++) expect((await wrongLogin(server, `2001:db8:1:2::${i}`)).status).toBe(401)
		const sameNetwork = await wrongLogin(server, '2001:db8:1:2:abcd:ef01:2345:6789')
		expect(sameNetwork.status).toBe(429)
		expect(Number(sameNetwork.headers['retry-after'])).toBeGreaterThan(0)
		// The next /64 is another subscriber.
		expect((await wrongLogin(server, '2001:db8:1:3::1')).status).toBe(401)
	})
})

test('a login flood from 50 addresses meets the global limits, and prerendered pages stay fast', async () => {
	test.setTimeout(120_000)
	await withInstance(async (server) => {
		// The page before the flood, on the same machine at the same moment: the baseline.
		const idleMs: number[] = []
		for (let i = 0; i < 10; i++) idleMs.push((await rawRequest(server.baseURL, { path: '/' })).ms)
		const idle = idleMs.sort((a, b) => a - b)[5]!

		const answers: RawResponse[] = []
		const started = performance.now()
		const flood = (async () => {
			// 50 addresses × 5 wrong passwords, 25 in flight at a time.
			const queue = Array.from({ length: 250 }, (_, i) => `198.51.100.${(i % 50) + 1}`)
			await Promise.all(
				Array.from({ length: 25 }, async () => {
					for (let client = queue.shift(); client; client = queue.shift()) answers.push(await wrongLogin(server, client))
				}),
			)
		})()
		const pageMs: number[] = []
		let flooding = true
		void flood.finally(() => (flooding = false))
		while (flooding) {
			const page = await rawRequest(server.baseURL, { path: '/' })
			expect(page.status).toBe(200)
			pageMs.push(page.ms)
			await new Promise((resolve) => setTimeout(resolve, 20))
		}
		await flood
		const floodSeconds = (performance.now() - started) / 1000

		const count = (status: number) => answers.filter((answer) => answer.status === status).length
		const sorted = [...pageMs].sort((a, b) => a - b)
		const median = sorted[Math.floor(sorted.length / 2)]!
		const worst = sorted.at(-1)!
		console.log(
			`login flood: ${answers.length} logins in ${floodSeconds.toFixed(1)} s: ${count(401)} checked (401), ` +
				`${count(429)} limited (429), ${count(503)} busy (503); "/" idle median ${idle.toFixed(1)} ms, during the ` +
				`flood ${pageMs.length} loads, median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms`,
		)
		// Every answer is a clear refusal: no 500, nothing hung.
		expect(answers.every((answer) => [401, 429, 503].includes(answer.status))).toBe(true)
		// The budget is 30 wrong passwords a minute; checks under way when it ran out still finish.
		expect(count(401)).toBeLessThanOrEqual(30 + 10)
		expect(count(429) + count(503)).toBeGreaterThan(200)
		for (const answer of answers.filter((a) => a.status !== 401)) {
			expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
		}
		// Generous bounds: the machine running the tests is shared (2 cores, often a load of 15 and
		// more), and the flood and the measuring client share this process. Before the fix, on an idle
		// machine, the page took 1.5 s; here it took a median of 2.6 s and up to 10.9 s.
		expect(pageMs.length).toBeGreaterThan(3)
		expect(median).toBeLessThan(Math.max(1500, idle * 10))
		expect(worst).toBeLessThan(Math.max(6000, idle * 30))
	})
})
