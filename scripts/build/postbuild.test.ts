import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { inlineScriptHashes } from './postbuild.ts'

const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`

test('hashes inline scripts exactly as written and skips external ones', () => {
	const html = '<script>a()</script><script type="module" src="/x.js"></script><script nonce="n">\nb()\n</script>'
	expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\nb()\n')])
})
