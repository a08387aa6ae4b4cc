/**
 * `npm run bench:search`: the site search measured on the production build, in Debian's Chromium.
 * - what a guide page loads before anyone searches (must be nothing of the search) and its weight;
 * - opening the dialog cold (⌘K, then typing at once): time to the first results and bytes fetched;
 * - keystroke → results painted with the dialog open, over 10 queries in a row, and their bytes;
 * - the server's `/search?q=` answer time (p50 / p95 / p99 over sequential requests).
 * `--no-build` reuses the current build.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { ensureChromium } from '../dev/ensure-browser.ts'
import { measurePage } from './page-weight.ts'
import { startProductionServer } from './production-server.ts'

const root = path.resolve(import.meta.dirname, '../..')
const PORT = Number(process.env.BENCH_PORT ?? 4192)
const BASE = `http://127.0.0.1:${PORT}`
const GUIDE = '/guides/mid-game/while-guthix-sleeps'
const QUERIES = ['wgs', 'prifdinas', 'overl', 'necro', 'action bar', 'rfd', 'slayer helm', 'dt', 'ports', 'glossary']
const SERVER_REQUESTS = 400
/** Budgets from the issue. */
const BUDGET = { keystrokeMs: 100, serverP95Ms: 20, guideJsKb: 120, guideCssKb: 25 }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${value.toFixed(1)} ms`

function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/** Bytes received per URL (headers and encoded body), from the moment it is called. */
function transferLog(page: Page) {
	const entries: { url: string; bytes: number }[] = []
	page.on('requestfinished', (request) => {
		void request.sizes().then((s) => entries.push({ url: request.url(), bytes: s.responseBodySize + s.responseHeadersSize }))
	})
	return {
		mark: () => entries.length,
		since: (mark: number) => entries.slice(mark),
	}
}

const sum = (list: { bytes: number }[]) => list.reduce((n, e) => n + e.bytes, 0)
const short = (url: string) => url.replace(BASE, '').replace(/-[\w-]{8}\./, '-*.')

/**
 * In the page: the time from a keystroke (its event time) to the next painted frame after the
 * result list changed. Undefined when the keystroke changed nothing on screen within a second.
 */
async function installLatencyProbe(page: Page) {
	await page.evaluate(() => {
		const w = window as unknown as { keyAt?: number; latencies: number[] }
		w.latencies = []
		const input = document.querySelector('[data-search-input]')!
		input.addEventListener('keydown', (event) => (w.keyAt = event.timeStamp))
		const list = document.querySelector('dialog[data-search-dialog] [role="listbox"]')!.parentElement!
		new MutationObserver(() => {
			const start = w.keyAt
			if (start === undefined) return
			w.keyAt = undefined
			requestAnimationFrame(() => setTimeout(() => w.latencies.push(performance.now() - start)))
		}).observe(list, { childList: true, subtree: true, characterData: true })
	})
}

async function typeMeasured(page: Page, text: string): Promise<number[]> {
	const found: number[] = []
	for (const char of text) {
		const before = await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies.length)
		await page.keyboard.type(char)
		try {
			await page.waitForFunction((n) => (window as unknown as { latencies: number[] }).latencies.length > n, before, { timeout: 1000 })
			found.push(await page.evaluate(() => (window as unknown as { latencies: number[] }).latencies.at(-1)!))
		} catch {
			// The keystroke changed nothing on screen (same results): nothing to time.
		}
	}
	return found
}

async function browserBench(executablePath: string) {
	const browser = await chromium.launch({
		executablePath,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	})
	try {
		const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
		const page = await context.newPage()
		const log = transferLog(page)
		await page.goto(BASE + GUIDE)
		await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
		// Everything the page loads by itself (lazy widgets, images) is in before the search starts.
		await page.waitForLoadState('networkidle')
		await page.waitForTimeout(500)
		const pageLoad = log.since(0)
		const searchBeforeOpen = pageLoad.filter((e) => /search-(dialog|index)/.test(e.url))

		// Cold: the shortcut, then the first letters at once (the index may still be on its way).
		const opened = log.mark()
		const started = Date.now()
		await page.keyboard.press('Control+k')
		await page.waitForSelector('dialog[data-search-dialog][open]')
		await page.keyboard.type('wgs')
		await page.waitForSelector('[role="option"]')
		const coldMs = Date.now() - started
		await page.waitForTimeout(300)
		const coldFiles = log.since(opened)

		// Warm: keystroke → painted results, ten queries in a row, typed one letter at a time.
		await installLatencyProbe(page)
		const queriesStart = log.mark()
		const first: number[] = []
		const all: number[] = []
		for (const query of QUERIES) {
			await page.locator('[data-search-input]').fill('')
			await page.waitForTimeout(50)
			const times = await typeMeasured(page, query)
			if (times[0] !== undefined) first.push(times[0])
			all.push(...times)
		}
		const queryFiles = log.since(queriesStart)
		return {
			version: browser.version(),
			pageLoad,
			searchBeforeOpen,
			coldMs,
			coldFiles,
			first,
			all,
			queryFiles,
		}
	} finally {
		await browser.close()
	}
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuMs(pid: number | undefined): number {
	if (!pid || !existsSync(`/proc/${pid}/stat`)) return NaN
	// Fields 14 and 15 (utime, stime) in clock ticks; the command name (field 2) may hold spaces.
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
	return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/**
 * Sequential requests over varied queries, timed by a separate plain Node process (see
 * time-requests.ts), after ten untimed rounds so the JIT has compiled the render path (a running
 * server is warm).
 */
async function serverBench(pid: number | undefined) {
	const paths = QUERIES.map((q) => `/search?q=${encodeURIComponent(q)}`)
	for (let round = 0; round < 10; round++) {
		for (const p of paths) await (await fetch(BASE + p, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()
	}
	const cpuBefore = cpuMs(pid)
	const output = execFileSync(
		process.execPath,
		['--import', 'tsx', path.join(root, 'scripts/bench/time-requests.ts'), BASE, String(SERVER_REQUESTS), ...paths],
		{ cwd: root, encoding: 'utf8' },
	)
	const { times, errors } = JSON.parse(output) as { times: number[]; errors: number }
	return { times, errors, cpuPerRequest: (cpuMs(pid) - cpuBefore) / SERVER_REQUESTS }
}

function guideWeight() {
	const clientDir = path.join(root, 'build/client')
	const compiled = path.join(root, 'app/generated/pages', `${GUIDE}.json`)
	const widgets = existsSync(compiled) ? (JSON.parse(readFileSync(compiled, 'utf8')) as { widgets: string[] }).widgets : []
	return measurePage(clientDir, GUIDE, widgets)
}

async function main() {
	const executablePath = ensureChromium()
	if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
	const server = await startProductionServer({
		port: PORT,
		env: { DATA_DIR: path.join(root, 'bench-results/data') },
	})
	try {
		const b = await browserBench(executablePath)
		const s = await serverBench(server.pid)
		const weight = guideWeight()
		const p95 = percentile(s.times, 95)
		const firstP95 = percentile(b.first, 95)
		const ok = (pass: boolean) => (pass ? 'ok' : 'OVER BUDGET')

		const lines = [
			`search bench (${new Date().toISOString().slice(0, 16)}, production build, Chromium ${b.version}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
			'',
			`guide page ${GUIDE}`,
			`  loaded before any search: ${b.pageLoad.length} requests, ${kb(sum(b.pageLoad))}; search files among them: ${b.searchBeforeOpen.length} ${b.searchBeforeOpen.length === 0 ? '(ok)' : 'SEARCH LOADED EARLY'}`,
			weight
				? `  page weight (brotli): JS ${kb(weight.js)} (budget ${BUDGET.guideJsKb} KB, ${ok(weight.js <= BUDGET.guideJsKb * 1024)}), CSS ${kb(weight.css)} (budget ${BUDGET.guideCssKb} KB, ${ok(weight.css <= BUDGET.guideCssKb * 1024)})`
				: '  page weight: not prerendered?',
			'',
			`cold query: Ctrl+K, type "wgs" at once → first results in ${b.coldMs} ms`,
			`  bytes fetched: ${kb(sum(b.coldFiles))} in ${b.coldFiles.length} requests`,
			...b.coldFiles.map((e) => `    ${short(e.url).padEnd(52)}${kb(e.bytes).padStart(10)}`),
			'',
			`10 queries in a row (${QUERIES.join(', ')}), typed letter by letter, dialog open:`,
			`  first keystroke → results painted: median ${ms(percentile(b.first, 50))}, p95 ${ms(firstP95)}, max ${ms(Math.max(...b.first))} (budget ${BUDGET.keystrokeMs} ms, ${ok(firstP95 <= BUDGET.keystrokeMs)})`,
			`  every keystroke (${b.all.length} timed): median ${ms(percentile(b.all, 50))}, p95 ${ms(percentile(b.all, 95))}`,
			`  bytes fetched for the 10 queries: ${kb(sum(b.queryFiles))} in ${b.queryFiles.length} requests`,
			...b.queryFiles.map((e) => `    ${short(e.url).padEnd(52)}${kb(e.bytes).padStart(10)}`),
			'',
			`server /search?q= (${SERVER_REQUESTS} sequential requests, ${QUERIES.length} queries): p50 ${ms(percentile(s.times, 50))}, p95 ${ms(p95)}, p99 ${ms(percentile(s.times, 99))}, errors ${s.errors} (budget p95 ${BUDGET.serverP95Ms} ms, ${ok(p95 <= BUDGET.serverP95Ms)})`,
			`  server CPU per request (user + system, whatever else the machine runs): ${ms(s.cpuPerRequest)}`,
		]
		console.log(lines.join('\n'))
	} finally {
		await server.stop()
	}
}

await main()
