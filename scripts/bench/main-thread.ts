/**
 * The main thread of a page load at 4× CPU slowdown, read from the trace of a Lighthouse run with
 * DevTools throttling (pages.ts): the time spent running script and the longest task. Lighthouse's
 * TBT is simulated from an unthrottled run; this is the observed work, as a slow phone would do it.
 * (Not a Playwright trace: with Playwright's inspector attached, V8 re-parses React DOM for source
 * positions at load, ~65 ms that no reader's browser spends; see the README's performance section.)
 */

import path from 'node:path'

type TraceEvent = {
	name: string
	ph: string
	pid: number
	tid: number
	ts: number
	dur?: number
	/** Thread (CPU) time, µs: what the thread itself ran, without waiting for a core. */
	tdur?: number
	args?: {
		name?: string
		data?: {
			processId?: number
			isOutermostMainFrame?: boolean
			frames?: Array<{ processId?: number; isOutermostMainFrame?: boolean }>
			url?: string
			functionName?: string
		}
		elementCount?: number
		beginData?: { dirtyObjects?: number; totalObjects?: number }
	}
}

export interface MainThreadFigures {
	/** Script evaluation, compilation, callbacks and events, ms (nested events counted once). */
	scriptingMs: number
	/** The longest task of the renderer's main thread, ms. */
	longestTaskMs: number
	/**
	 * The most script one task ran, ms: the part of a long task the page's JavaScript controls (the
	 * rest of a task is the browser's own: parsing, style, layout, paint).
	 */
	mostScriptInOneTaskMs: number
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

/** The complete events (`ph: X`) of the page renderer's main thread (CrRendererMain). */
function mainThreadEvents(events: readonly TraceEvent[]): TraceEvent[] {
	const pid = pageProcess(events)
	const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid)
	if (!main) throw new Error('the trace has no main thread for the page (no FrameCommittedInBrowser)')
	const thread = `${main.pid}:${main.tid}`
	return events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === thread)
}

/** Wall time covered by events sorted by start, µs: nested or overlapping events counted once. */
function covered(events: readonly TraceEvent[]): number {
	let total = 0
	let end = -Infinity
	for (const e of events) {
		const stop = e.ts + (e.dur ?? 0)
		total += Math.max(0, stop - Math.max(e.ts, end))
		end = Math.max(end, stop)
	}
	return total
}

/** Main-thread figures of a trace: the page renderer's main thread (CrRendererMain). */
export function mainThreadFigures(events: readonly TraceEvent[]): MainThreadFigures {
	const onMain = mainThreadEvents(events)
	const tasks = onMain.filter((e) => e.name === 'RunTask')
	const script = onMain.filter((x) => SCRIPTING.has(x.name)).sort((a, b) => a.ts - b.ts)
	const scriptIn = (task: TraceEvent) => covered(script.filter((e) => e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0)))
	return {
		scriptingMs: covered(script) / 1000,
		longestTaskMs: Math.max(0, ...tasks.map((e) => e.dur ?? 0)) / 1000,
		mostScriptInOneTaskMs: Math.max(0, ...tasks.map(scriptIn)) / 1000,
	}
}

export interface TaskBreakdown {
	/** When the task started, ms after the trace's first main-thread task. */
	startMs: number
	wallMs: number
	/** The task's thread time, ms: what a busy machine inflates least. */
	cpuMs: number
	/** What the task did, by self CPU time (nested events subtracted), longest first. */
	parts: Array<{ what: string; cpuMs: number }>
}

