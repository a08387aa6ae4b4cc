import type { Segment } from './search-types.ts'
import { foldWord, words } from './words.ts'

/** Splits `text` into segments, marking the words whose indexed form is one of `matched`. */
export function highlight(text: string, matched: ReadonlySet<string>): Segment[] {
	const segments: Segment[] = []
	let at = 0
	for (const { word, start } of words(text)) {
		if (!matched.has(foldWord(word))) continue
		if (start > at) segments.push({ text: text.slice(at, start) })
		segments.push({ text: word, match: true })
		at = start + word.length
	}
	if (at < text.length) segments.push({ text: text.slice(at) })
	return segments
}

/** About one line of text; a little more than fits, the rest is cut off by CSS. */
const EXCERPT_LENGTH = 160
/** How much text to keep before the first match, so it stays visible on a phone. */
const LEAD = 30

/**
 * A one-line excerpt of `text` around the first matched word (the start of the text when only the
 * title matched), cut at word boundaries, with `…` where text was left out, highlighted.
 */
export function excerpt(text: string, matched: ReadonlySet<string>, length = EXCERPT_LENGTH): Segment[] {
	const all = words(text)
	const first = all.find((w) => matched.has(foldWord(w.word)))
	let start = first ? Math.max(0, first.start - LEAD) : 0
	// Start at a word: the first word at or after `start` (the match itself at the latest).
	if (start > 0) start = all.find((w) => w.start >= start)?.start ?? start
	let end = Math.min(text.length, start + length)
	if (end < text.length) {
		const lastSpace = text.lastIndexOf(' ', end)
		if (lastSpace > start) end = lastSpace
	}
	const piece = `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`
	return highlight(piece, matched)
}
