import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { expect, test } from 'vitest'
import { lowerModulePreloads, rewriteHead } from './head-rewrite.server.ts'

const HEAD =
	'<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/>' +
	'<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/><link rel="icon" href="/i.svg"/></head>'

test('module preloads get fetchpriority="low" once; other links stay', () => {
	expect(lowerModulePreloads(HEAD)).toBe(
		'<!DOCTYPE html><html><head><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>' +
			'<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/><link rel="icon" href="/i.svg"/></head>',
	)
})

test('only the head is rewritten, whatever the chunking (even inside a multi-byte character)', async () => {
	const body = '<body><p>Café</p><link rel="modulepreload" href="/in-body.js"/></body></html>'
	const whole = Buffer.from(HEAD + body)
	const chunks = [whole.subarray(0, 20), whole.subarray(20, whole.indexOf('é') + 1), whole.subarray(whole.indexOf('é') + 1)]
	const out = await text(Readable.from(chunks).pipe(rewriteHead(lowerModulePreloads)))
	expect(out).toBe(lowerModulePreloads(HEAD) + body)
	expect(out).toContain('<link rel="modulepreload" href="/in-body.js"/>')
})

test('a document without </head> is rewritten whole at the end', async () => {
	const out = await text(Readable.from([Buffer.from('<link rel="modulepreload" href="/a.js"/>')]).pipe(rewriteHead(lowerModulePreloads)))
	expect(out).toBe('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>')
})
