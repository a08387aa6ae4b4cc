import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startScriptFreeMirror, withoutScripts } from './script-free-mirror.ts'

const PAGE = `<!DOCTYPE html><html><head><style>p{color:red}</style>
<link rel="modulepreload" href="/assets/client-abc.js"/><link rel="icon" href="/favicon.svg"/>
<script nonce="n">window.__ctx = {"a":"</p>"}</script>
<SCRIPT type="module" src="/assets/entry.js"></SCRIPT></head>
<body><p>Prose stays.</p><x-island data-props="{}"><button>Tab</button></x-island>
<script type="application/ld+json">{"@type":"Article"}</script></body></html>`

test('withoutScripts empties every script in place, takes out module preloads, and leaves the styles, links and markup', () => {
	const html = withoutScripts(PAGE)
	expect(html.match(/<script[^>]*>[^<]*<\/script>/gi)).toEqual([
		'<script nonce="n"></script>',
		'<script type="module"></script>',
		'<script type="application/ld+json"></script>',
	])
	expect(html).not.toContain('modulepreload')
	expect(html).toContain('<style>p{color:red}</style>')
	expect(html).toContain('<link rel="icon" href="/favicon.svg"/>')
	expect(html).toContain('<body><p>Prose stays.</p><x-island data-props="{}"><button>Tab</button></x-island>')
})

let origin: ReturnType<typeof createServer>
let base: string
beforeAll(async () => {
	origin = createServer((request, response) => {
		if (request.url === '/guide') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE)
		else if (request.url === '/assets/entry.js') response.writeHead(200, { 'content-type': 'text/javascript' }).end('go()')
		else response.writeHead(404, { 'content-type': 'text/plain' }).end('no such page')
	})
	await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
	base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => origin.close(() => resolve())))

test('the mirror serves pages without their scripts, other files and statuses as the server gives them, brotli when asked', async () => {
	const mirror = await startScriptFreeMirror(base)
	try {
		const page = await fetch(`${mirror.url}/guide`, { headers: { 'accept-encoding': 'br' } })
		expect(page.headers.get('content-encoding')).toBe('br')
		const html = await page.text()
		expect(html).toContain('<p>Prose stays.</p>')
		expect(html).not.toMatch(/window.__ctx|entry\.js|Article/)
		const script = await fetch(`${mirror.url}/assets/entry.js`, { headers: { 'accept-encoding': 'identity' } })
		expect([script.headers.get('content-type'), script.headers.get('content-encoding'), await script.text()]).toEqual([
			'text/javascript',
			null,
			'go()',
		])
		const missing = await fetch(`${mirror.url}/nothing`)
		expect([missing.status, await missing.text()]).toEqual([404, 'no such page'])
	} finally {
		await mirror.close()
	}
})
