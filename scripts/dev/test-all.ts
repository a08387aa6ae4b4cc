/**
 * `npm test`: browser, redis-server, PostgreSQL; then two lanes side by side (see below):
 * the unit tests and then most browser tests in one; the production build, the other browser tests
 * and the checks (typecheck, lint, dead code (knip), import cycles, formatting, data) in the other.
 * It ends with one line `N passed, N failed` summing them all.
 * A check that is not a test suite (typecheck, lint…) counts as one test. Nothing is skipped
 * quietly: without Chromium, redis-server or PostgreSQL the run counts a failure and says why.
 * Each step's output is printed in one piece when it ends, so the two lanes' lines never mix.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { ensureChromium } from './ensure-browser.ts'
import { startThrowawayPostgres, type ThrowawayPostgres } from './ensure-postgres.ts'
import { ensureRedis } from './ensure-redis.ts'

const root = path.resolve(import.meta.dirname, '../..')
const resultsDir = path.join(root, 'test-results')
type Tally = { passed: number; failed: number }
const tally: Tally = { passed: 0, failed: 0 }
const lines: string[] = []

/** Runs a command; its output is collected and printed under the step's label when it ends. */
async function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
	const started = performance.now()
	const child = spawn(command, args, {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		env: { ...process.env, FORCE_COLOR: '1', ...env },
	})
	const output: Buffer[] = []
	child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
	child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
	const status = await new Promise<number | null>((resolve) => {
		child.on('close', resolve)
		child.on('error', (error) => {
			output.push(Buffer.from(`${error.message}\n`))
			resolve(null)
		})
	})
	const seconds = ((performance.now() - started) / 1000).toFixed(1)
	const ok = status === 0
	process.stdout.write(`\n▶ ${label}: ${command} ${args.join(' ')} (${seconds} s)\n${Buffer.concat(output).toString()}`)
	lines.push(`${ok ? '✓' : '✗'} ${label} (${seconds} s)`)
	return ok
}

async function step(label: string, command: string, args: string[], env?: NodeJS.ProcessEnv) {
	if (await run(label, command, args, env)) tally.passed += 1
	else tally.failed += 1
}

function readJson(file: string): Record<string, unknown> | undefined {
	try {
		return JSON.parse(readFileSync(file, 'utf8'))
	} catch {
		return undefined
	}
}

/** A suite counts its own tests; when its report is missing, the failed run counts as one failure. */
async function suite(
	label: string,
	command: string,
	args: string[],
	report: string,
	count: (json: Record<string, unknown>) => Tally,
	env?: NodeJS.ProcessEnv,
) {
	rmSync(report, { force: true })
	const ok = await run(label, command, args, env)
	const json = readJson(report)
	if (!json) {
		tally.failed += 1
		lines.push(`  ${label}: no report written`)
		return
	}
	const counted = count(json)
	tally.passed += counted.passed
	tally.failed += counted.failed + (ok || counted.failed > 0 ? 0 : 1)
	lines.push(`  ${label}: ${counted.passed} passed, ${counted.failed} failed`)
}

mkdirSync(resultsDir, { recursive: true })
let chromium: string | undefined
try {
	chromium = ensureChromium()
	tally.passed += 1
	lines.push(`✓ browser: ${chromium}`)
} catch (error) {
	tally.failed += 1
	lines.push(`✗ browser: ${(error as Error).message}`)
}

// The shared-state tests (unit and two-instance browser suites) run a real redis-server.
let redisServer: string | undefined
try {
	redisServer = ensureRedis()
	tally.passed += 1
	lines.push(`✓ redis-server: ${redisServer}`)
} catch (error) {
	tally.failed += 1
	lines.push(`✗ redis-server: ${(error as Error).message} The shared-state tests fail without it.`)
}
const redisEnv = redisServer ? { REDIS_SERVER_PATH: redisServer } : {}

// The tracker's storage runs on PGlite always and on a real PostgreSQL too: a throwaway cluster,
// stopped at the end. Its URL reaches the unit tests (TEST_DATABASE_URL) and the browser tests.
let postgres: ThrowawayPostgres | undefined
try {
	postgres = await startThrowawayPostgres()
	tally.passed += 1
	lines.push(`✓ postgresql: ${postgres.url}`)
} catch (error) {
	tally.failed += 1
	lines.push(`✗ postgresql: ${(error as Error).message} The PostgreSQL halves of the tracker tests were skipped.`)
}
process.on('exit', () => postgres?.stop())
const testEnv = { ...redisEnv, ...(postgres ? { TEST_DATABASE_URL: postgres.url } : {}) }

