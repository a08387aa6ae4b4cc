import { Transform } from 'node:stream'

/**
 * Hydration code starts loading after the first paint (docs/decisions/0010-first-paint.md).
 *
 * React Router puts a `<link rel="modulepreload">` per hydration chunk at the top of `<head>` and
 * one inline module script, whose static imports fetch the route modules, at the end of the
 * body. Both make the browser download ~110 KB of JS while it still has the page to paint, and
 * Lighthouse's simulation counts every request that finished before the observed paint as
 * needed for it. So the document goes out with the preloads taken out of the head and the module
 * script made inert (`type="${INERT_TYPE}"`); a small inline script right after it waits for the
 * first contentful paint, then adds the same preloads and runs the module script as React Router
 * wrote it. Pages without that script are left as they are.
 */
export const INERT_TYPE = 'text/x-module-after-paint'

const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g

/** Preloads added per task: each costs ~0.5 ms of a fast machine's CPU, 13 in one go made a long task. */
export const PRELOADS_PER_TASK = 4

/**
 * Runs the module script right after the first contentful paint is reported (at once where the
 * Paint Timing API is missing), at once in a hidden tab, and after 3 s at the latest: first the
 * preloads, a few per task, then the script itself. Each task comes from a MessageChannel, not a
 * timer or an animation frame, so a page whose clock is faked (Playwright's `page.clock`) or
 * throttled still hydrates.
 */
function loader(preloads: string[]): string {
	return (
		`(function(){var d=document,w=window,done=0,hs=${JSON.stringify(preloads)},i=0;` +
		`function soon(f){var c=new MessageChannel();c.port1.onmessage=f;c.port2.postMessage(0)}` +
		`function next(){hs.slice(i,i+=${PRELOADS_PER_TASK}).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});` +
		`if(i<hs.length)return soon(next);` +
		`var s=d.querySelector('script[type="${INERT_TYPE}"]'),m=d.createElement('script');m.type='module';m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}` +
		`function go(){if(done)return;done=1;next()}` +
		`if(d.hidden)return go();d.addEventListener('visibilitychange',go);setTimeout(go,3000);` +
		`var P=w.PerformanceObserver;if(!P||(P.supportedEntryTypes||[]).indexOf('paint')<0)return soon(go);` +
		`new P(function(list,o){if(list.getEntriesByName('first-contentful-paint').length){o.disconnect();soon(go)}}).observe({type:'paint',buffered:true})})()`
	)
}

/**
 * The document up to the end of React Router's module script, with hydration deferred, and how
 * many characters of `html` that covers; undefined while that script is still to come.
 */
function deferUpToScript(html: string): { rewritten: string; length: number } | undefined {
	const script = MODULE_SCRIPT.exec(html)
	if (!script) return undefined
	const headEnd = html.indexOf('</head>')
	if (headEnd === -1 || headEnd > script.index) return undefined
	const preloads: string[] = []
	const head = html.slice(0, headEnd).replace(PRELOAD, (_tag, href: string) => {
		preloads.push(href)
		return ''
	})
	const [whole, nonce = '', code = ''] = script
	const rewritten =
		head +
		html.slice(headEnd, script.index) +
		`<script${nonce} type="${INERT_TYPE}">${code}</script><script${nonce}>${loader(preloads)}</script>`
	return { rewritten, length: script.index + whole.length }
}

/** A whole document with its hydration deferred (unchanged if React Router's script is missing). */
export function deferHydration(html: string): string {
	const found = deferUpToScript(html)
	return found ? found.rewritten + html.slice(found.length) : html
}

/**
 * The response stream for entry.server.tsx: holds the document back until React Router's module
 * script has gone by (it is part of the first flush), defers hydration there, then passes the rest
 * through. A document without it comes out unchanged.
 */
export function hydrateAfterPaint(): Transform {
	let pending: Buffer[] = []
	// The end of the bytes held so far, to spot a marker split between two chunks.
	let tail = ''
	let moduleSeen = false
	let done = false
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (done) return callback(null, chunk)
			pending.push(chunk)
			// Not a search of everything held at every chunk (the head alone is ~70 KB): React Router's
			// script can only be complete once it has begun and a chunk ends a script.
			const seen = tail + chunk.toString('latin1')
			tail = seen.slice(-16)
			moduleSeen ||= seen.includes(' type="module"')
			if (!moduleSeen || !seen.includes('</script>')) return callback()
			const held = Buffer.concat(pending)
			// Latin-1 turns each byte into one character and back, so the markers (all ASCII) are
			// found at their byte offsets and every other byte comes back as it was, a UTF-8 character
			// split at the end of this chunk included. Decoding the ~130 KB as UTF-8 took ~1.5 ms.
			const text = held.toString('latin1')
			const found = deferUpToScript(text)
			if (!found) {
				pending = [held]
				return callback()
			}
			done = true
			pending = []
			callback(null, Buffer.concat([Buffer.from(found.rewritten, 'latin1'), held.subarray(found.length)]))
		},
		flush(callback) {
			callback(null, done || pending.length === 0 ? undefined : Buffer.concat(pending))
		},
	})
}
