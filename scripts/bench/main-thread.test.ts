import { expect, test } from 'vitest'
import { longestTasks, mainThreadFigures } from './main-thread.ts'

const meta = (pid: number, tid: number, name: string) => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } })
const x = (name: string, ts: number, dur: number, pid = 1, tid = 1) => ({ name, ph: 'X', pid, tid, ts, dur })

const started = {
	name: 'TracingStartedInBrowser',
	ph: 'I',
	pid: 9,
	tid: 9,
	ts: 0,
	args: { data: { frames: [{ processId: 2, isOutermostMainFrame: true }] } },
}
const committed = {
	name: 'FrameCommittedInBrowser',
	ph: 'I',
	pid: 9,
	tid: 9,
	ts: 1,
	args: { data: { processId: 1, isOutermostMainFrame: true } },
}

test('scripting counts nested script events once; the longest task is from the main thread of the renderer the page committed in', () => {
	const figures = mainThreadFigures([
		started,
		committed,
		meta(1, 1, 'CrRendererMain'),
		meta(2, 1, 'CrRendererMain'),
		meta(3, 1, 'CrRendererMain'),
		meta(1, 2, 'Compositor'),
		x('RunTask', 0, 80_000),
		x('EvaluateScript', 1_000, 30_000),
		x('FunctionCall', 2_000, 10_000), // inside EvaluateScript: not counted again
		x('FunctionCall', 25_000, 10_000), // runs 4 ms past it: those 4 ms count
		x('RunTask', 100_000, 20_000),
		x('TimerFire', 100_000, 5_000),
		x('Layout', 106_000, 10_000), // not script
		x('RunTask', 0, 200_000, 1, 2), // another thread
		x('RunTask', 0, 30_000, 2, 1), // the about:blank renderer the page started in
		x('RunTask', 0, 900_000, 3, 1), // a busier renderer that is not the page
	])
	expect(figures).toEqual({ scriptingMs: 39, longestTaskMs: 80, mostScriptInOneTaskMs: 34 })
	expect(() => mainThreadFigures([meta(1, 1, 'CrRendererMain')])).toThrow(/no main thread/)
})

test('the most script in one task: script time within each task, nested events once; a longer task of style and layout only is not it', () => {
	const figures = mainThreadFigures([
		started,
		committed,
		meta(1, 1, 'CrRendererMain'),
		x('RunTask', 0, 120_000),
		x('UpdateLayoutTree', 1_000, 40_000),
		x('RunMicrotasks', 41_000, 3_000),
		x('Layout', 44_000, 70_000),
		x('RunTask', 200_000, 50_000),
		x('FunctionCall', 201_000, 30_000),
		x('RunMicrotasks', 220_000, 20_000), // 9 ms past the call: 39 ms of script in this task
		x('RunTask', 300_000, 10_000),
		x('TimerFire', 301_000, 2_000),
	])
	expect(figures).toEqual({ scriptingMs: 44, longestTaskMs: 120, mostScriptInOneTaskMs: 39 })
	expect(mainThreadFigures([started, committed, meta(1, 1, 'CrRendererMain'), x('RunTask', 0, 9_000)]).mostScriptInOneTaskMs).toBe(0)
})

test('the longest tasks are ranked by thread (CPU) time and broken down by self time, nested events taken off their parent', () => {
	const cpu = (name: string, ts: number, dur: number, tdur: number, args = {}) => ({ ...x(name, ts, dur), tdur, args })
	const tasks = longestTasks(
		[
			started,
			committed,
			meta(1, 1, 'CrRendererMain'),
			cpu('RunTask', 0, 300_000, 40_000), // waited for a core: long wall time, little CPU
			cpu('RunTask', 400_000, 100_000, 90_000),
			cpu('UpdateLayoutTree', 400_000, 20_000, 20_000, { elementCount: 800 }),
			cpu('Layout', 420_000, 60_000, 55_000, { beginData: { dirtyObjects: 600, totalObjects: 840 } }),
			cpu('Paint', 430_000, 10_000, 10_000), // inside Layout: taken off its self time
			cpu('FunctionCall', 480_000, 15_000, 12_000, { data: { url: 'http://x/assets/client-abc.js', functionName: 'x' } }),
		],
		2,
	)
	expect(tasks.map((t) => [t.startMs, t.cpuMs, t.wallMs])).toEqual([
		[400, 90, 100],
		[0, 40, 300],
	])
	expect(tasks[0]!.parts).toEqual([
		{ what: 'Layout (600 of 840 objects)', cpuMs: 45 },
		{ what: 'UpdateLayoutTree (style, 800 elements)', cpuMs: 20 },
		{ what: 'FunctionCall x (client-abc.js)', cpuMs: 12 },
		{ what: 'Paint', cpuMs: 10 },
		{ what: '(task itself)', cpuMs: 3 },
	])
})
