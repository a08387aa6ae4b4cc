/**
 * `npm run bench:login-flood`: a static guide page's latency while a login flood runs (needs
 * `npm run build`). 240 wrong dashboard passwords from 60 addresses (4 each, the 60 at once) are
 * sent by a Node process of its own, so the flood's client and the measuring one don't share an
 * event loop; meanwhile this process loads the page one request at a time and prints its
 * p50/p95/max during the flood, next to the same figures idle. Target: p95 and max under 500 ms
 * on a 2-core machine. `BENCH_LOGIN_FLOOD_RUNS` (default 3) repeats the flood on fresh servers.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { startProductionServer } from './production-server.ts'

const PAGE = '/guides/mid-game/ancient-curses'
const ADDRESSES = 60
const PER_ADDRESS = 4

/** The flood, from its own process: prints the answers' statuses as JSON. */
const FLOOD = `
const [base, addresses, perAddress] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3])]
const body = new URLSearchParams({ intent: 'login', password: 'wrong-guess' }).toString()
const statuses = {}
await Promise.all(Array.from({ length: addresses }, async (_, a) => {
	for (let i = 0; i < perAddress; i++) {
		const response = await fetch(base + '/dev/dashboard?index', {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.' + (a + 1) },
			body,
		})
		await response.arrayBuffer()
		statuses[response.status] = (statuses[response.status] ?? 0) + 1
	}
}))
console.log(JSON.stringify(statuses))
`

const percentile = (values: number[], p: number) =>
	values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!
const summary = (values: number[]) =>
	`p50 ${percentile(values, 0.5).toFixed(0)} ms, p95 ${percentile(values, 0.95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms ` +
	`(${values.length} loads, ${values.filter((ms) => ms >= 500).length} of them 500 ms or more)`

async function load(url: string): Promise<number> {
	const started = performance.now()
	const response = await fetch(url, { headers: { 'accept-encoding': 'br' } })
	await response.arrayBuffer()
	if (response.status !== 200) throw new Error(`${PAGE} answered ${response.status}`)
	return performance.now() - started
}

async function run() {
	const dataDir = mkdtempSync(path.join(tmpdir(), 'gg-bench-login-'))
	const server = await startProductionServer({
		env: { DATA_DIR: dataDir, TRUST_PROXY: 'loopback', DASHBOARD_PASSWORD: 'the-right-password-for-the-bench', DATABASE_URL: '' },
	})
	try {
		const idle: number[] = []
		for (let i = 0; i < 30; i++) idle.push(await load(server.url + PAGE))
		const during: number[] = []
		let flooding = true
		const flood = promisify(execFile)(process.execPath, [
			'--input-type=module',
			'-e',
			FLOOD,
			server.url,
			String(ADDRESSES),
			String(PER_ADDRESS),
		])
		void flood.finally(() => (flooding = false)).catch(() => {})
		const started = performance.now()
		while (flooding) {
			during.push(await load(server.url + PAGE))
			await new Promise((resolve) => setTimeout(resolve, 10))
		}
		const statuses = JSON.parse((await flood).stdout) as Record<string, number>
		return { idle, during, statuses, seconds: (performance.now() - started) / 1000 }
	} finally {
		await server.stop()
		rmSync(dataDir, { recursive: true, force: true })
	}
}

const runs = Number(process.env.BENCH_LOGIN_FLOOD_RUNS ?? 3)
const all: number[] = []
for (let i = 1; i <= runs; i++) {
	const result = await run()
	all.push(...result.during)
	console.log(
		`run ${i}: ${ADDRESSES * PER_ADDRESS} wrong passwords from ${ADDRESSES} addresses in ${result.seconds.toFixed(1)} s ` +
			`(answers ${JSON.stringify(result.statuses)}); ${PAGE} idle ${summary(result.idle)}; during the flood ${summary(result.during)}`,
	)
}
console.log(`all runs, during the flood: ${summary(all)} (target: under 500 ms)`)
