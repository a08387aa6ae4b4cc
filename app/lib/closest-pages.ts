/**
 * The pages closest to a path that does not exist, by slug and title: "/setup/game-modes" finds
 * "Game modes" (/setup/gamemodes), "/quests/dragon-slayr" finds Dragon Slayer. Pure, so the
 * 404 answers and the tests share it.
 */

export type PageCandidate = {
	path: string
	title: string
	/** Other names that should find the page (quest aliases). */
	aliases?: readonly string[]
}

export type Suggestion = { path: string; title: string }

/** Letters and digits only, lower case: "Game-Modes" and "game modes" are both "gamemodes". */
function compact(text: string): string {
	return text
		.toLowerCase()
		.normalize('NFKD')
		.replace(/[^a-z0-9]/g, '')
}

function bigrams(text: string): Map<string, number> {
	const grams = new Map<string, number>()
	for (let i = 0; i < text.length - 1; i++) {
		const gram = text.slice(i, i + 2)
		grams.set(gram, (grams.get(gram) ?? 0) + 1)
	}
	return grams
}

/** Sørensen–Dice similarity of two texts' letter pairs: 1 for the same text, 0 for nothing shared. */
export function similarity(a: string, b: string): number {
	const x = compact(a)
	const y = compact(b)
	if (!x || !y) return 0
	if (x === y) return 1
	if (x.length < 2 || y.length < 2) return 0
	const gx = bigrams(x)
	const gy = bigrams(y)
	let shared = 0
	for (const [gram, count] of gx) shared += Math.min(count, gy.get(gram) ?? 0)
	return (2 * shared) / (x.length - 1 + (y.length - 1))
}

/** The words a reader typed in a path: "/setup/game-modes" → "game modes". */
export function pathWords(pathname: string): string {
	const last = pathname.split('/').filter(Boolean).at(-1) ?? ''
	let decoded = last
	try {
		decoded = decodeURIComponent(last)
	} catch {
		// A malformed escape: use it as typed.
	}
	return decoded
		.replace(/[-_+.]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, 100)
}

const MIN_SCORE = 0.4

/**
 * Up to `limit` candidates most like the last segment of `pathname`, best first. A candidate
 * scores its best match over its path's last segment, its title and its aliases; a match in the
 * same section ("/guides/…" for "/guides/…") breaks ties.
 */
export function closestPages(pathname: string, candidates: readonly PageCandidate[], limit = 5): Suggestion[] {
	const words = pathWords(pathname)
	if (!words) return []
	const section = pathname.split('/').filter(Boolean)[0]?.toLowerCase()
	const scored: { candidate: PageCandidate; score: number }[] = []
	for (const candidate of candidates) {
		const slug = candidate.path.split('/').at(-1) ?? ''
		const names = [slug, candidate.title, ...(candidate.aliases ?? [])]
		let score = Math.max(...names.map((name) => similarity(words, name)))
		if (score < MIN_SCORE) continue
		if (section && candidate.path.split('/')[1] === section) score += 0.05
		scored.push({ candidate, score })
	}
	scored.sort((a, b) => b.score - a.score || a.candidate.title.localeCompare(b.candidate.title))
	return scored.slice(0, limit).map(({ candidate }) => ({ path: candidate.path, title: candidate.title }))
}
