import { expect, test } from 'vitest'
import { sourceLabel } from './source-label.ts'

test('a wiki address reads as host and page title', () => {
	expect(sourceLabel('https://runescape.wiki/w/Double_Surge')).toBe('runescape.wiki/w/Double Surge')
})

test('escapes are decoded and www. and a trailing slash dropped', () => {
	expect(sourceLabel("https://www.example.com/w/Shadow%27s_Grace/")).toBe("example.com/w/Shadow's Grace")
})

test('a malformed escape or address is shown as written rather than throwing', () => {
	expect(sourceLabel('https://runescape.wiki/w/100%_done')).toBe('runescape.wiki/w/100% done')
	expect(sourceLabel('not a url')).toBe('not a url')
})
