import { Transform } from 'node:stream'

/**
 * Module preloads at low priority: React hoists React Router's `<link rel="modulepreload">` tags
 * to the top of `<head>`, where ~110 KB of hydration code would otherwise share the first round
 * trips with the document itself. At low priority the browser fetches them after what the first
 * paint needs (docs/decisions/0008-first-paint.md). Only the head is touched.
 */
export function lowerModulePreloads(head: string): string {
	return head.replace(/<link rel="modulepreload"(?! fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"')
}

/** A stream that applies `rewrite` to the document up to and including `</head>`, then passes the rest through. */
export function rewriteHead(rewrite: (head: string) => string): Transform {
	const END = Buffer.from('</head>')
	let pending = Buffer.alloc(0)
	let done = false
	return new Transform({
		transform(chunk: Buffer, _encoding, callback) {
			if (done) return callback(null, chunk)
			pending = Buffer.concat([pending, chunk])
			const end = pending.indexOf(END)
			if (end === -1) return callback()
			done = true
			// `</head>` is ASCII, so the cut never splits a character.
			const cut = end + END.length
			callback(null, Buffer.concat([Buffer.from(rewrite(pending.subarray(0, cut).toString('utf8'))), pending.subarray(cut)]))
		},
		flush(callback) {
			callback(null, done || pending.length === 0 ? undefined : rewrite(pending.toString('utf8')))
		},
	})
}
