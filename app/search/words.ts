/** How the search splits text into words and compares them: one place for the index and the highlights. */

const STOP_WORDS = new Set(
	'a an and are as at be by do does for from how i if in into is it its of on or so that the their then there this to was what when where which who why will with you your'.split(
		' ',
	),
)

const WORD = /[\p{L}\p{N}]+/gu

/** Lower-case, accents folded: the form words are indexed and compared in. */
export function foldWord(word: string): string {
	return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The words of a text (letters and digits; apostrophes and dashes split), each with its offset. */
export function words(text: string): { word: string; start: number }[] {
	return [...text.matchAll(WORD)].map((m) => ({ word: m[0], start: m.index }))
}

/** A word as the index holds it, or null for a stop word or a single letter. */
export function indexTerm(word: string): string | null {
	const term = foldWord(word)
	if (STOP_WORDS.has(term) || (term.length < 2 && !/\d/.test(term))) return null
	return term
}

/**
 * The words of a query to search for: like the index's terms, except the last word, which is kept
 * whatever it is — the reader may still be typing it ("t" on the way to "tick", "to" to "tower").
 */
export function queryTerms(query: string): string[] {
	const all = words(query).map((w) => w.word)
	return all.flatMap((word, i) => {
		const term = i === all.length - 1 ? foldWord(word) : indexTerm(word)
		return term ? [term] : []
	})
}

/** A title or abbreviation as compared with a whole query: its words, folded, one space apart. */
export function compareKey(text: string): string {
	return words(text)
		.map((w) => foldWord(w.word))
		.join(' ')
}
