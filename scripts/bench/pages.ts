/**
 * `npm run bench:pages`: builds, serves the production site and runs Lighthouse (mobile,
 * simulated throttling) with Debian's Chromium on the pages that matter, three times each; prints
 * the median of each figure as a Markdown table, then times a prefetched guide-to-guide
 * navigation in Chromium. The player pages are served against the fake upstream (Zezima Jr).
 *
 *   --no-build        reuse the current build
 *   --runs=N          Lighthouse runs per page (default 3)
 *   --pages=/a,/b     only these pages
 *   --port=N          where the server listens (default 4180)
 *   --no-navigation   skip the navigation timing
 *   --root=DIR        serve another checkout's build (e.g. the base commit's, for a before/after)
 *
 * Each run also loads the page once more in Lighthouse with real (DevTools) 4× CPU throttling and
 * reads the main thread's scripting time, its longest task and the most script one task ran from its
 * trace (main-thread.ts); and once more the same way with its scripts emptied
 * (script-free-mirror.ts): the longest task of the document alone, the floor no script can lower.
 *
 * Pages this build does not have (HTTP 404) print "missing". Lighthouse's TBT and performance
 * score move with the machine's load: the load average and Lighthouse's benchmark index are printed
 * next to the table.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { ensureChromium } from '../dev/ensure-browser.ts'
import { type LighthouseReport, type PageFigures, medianFigures, summarize, table } from './lighthouse-summary.ts'
import { type MainThreadFigures, mainThreadFigures } from './main-thread.ts'
import { startScriptFreeMirror } from './script-free-mirror.ts'
import { type Hop, describeNavigation, measureNavigation } from './navigation-time.ts'
import { startFakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { startProductionServer } from './production-server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const PAGES = [
	'/',
	'/setup/client-setup',
	'/getting-started/tick-system',
	'/guides/early-game/desert-treasure',
	'/guides/mid-game/while-guthix-sleeps',
	'/quests',
	'/quests/while-guthix-sleeps',
	'/tools/plan',
	'/tools/recurring',
	'/search?q=wgs',
	'/players',
	'/players/Zezima_Jr',
]
const HOPS: Hop[] = [
	['/guides/early-game/desert-treasure', '/guides/mid-game/while-guthix-sleeps'],
	['/guides/mid-game/while-guthix-sleeps', '/guides/early-game/desert-treasure'],
	['/setup/client-setup', '/setup/interface-setup'],
	['/getting-started/tick-system', '/getting-started/combat-basics'],
]
const outDir = path.join(root, 'bench-results')
const lighthouseDir = path.join(root, 'scripts/bench/lighthouse')

function option(name: string): string | undefined {
	return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
}

const load = () =>
	loadavg()
		.map((l) => l.toFixed(1))
		.join(', ')

function reportFile(page: string, run: number) {
	const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/[/?=&]/g, '-')
	return path.join(outDir, `lighthouse-${name}-${run}.json`)
}

const CPU_SLOWDOWN = 4
/** Real CPU throttling (DevTools'), no network throttling, and the trace kept (`-0.trace.json`). */
const TRACE_RUN = [
	'--only-audits=long-tasks',
	'--throttling-method=devtools',
	`--throttling.cpuSlowdownMultiplier=${CPU_SLOWDOWN}`,
	'--throttling.requestLatencyMs=0',
	'--throttling.downloadThroughputKbps=0',
	'--throttling.uploadThroughputKbps=0',
	'--save-assets',
]
const STANDARD_RUN = ['--only-categories=performance,accessibility,seo,best-practices']

/** The main thread at 4× CPU slowdown: a second Lighthouse load of the page, traced. */
async function traceMainThread(url: string, file: string, chromium: string): Promise<MainThreadFigures> {
	await lighthouse(url, file, chromium, TRACE_RUN)
	const trace = JSON.parse(readFileSync(file.replace(/\.json$/, '-0.trace.json'), 'utf8')) as { traceEvents: [] }
	return mainThreadFigures(trace.traceEvents)
}

/**
 * One Lighthouse run; a busy machine sometimes loses the trace (NO_NAVSTART), so up to 3 tries.
 * Not `execFileSync`: the script-free mirror and the fake upstream answer from this process.
 */
