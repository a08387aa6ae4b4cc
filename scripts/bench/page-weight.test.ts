import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { expect, test } from 'vitest'
import { brotliSize, measurePage } from './page-weight.ts'

function site() {
	const dir = mkdtempSync(path.join(tmpdir(), 'page-weight-'))
	mkdirSync(path.join(dir, 'assets'))
	mkdirSync(path.join(dir, 'quests/q'), { recursive: true })
	const write = (rel: string, text: string) => writeFileSync(path.join(dir, rel), text)
	write(
		'quests/q/index.html',
		'<html><head><link rel="modulepreload" href="/assets/entry-AAAAAAAA.js"/>' +
			'<link rel="stylesheet" href="/assets/root-CCCCCCCC.css"/><link rel="icon" href="/favicon.svg"/>' +
			'</head><body><script type="module">import "/assets/entry-AAAAAAAA.js"</script></body></html>',
	)
	write('quests/q.data', 'route data '.repeat(50))
	write('assets/entry-AAAAAAAA.js', 'import{a}from"./shared-BBBBBBBB.js";import(`./panel-DDDDDDDD.js`)')
	write('assets/shared-BBBBBBBB.js', 'export const a=1')
	write('assets/root-CCCCCCCC.css', 'body{color:red}')
	write('assets/panel-DDDDDDDD.js', 'import{a}from"./shared-BBBBBBBB.js";import"./extra-EEEEEEEE.js"')
	write('assets/extra-EEEEEEEE.js', 'console.log(1)')
	write('assets/quest-panel-FFFFFFFF.js', 'never loaded')
	return dir
}

test('counts the linked JS with its static imports, the CSS, and the named lazy chunks once', () => {
	const dir = site()
	const without = measurePage(dir, '/quests/q', [])!
	expect(without.files).toEqual(['assets/entry-AAAAAAAA.js', 'assets/root-CCCCCCCC.css', 'assets/shared-BBBBBBBB.js'])
	const withPanel = measurePage(dir, '/quests/q', ['panel'])!
	expect(withPanel.files).toEqual([
		'assets/entry-AAAAAAAA.js',
		'assets/extra-EEEEEEEE.js',
		'assets/panel-DDDDDDDD.js',
		'assets/root-CCCCCCCC.css',
		'assets/shared-BBBBBBBB.js',
	])
	expect(withPanel.js).toBeGreaterThan(without.js)
	expect(withPanel.css).toBe(brotliSize(path.join(dir, 'assets/root-CCCCCCCC.css')))
	expect(withPanel.html).toBeGreaterThan(0)
	expect(withPanel.navigationData).toBeGreaterThan(0)
})

test('a page that was not prerendered gives undefined; .br files are used when present', () => {
	const dir = site()
	expect(measurePage(dir, '/nope', [])).toBeUndefined()
	const file = path.join(dir, 'assets/shared-BBBBBBBB.js')
	writeFileSync(`${file}.br`, Buffer.alloc(7))
	expect(brotliSize(file)).toBe(7)
	const other = path.join(dir, 'assets/root-CCCCCCCC.css')
	expect(brotliSize(other)).toBe(brotliCompressSync(Buffer.from('body{color:red}')).length)
})

test("a page whose hydration loads after the first paint: the loader's chunk list and the inline stylesheet count", () => {
	const dir = site()
	writeFileSync(
		path.join(dir, 'quests/q/index.html'),
		'<html><head><style>body{color:red}</style></head><body>' +
			'<script type="text/x-module-after-paint">import "/assets/entry-AAAAAAAA.js"</script>' +
			'<script>(function(){var hs=["/assets/panel-DDDDDDDD.js"],i=0})()</script></body></html>',
	)
	const page = measurePage(dir, '/quests/q', [])!
	expect(page.files).toEqual([
		'assets/entry-AAAAAAAA.js',
		'assets/extra-EEEEEEEE.js',
		'assets/panel-DDDDDDDD.js',
		'assets/shared-BBBBBBBB.js',
	])
	expect(page.css).toBe(brotliCompressSync('body{color:red}').length)
})