/** What a trace event was, with the detail that tells two of a kind apart (script URL, element count). */
function describe(e: TraceEvent): string {
	const data = e.args?.data
	if (e.name === 'UpdateLayoutTree' && e.args?.elementCount !== undefined)
		return `UpdateLayoutTree (style, ${e.args.elementCount} elements)`
	if (e.name === 'Layout' && e.args?.beginData?.dirtyObjects !== undefined) {
		return `Layout (${e.args.beginData.dirtyObjects} of ${e.args.beginData.totalObjects} objects)`
	}
	const url = data?.url?.replace(/^.*\//, '')
	if (url && data?.functionName) return `${e.name} ${data.functionName} (${url})`
	return url ? `${e.name} (${url})` : e.name
}

/**
 * The main thread's longest tasks by thread (CPU) time, each broken down into the events it ran
 * by self CPU time: what to shorten. Traces without thread times fall back to wall time.
 */
export function longestTasks(events: readonly TraceEvent[], count = 5): TaskBreakdown[] {
	const onMain = mainThreadEvents(events).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
	const cpu = (e: TraceEvent) => e.tdur ?? e.dur ?? 0
	const tasks = onMain.filter((e) => e.name === 'RunTask')
	const first = tasks[0]?.ts ?? 0
	return tasks
		.sort((a, b) => cpu(b) - cpu(a))
		.slice(0, count)
		.map((task) => {
			const end = task.ts + (task.dur ?? 0)
			const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
			const self = new Map<string, number>()
			// A stack of open events: each event's CPU time is taken off its parent's self time.
			const stack: Array<{ event: TraceEvent; key: string }> = [{ event: task, key: '(task itself)' }]
			for (const event of inside) {
				while (stack.length > 1 && event.ts >= stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0)) stack.pop()
				const parent = stack.at(-1)!
				self.set(parent.key, (self.get(parent.key) ?? 0) - cpu(event))
				const key = describe(event)
				self.set(key, (self.get(key) ?? 0) + cpu(event))
				stack.push({ event, key })
			}
			self.set('(task itself)', (self.get('(task itself)') ?? 0) + cpu(task))
			const parts = [...self]
				.map(([what, us]) => ({ what, cpuMs: us / 1000 }))
				.filter((p) => p.cpuMs >= 0.5)
				.sort((a, b) => b.cpuMs - a.cpuMs)
			return { startMs: (task.ts - first) / 1000, wallMs: (task.dur ?? 0) / 1000, cpuMs: cpu(task) / 1000, parts }
		})
}

/**
 * `npx tsx scripts/bench/main-thread.ts TRACE.json… [--top=N]` (bench:pages keeps each 4× trace as
 * bench-results/*-4x-0.trace.json): per trace, the longest task by CPU time and what it did; with
 * `--top=N`, the N longest tasks in full; and the median over the traces given (runs of one page).
 */
async function main() {
	const { readFileSync } = await import('node:fs')
	const { median } = await import('./lighthouse-summary.ts')
	const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 0)
	const files = process.argv.slice(2).filter((a) => !a.startsWith('--'))
	const cpu: number[] = []
	const wall: number[] = []
	for (const file of files) {
		const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents
		const [longest, ...rest] = longestTasks(events, Math.max(top, 1))
		const figures = mainThreadFigures(events)
		if (!longest) continue
		cpu.push(longest.cpuMs)
		wall.push(figures.longestTaskMs)
		const what = longest.parts.slice(0, 3).map((p) => `${p.what} ${p.cpuMs.toFixed(0)}`)
		console.log(
			`${path.basename(file)}: longest task ${longest.cpuMs.toFixed(0)} ms CPU (${longest.wallMs.toFixed(0)} wall): ${what.join(', ')}`,
		)
		console.log(
			`  longest task by wall time ${figures.longestTaskMs.toFixed(0)} ms (the most script in one task ${figures.mostScriptInOneTaskMs.toFixed(0)} ms); scripting ${figures.scriptingMs.toFixed(0)} ms`,
		)
		for (const task of top > 0 ? [longest, ...rest] : []) {
			console.log(`  task at ${task.startMs.toFixed(0)} ms: ${task.cpuMs.toFixed(1)} ms CPU, ${task.wallMs.toFixed(1)} ms wall`)
			for (const part of task.parts.slice(0, 8)) console.log(`    ${part.cpuMs.toFixed(1).padStart(6)} ms  ${part.what}`)
		}
	}
	if (cpu.length > 1) {
		console.log(`median of ${cpu.length}: longest task ${median(cpu).toFixed(0)} ms CPU, ${median(wall).toFixed(0)} ms wall`)
	}
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
