/**
 * The figures `npm run bench:pages` prints from a Lighthouse JSON report, and the median of a
 * few runs. Pure functions, so the table's arithmetic is unit-tested.
 */
import type { MainThreadFigures } from './main-thread.ts'

type NetworkItem = {
	url?: string
	resourceType?: string
	transferSize?: number
	/** ms after `networkStartTimeTs` (the earliest request). */
	networkRequestTime?: number
}
type Audit = {
	score?: number | null
	numericValue?: number
	details?: { items?: unknown[]; debugData?: { networkStartTimeTs?: number } }
}
export type LighthouseReport = {
	categories: Record<string, { score: number | null }>
	audits: Record<string, Audit>
	/** Lighthouse's own measure of the machine's CPU speed during the run (higher is faster). */
	environment?: { benchmarkIndex?: number }
}

export interface PageFigures {
	performance: number
	accessibility: number
	seo: number
	bestPractices: number
	/** Simulated (throttled) timings, ms. */
	fcp: number
	lcp: number
	tbt: number
	cls: number
	/** Script bytes transferred, KB. */
	jsKb: number
	/** Requests the browser had started before it painted anything (observed, unthrottled). */
	requestsBeforePaint: number
	/** Every request of the page load. */
	requests: number
	/** Lighthouse's measure of the CPU speed during the run. */
	benchmarkIndex: number
	/** From a Chromium trace at 4× CPU slowdown (main-thread.ts), ms. */
	scriptingMs: number
	longestTaskMs: number
	mostScriptInOneTaskMs: number
	/** The longest task at 4× of the same page with its scripts emptied (script-free-mirror.ts), ms. */
	longestTaskWithoutScriptsMs: number
}

function score(report: LighthouseReport, category: string): number {
	return Math.round((report.categories[category]?.score ?? 0) * 100)
}

function numeric(report: LighthouseReport, audit: string): number {
	return report.audits[audit]?.numericValue ?? 0
}

/** A run's figures: its Lighthouse report, and the 4× traces of the page and of the page with its scripts emptied. */
export function summarize(report: LighthouseReport, mainThread: MainThreadFigures, withoutScripts: MainThreadFigures): PageFigures {
	const network = report.audits['network-requests']?.details
	const items = ((network?.items ?? []) as NetworkItem[]).filter((i) => !i.url?.startsWith('data:'))
	const metrics = (report.audits.metrics?.details?.items?.[0] ?? {}) as { observedFirstContentfulPaintTs?: number }
	const start = network?.debugData?.networkStartTimeTs
	const paint = metrics.observedFirstContentfulPaintTs
	const requestsBeforePaint =
		start === undefined || paint === undefined
			? items.length
			: items.filter((i) => start + (i.networkRequestTime ?? 0) * 1000 < paint).length
	const scriptBytes = items.filter((i) => i.resourceType === 'Script').reduce((sum, i) => sum + (i.transferSize ?? 0), 0)
	return {
		performance: score(report, 'performance'),
		accessibility: score(report, 'accessibility'),
		seo: score(report, 'seo'),
		bestPractices: score(report, 'best-practices'),
		fcp: numeric(report, 'first-contentful-paint'),
		lcp: numeric(report, 'largest-contentful-paint'),
		tbt: numeric(report, 'total-blocking-time'),
		cls: numeric(report, 'cumulative-layout-shift'),
		jsKb: scriptBytes / 1024,
		requestsBeforePaint,
		requests: items.length,
		benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
		...mainThread,
		longestTaskWithoutScriptsMs: withoutScripts.longestTaskMs,
	}
}

export function median(values: readonly number[]): number {
	if (values.length === 0) throw new Error('median of no values')
	const sorted = [...values].sort((a, b) => a - b)
	const mid = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The median of each figure on its own over several runs of one page. */
export function medianFigures(runs: readonly PageFigures[]): PageFigures {
	const first = runs[0]
	if (!first) throw new Error('no runs to take the median of')
	const keys = Object.keys(first) as (keyof PageFigures)[]
	return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as PageFigures
}

export const TABLE_HEADER =
	'| page | perf | a11y | SEO | BP | FCP | LCP | TBT | CLS | JS KB | requests before paint | scripting 4× | longest task 4× | most script in one task 4× | longest task 4×, scripts emptied | benchmark index |'

const COLUMNS = TABLE_HEADER.split('|').length - 2

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** One Markdown table row; `undefined` figures mean the page does not exist on this build. */
export function tableRow(page: string, figures: PageFigures | undefined): string {
	if (!figures) return `| \`${page}\` | missing |${' |'.repeat(COLUMNS - 2)}`
	const f = figures
	return `| \`${page}\` | ${[
		Math.round(f.performance),
		Math.round(f.accessibility),
		Math.round(f.seo),
		Math.round(f.bestPractices),
		seconds(f.fcp),
		seconds(f.lcp),
		`${Math.round(f.tbt)} ms`,
		f.cls.toFixed(3),
		f.jsKb.toFixed(1),
		`${Math.round(f.requestsBeforePaint)} of ${Math.round(f.requests)}`,
		`${Math.round(f.scriptingMs)} ms`,
		`${Math.round(f.longestTaskMs)} ms`,
		`${Math.round(f.mostScriptInOneTaskMs)} ms`,
		`${Math.round(f.longestTaskWithoutScriptsMs)} ms`,
		Math.round(f.benchmarkIndex),
	].join(' | ')} |`
}

export function table(rows: ReadonlyArray<readonly [string, PageFigures | undefined]>): string {
	return [TABLE_HEADER, `|${' --- |'.repeat(COLUMNS)}`, ...rows.map(([page, f]) => tableRow(page, f))].join('\n')
}