const npx = 'npx'

type ReportSuite = { title: string; specs?: { title: string; tests: { status: string }[] }[]; suites?: ReportSuite[] }

/** The titles of the tests Playwright's JSON report marks flaky. */
function flakyTitles(json: Record<string, unknown>): string[] {
	const walk = (suite: ReportSuite): string[] => [
		...(suite.specs ?? []).filter((spec) => spec.tests.some((t) => t.status === 'flaky')).map((spec) => `${suite.title} › ${spec.title}`),
		...(suite.suites ?? []).flatMap(walk),
	]
	return ((json.suites ?? []) as ReportSuite[]).flatMap(walk)
}

/**
 * One part of the browser suite (playwright.config.ts: `E2E_PART`), against the production build.
 * One retry: a test that fails twice fails; one that passes on its retry is counted and named as
 * flaky (a few layout-shift and timing tests are, on a loaded 2-core machine).
 */
async function browserTests(part: 'early' | 'rest', workers: number) {
	const label = `browser tests (${part})`
	await suite(
		label,
		npx,
		['playwright', 'test', '--retries=1', `--workers=${workers}`],
		path.join(resultsDir, `e2e-${part}.json`),
		(json) => {
			const stats = (json.stats ?? {}) as Record<string, number>
			if (stats.flaky) lines.push(`  ${label}: ${stats.flaky} flaky (passed on the retry): ${flakyTitles(json).join('; ')}`)
			return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0 }
		},
		{ CHROMIUM_PATH: chromium, ...testEnv, E2E_PART: part },
	)
}

function browserSkipped(label: string) {
	tally.failed += 1
	lines.push(`✗ ${label}: skipped (no build or no browser)`)
}

// Two lanes. The unit tests (two vitest workers; its default on 2 cores is one: 158 s against 105 s
// alone) start at once in one, and the browser tests' rest part follows them on two workers. The build
// starts in the other, then the browser tests' early part on one worker (playwright.config.ts: the
// accessibility sweep and the files that time nothing, so sharing the cores does them no harm),
// then the static checks. The build uses a quick brotli level (scripts/build/postbuild.ts); the files
// and headers are the same. It runs without its prebuild: `npm test`'s pretest made app/generated/,
// which the unit tests are reading.
const built = run('production build', 'npm', ['run', '--silent', '--ignore-scripts', 'build'], { PRECOMPRESS: 'fast' })
const browsersCanRun = built.then((ok) => ok && chromium !== undefined && existsSync(path.join(root, 'build/server/index.js')))

async function buildEarlyBrowserTestsAndChecks(): Promise<void> {
	if (await browsersCanRun) await browserTests('early', 1)
	else browserSkipped('browser tests (early)')
	await step('typecheck', 'npm', ['run', '--silent', 'typecheck'])
	await step('lint', 'npm', ['run', '--silent', 'lint'])
	await step('dead code', 'npm', ['run', '--silent', 'lint:dead'])
	await step('import cycles', 'npm', ['run', '--silent', 'lint:cycles'])
	await step('formatting', 'npm', ['run', '--silent', 'format:check'])
	await step('data integrity', 'npm', ['run', '--silent', 'check:data'])
	await step('content check', 'npm', ['run', '--silent', 'content', '--', 'check'])
	// Pages and activities a game update touched after they were verified: a list for authors, never a failure.
	await run('stale pages (report only)', 'npm', ['run', '--silent', 'content', '--', 'stale'])
}

async function unitThenBrowserTests(): Promise<void> {
	await suite(
		'unit tests',
		npx,
		['vitest', 'run', '--maxWorkers=2', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(resultsDir, 'unit.json')}`],
		path.join(resultsDir, 'unit.json'),
		(json) => ({
			passed: Number(json.numPassedTests ?? 0),
			failed: Number(json.numFailedTests ?? 0),
		}),
		testEnv,
	)
	if (await browsersCanRun) await browserTests('rest', 2)
	else browserSkipped('browser tests (rest)')
}

await Promise.all([buildEarlyBrowserTestsAndChecks(), unitThenBrowserTests()])
if (await built) tally.passed += 1
else tally.failed += 1

postgres?.stop()
console.log(`\n${lines.join('\n')}\n`)
console.log(`${tally.passed} passed, ${tally.failed} failed`)
process.exitCode = tally.failed > 0 ? 1 : 0
