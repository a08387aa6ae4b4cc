/**
 * Times sequential GET requests and prints their durations (ms) as JSON on stdout:
 * `tsx scripts/bench/time-requests.ts <base> <count> <path> [<path> …]`, paths taken in turn.
 * A bench runs it as its own process: timed from the process that also drives Chromium through
 * Playwright, the same server's p95 came out ~5 ms higher (that process's pauses, not the
 * server's).
 */
export {}

const [base, countArg, ...paths] = process.argv.slice(2)
const count = Number(countArg)
if (!base || !Number.isInteger(count) || paths.length === 0) {
	console.error('usage: time-requests.ts <base> <count> <path> [<path> …]')
	process.exit(2)
}

async function get(path: string): Promise<boolean> {
	const response = await fetch(base + path, { headers: { 'accept-encoding': 'br' } })
	await response.arrayBuffer()
	return response.ok
}

const times: number[] = []
let errors = 0
for (let i = 0; i < count; i++) {
	const started = performance.now()
	if (!(await get(paths[i % paths.length]!))) errors++
	times.push(performance.now() - started)
}
console.log(JSON.stringify({ times, errors }))
