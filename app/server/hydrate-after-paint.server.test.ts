import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { expect, test } from 'vitest'
import { INERT_TYPE, PRELOADS_PER_TASK, deferHydration, hydrateAfterPaint } from './hydrate-after-paint.server.ts'

const HEAD =
	'<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
	'<link rel="modulepreload" href="/assets/entry.js" nonce="abc"/><link rel="modulepreload" href="/assets/root.js" nonce="abc"/>' +
	'<link rel="icon" href="/favicon.svg"/><style>p{color:red}</style></head>'
const SCRIPT = '<script nonce="abc" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script>'
const DOC = `${HEAD}<body><p>Café ☕</p>${SCRIPT}<script nonce="abc">window.data=1</script></body></html>`

test('takes the preloads out of the head, makes the module script inert and adds the loader after it', () => {
	const out = deferHydration(DOC)
	expect(out).not.toContain('rel="modulepreload"')
	expect(out).toContain('<link rel="icon" href="/favicon.svg"/><style>p{color:red}</style></head><body><p>Café ☕</p>')
	expect(out).toContain(
		`<script nonce="abc" type="${INERT_TYPE}">import * as route0 from "/assets/root.js";\nimport("/assets/entry.js");</script><script nonce="abc">(function(){`,
	)
	expect(out).toContain('hs=["/assets/entry.js","/assets/root.js"]')
	expect(out.endsWith('<script nonce="abc">window.data=1</script></body></html>')).toBe(true)
})

function runLoader(options: { hidden?: boolean; paintTiming?: boolean }, doc = DOC) {
	const loaderCode = /<script nonce="abc">(\(function\(\)[\s\S]*?)<\/script>/.exec(deferHydration(doc))![1]!
	const appended: Array<Record<string, string>> = []
	const tasks: Array<() => void> = []
	const timers: Array<{ cb: () => void; ms: number | undefined }> = []
	let observer: ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void) | undefined
	let replaced: Record<string, string> | undefined
	const inert = { nonce: 'abc', textContent: 'import("/assets/entry.js")', replaceWith: (m: Record<string, string>) => (replaced = m) }
	const document = {
		hidden: options.hidden ?? false,
		head: { appendChild: (el: Record<string, string>) => appended.push(el) },
		createElement: () => ({}),
		querySelector: (selector: string) => (selector === `script[type="${INERT_TYPE}"]` ? inert : null),
		addEventListener: () => {},
	}
	class FakeObserver {
		static supportedEntryTypes = ['paint']
		constructor(cb: typeof observer) {
			observer = cb
		}
		observe() {}
	}
	const window = { PerformanceObserver: options.paintTiming === false ? undefined : FakeObserver }
	// A message posted on a channel: the task that runs `go` (no timer or frame a faked clock could hold).
	class FakeChannel {
		port1: { onmessage?: () => void } = {}
		port2 = { postMessage: () => tasks.push(() => this.port1.onmessage!()) }
	}
	new Function('document', 'window', 'MessageChannel', 'setTimeout', loaderCode)(
		document,
		window,
		FakeChannel,
		(cb: () => void, ms?: number) => timers.push({ cb, ms }),
	)
	const paint = (name: string) => observer!({ getEntriesByName: (n) => (n === name ? [{}] : []) }, { disconnect: () => {} })
	return { appended, tasks, timers, paint, replaced: () => replaced }
}

test('the loader runs the module script in a task after the first contentful paint, with the same code, nonce and preloads', () => {
	const run = runLoader({})
	expect(run.timers.map((t) => t.ms)).toEqual([3000])
	run.paint('first-paint')
	expect(run.tasks).toHaveLength(0)
	run.paint('first-contentful-paint')
	expect(run.replaced()).toBeUndefined()
	run.tasks.shift()!()
	expect(run.appended).toEqual([
		{ rel: 'modulepreload', href: '/assets/entry.js' },
		{ rel: 'modulepreload', href: '/assets/root.js' },
	])
	expect(run.replaced()).toEqual({ type: 'module', nonce: 'abc', textContent: 'import("/assets/entry.js")' })
	run.timers[0]!.cb()
	expect(run.appended).toHaveLength(2)
})

test('many preloads go in a few per task (one long task otherwise), the module script after the last', () => {
	const hrefs = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`)
	const links = hrefs.map((href) => `<link rel="modulepreload" href="${href}" nonce="abc"/>`).join('')
	const run = runLoader({}, DOC.replace('<link rel="icon"', `${links}<link rel="icon"`))
	run.paint('first-contentful-paint')
	const perTask: number[] = []
	while (run.tasks.length > 0) {
		expect(run.replaced()).toBeUndefined()
		const before = run.appended.length
		run.tasks.shift()!()
		perTask.push(run.appended.length - before)
	}
	expect(Math.max(...perTask)).toBe(PRELOADS_PER_TASK)
	expect(run.appended.map((link) => link.href)).toEqual(['/assets/entry.js', '/assets/root.js', ...hrefs])
	expect(run.replaced()).toEqual({ type: 'module', nonce: 'abc', textContent: 'import("/assets/entry.js")' })
})

test('the loader runs at once in a hidden tab, in the next task without paint timing, and after 3 s at the latest', () => {
	expect(runLoader({ hidden: true }).replaced()).toBeDefined()
	const noTiming = runLoader({ paintTiming: false })
	noTiming.tasks.shift()!()
	expect(noTiming.replaced()).toBeDefined()
	const late = runLoader({})
	late.timers[0]!.cb()
	expect(late.replaced()).toBeDefined()
})

test("a document without React Router's module script is left alone", () => {
	const plain = `${HEAD}<body><p>No scripts</p></body></html>`
	expect(deferHydration(plain)).toBe(plain)
})

test('the stream gives the same document whatever the chunking, even through a split character', async () => {
	const whole = Buffer.from(DOC)
	const afterScript = whole.indexOf('</script>') + '</script>'.length
	const cup = whole.indexOf('☕')
	const moduleType = whole.indexOf(' type="module"')
	// Cuts inside a character, inside the module script's type, right after the script, and inside its `</script>`.
	for (const cuts of [[10, cup + 1, afterScript + 2], [cup + 2, afterScript], [moduleType + 6], [afterScript - 4], [whole.length - 3]]) {
		const chunks = [0, ...cuts].map((start, i) => whole.subarray(start, cuts[i] ?? whole.length))
		const out = await text(Readable.from(chunks).pipe(hydrateAfterPaint()))
		expect(out).toBe(deferHydration(DOC))
	}
	const plain = Buffer.from(`${HEAD}<body><p>☕</p></body></html>`)
	const out = await text(Readable.from([plain.subarray(0, 7), plain.subarray(7)]).pipe(hydrateAfterPaint()))
	expect(out).toBe(plain.toString())
})
