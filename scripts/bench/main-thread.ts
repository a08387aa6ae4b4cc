/**
 * The main thread of a page load in Chromium at 4× CPU slowdown (DevTools' throttling), read from
 * a performance trace: the time spent running script and the longest task. Lighthouse's TBT is
 * simulated from an unthrottled run; this is the observed work, as a slow phone would do it.
 */
import type { Browser } from '@playwright/test'

export const CPU_SLOWDOWN = 4

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; args?: { name?: string } }

export interface MainThreadFigures {
	/** Script evaluation, compilation, callbacks and events, ms (nested events counted once). */
	scriptingMs: number
	/** The longest task of the renderer's main thread, ms. */
	longestTaskMs: number
}

/** Trace events that are the main thread running script (DevTools' "Scripting"). */
const SCRIPTING = new Set([
	'EvaluateScript',
	'v8.evaluateModule',
	'v8.compile',
	'v8.compileModule',
	'FunctionCall',
	'TimerFire',
	'FireAnimationFrame',
	'FireIdleCallback',
	'EventDispatch',
	'RunMicrotasks',
	'v8.run',
])

/** Main-thread figures of a trace: its renderer main thread is the one that ran the most tasks. */
export function mainThreadFigures(events: readonly TraceEvent[]): MainThreadFigures {
	const mains = new Set(
		events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
	)
	const busy = new Map<string, number>()
	for (const e of events) {
		const thread = `${e.pid}:${e.tid}`
		if (e.name === 'RunTask' && e.ph === 'X' && mains.has(thread)) busy.set(thread, (busy.get(thread) ?? 0) + (e.dur ?? 0))
	}
	const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0]
	const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main)
	const longest = Math.max(0, ...onMain.filter((e) => e.name === 'RunTask').map((e) => e.dur ?? 0))
	let scripting = 0
	let end = -Infinity
	for (const e of onMain.filter((x) => SCRIPTING.has(x.name)).sort((a, b) => a.ts - b.ts)) {
		const stop = e.ts + (e.dur ?? 0)
		if (e.ts >= end) {
			scripting += e.dur ?? 0
			end = stop
		} else if (stop > end) {
			scripting += stop - end
			end = stop
		}
	}
	return { scriptingMs: scripting / 1000, longestTaskMs: longest / 1000 }
}

/**
 * Loads `url` in a phone-sized page at 4× CPU slowdown and traces until the page has hydrated and
 * the network has been quiet for a while (islands hydrate as they near the viewport or when idle).
 */
export async function traceMainThread(browser: Browser, url: string): Promise<MainThreadFigures> {
	const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
	try {
		const page = await context.newPage()
		const cdp = await context.newCDPSession(page)
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
		await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute'] })
		await page.goto(url, { waitUntil: 'load' })
		await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 })
		await page.waitForLoadState('networkidle')
		await page.waitForTimeout(2000)
		const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }
		return mainThreadFigures(trace.traceEvents)
	} finally {
		await context.close()
	}
}
