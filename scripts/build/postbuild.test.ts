import { createHash } from 'node:crypto'
import path from 'node:path'
import { expect, test } from 'vitest'
import { brotliQuality, inlineScriptHashes } from './postbuild.ts'

const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`

test('hashes inline scripts exactly as written and skips external ones', () => {
	const html = '<script>a()</script><script type="module" src="/x.js"></script><script nonce="n">\nb()\n</script>'
	expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\nb()\n')])
})

test('production builds keep brotli 11 for hashed assets and 9 for pages; test builds use a quick level', () => {
	const asset = path.join('build', 'client', 'assets', 'entry-abc.js')
	const page = path.join('build', 'client', 'quests', 'index.html')
	expect(brotliQuality(asset, {})).toBe(11)
	expect(brotliQuality(page, {})).toBe(9)
	expect(brotliQuality(asset, { PRECOMPRESS: 'fast' })).toBe(5)
	expect(brotliQuality(page, { PRECOMPRESS: 'fast' })).toBe(5)
})
