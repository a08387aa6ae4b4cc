/**
 * The main thread of a page load at 4× CPU slowdown, read from the trace of a Lighthouse run with
 * DevTools throttling (pages.ts): the time spent running script and the longest task. Lighthouse's
 * TBT is simulated from an unthrottled run; this is the observed work, as a slow phone would do it.
 * (Not a Playwright trace: with Playwright's inspector attached, V8 re-parses React DOM for source
 * positions at load, ~65 ms that no reader's browser spends; see the README's performance section.)
 */

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
