/**
 * The main thread of a page load at 4× CPU slowdown, read from the trace of a Lighthouse run with
 * DevTools throttling (pages.ts): the time spent running script and the longest task. Lighthouse's
 * TBT is simulated from an unthrottled run; this is the observed work, as a slow phone would do it.
 * (Not a Playwright trace: with Playwright's inspector attached, V8 re-parses React DOM for source
 * positions at load, ~65 ms that no reader's browser spends; see the README's performance section.)
 */

type TraceEvent = {
	name: string
	ph: string
	pid: number
	tid: number
	ts: number
	dur?: number
	args?: {
		name?: string
		data?: { processId?: number; isOutermostMainFrame?: boolean; frames?: Array<{ processId?: number; isOutermostMainFrame?: boolean }> }
	}
}

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

/**
 * The renderer process of the page: the one its main frame last committed in (the browser may
 * move it out of the `about:blank` renderer it started in); other renderers (a spare, an extension)
 * are not the page.
 */
function pageProcess(events: readonly TraceEvent[]): number | undefined {
	let pid: number | undefined
	for (const e of events) {
		if (e.name === 'TracingStartedInBrowser') pid ??= e.args?.data?.frames?.find((f) => f.isOutermostMainFrame)?.processId
		if (e.name === 'FrameCommittedInBrowser' && e.args?.data?.isOutermostMainFrame) pid = e.args.data.processId ?? pid
	}
	return pid
}

/** Main-thread figures of a trace: the page renderer's main thread (CrRendererMain). */
export function mainThreadFigures(events: readonly TraceEvent[]): MainThreadFigures {
	const pid = pageProcess(events)
	const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid)
	if (!main) throw new Error('the trace has no main thread for the page (no FrameCommittedInBrowser)')
	const thread = `${main.pid}:${main.tid}`
	const onMain = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread)
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