async function lighthouse(url: string, file: string, chromium: string, options = STANDARD_RUN): Promise<LighthouseReport> {
	for (let attempt = 1; ; attempt++) {
		try {
			await run(
				path.join(lighthouseDir, 'node_modules/.bin/lighthouse'),
				[
					url,
					'--output=json',
					`--output-path=${file}`,
					'--quiet',
					...options,
					'--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
				],
				{ ...process.env, CHROME_PATH: chromium },
			)
			return JSON.parse(readFileSync(file, 'utf8')) as LighthouseReport
		} catch (error) {
			if (attempt === 3) throw error
			console.warn(`Lighthouse failed on ${url} (attempt ${attempt} of 3); trying again`)
		}
	}
}

/** Runs a command with this process's output, and fails if it does. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { env, stdio: 'inherit' })
		child.once('error', reject)
		child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ended with ${signal ?? code}`))))
	})
}

async function main() {
	const chromium = ensureChromium()
	const runs = Number(option('runs') ?? 3)
	const port = Number(option('port') ?? 4180)
	const pages = option('pages')?.split(',') ?? PAGES
	if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive whole number, not ${option('runs')}`)
	if (!existsSync(path.join(lighthouseDir, 'node_modules/lighthouse'))) {
		execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: lighthouseDir, stdio: 'inherit' })
	}
	if (!process.argv.includes('--no-build') && !option('root')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
	mkdirSync(outDir, { recursive: true })

	// The player pages need a player: the fake RuneMetrics and hiscores serve Zezima Jr.
	const upstream = await startFakeUpstream()
	const server = await startProductionServer({
		port,
		cwd: option('root'),
		env: {
			DATA_DIR: path.join(outDir, 'data'),
			RUNEMETRICS_BASE_URL: upstream.runemetricsBaseUrl,
			HISCORES_BASE_URL: upstream.hiscoresBaseUrl,
			TRACKER_REFRESH: 'off',
			DATABASE_URL: '',
		},
	})
	const base = server.url
	const mirror = await startScriptFreeMirror(base)
	try {
		const loadBefore = load()
		const benchmarkIndexes: number[] = []
		const rows: Array<[string, PageFigures | undefined]> = []
		for (const page of pages) {
			const response = await fetch(`${base}${page}`, { headers: { connection: 'close' } })
			await response.arrayBuffer()
			if (response.status === 404) {
				rows.push([page, undefined])
				continue
			}
			const figures: PageFigures[] = []
			for (let run = 1; run <= runs; run++) {
				const report = await lighthouse(`${base}${page}`, reportFile(page, run), chromium)
				const mainThread = await traceMainThread(`${base}${page}`, reportFile(page, run).replace(/\.json$/, '-4x.json'), chromium)
				const withoutScripts = await traceMainThread(
					`${mirror.url}${page}`,
					reportFile(page, run).replace(/\.json$/, '-4x-no-scripts.json'),
					chromium,
				)
				figures.push(summarize(report, mainThread, withoutScripts))
				if (report.environment?.benchmarkIndex) benchmarkIndexes.push(report.environment.benchmarkIndex)
			}
			rows.push([page, medianFigures(figures)])
		}
		const loadAfter = load()
		console.log(`\nLighthouse 12.8 mobile, simulated throttling, median of ${runs} (reports in bench-results/)`)
		console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after; TBT and perf need an idle machine`)
		const speed = benchmarkIndexes.length
			? `${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}`
			: 'not reported'
		console.log(`Lighthouse's benchmark index (the CPU speed it measured; lower scores come with lower figures): ${speed}`)
		console.log(
			`scripting and longest tasks: the trace of a second Lighthouse load with DevTools throttling, ${CPU_SLOWDOWN}× CPU, no network throttling;`,
		)
		console.log(`"scripts emptied": a third such load of the same HTML with every script emptied (what the document alone costs)\n`)
		console.log(table(rows))
		if (!process.argv.includes('--no-navigation')) {
			console.log(`\nClient-side navigation in Chromium (Performance API, click to painted; load ${load()})`)
			console.log(describeNavigation(await measureNavigation(base, chromium, HOPS)))
		}
	} finally {
		await mirror.close()
		await server.stop()
		await upstream.close()
	}
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
