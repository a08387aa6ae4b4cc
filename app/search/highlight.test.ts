import { expect, test } from 'vitest'
import { excerpt, highlight } from './highlight.ts'

const plain = (segments: { text: string }[]) => segments.map((s) => s.text).join('')

test('highlight marks whole words whose folded form matched, keeping the text as written', () => {
	expect(highlight("Guthix's Prifddinas, PRIFDDINAS and Prifddinasx", new Set(['prifddinas', 'guthix']))).toEqual([
		{ text: 'Guthix', match: true },
		{ text: "'s " },
		{ text: 'Prifddinas', match: true },
		{ text: ', ' },
		{ text: 'PRIFDDINAS', match: true },
		{ text: ' and Prifddinasx' },
	])
	expect(highlight('Café', new Set(['cafe']))).toEqual([{ text: 'Café', match: true }])
	expect(highlight('', new Set(['x']))).toEqual([])
})

test('excerpt: the start of the text when nothing in it matched, cut at a word with an ellipsis', () => {
	const text = 'one two three four five six seven eight nine ten'
	expect(plain(excerpt(text, new Set(), 20))).toBe('one two three four…')
	expect(plain(excerpt('short', new Set()))).toBe('short')
})

test('excerpt: a match deep in the text is shown with a little lead-in, both ends marked as cut', () => {
	const text = `${'filler words here '.repeat(20)}the Overload potion lasts six minutes ${'more text '.repeat(30)}`
	const segments = excerpt(text, new Set(['overload']), 80)
	const shown = plain(segments)
	expect(shown.startsWith('…')).toBe(true)
	expect(shown.endsWith('…')).toBe(true)
	expect(shown.length).toBeLessThanOrEqual(82)
	expect(shown.indexOf('Overload')).toBeGreaterThan(10)
	expect(shown.indexOf('Overload')).toBeLessThan(40)
	expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['Overload'])
})
