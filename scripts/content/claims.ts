import matter from 'gray-matter'
import type { Root, RootContent } from 'mdast'
import remarkDirective from 'remark-directive'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import type { GameUpdateEntry } from '#app/lib/game-facts/schema.ts'
import type { ContentProblem } from './check.ts'
import { lineOf } from './check.ts'

/**
 * `npm run content -- check`: a statement that something changed in 2026 ("removed", "moved to",
 * "since the … update", "no longer") must have a source near it. A paragraph (or list item, or
 * table cell) making such a claim passes when it links a source itself, when it says in words that
 * the claim is unconfirmed, or when the page's `sources:` cite an update of What Changed
 * (data/game-updates.yaml) that the claim names by title or by its 2026 month.
 */
const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective)

const CHANGE = /\b(removed|remove[sd]? the|moved to|since the|since (?:january|february|march|april|may|june|july|august|september|october|november|december)|no longer|replaced|re-tiered|retired|disabled|switched off|reworked|raised to|went to|now unlocks?|became)\b/i
const IN_2026 = /\b2026\b/
const UNCONFIRMED = /\bunconfirmed\b|\bnot (?:been )?confirmed\b|\bhave not found\b|\bcould not (?:confirm|find)\b/i
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

type Block = { text: string; line?: number; linksOut: boolean }

/** The text of a block and whether it links an outside page. */
function blockOf(node: RootContent): Omit<Block, 'line'> {
	let linksOut = false
	const text = (n: RootContent): string => {
		if (n.type === 'link' && /^https?:/.test(n.url)) linksOut = true
		if ('value' in n && typeof n.value === 'string') return n.type === 'code' ? '' : n.value
		if ('children' in n) return (n.children as RootContent[]).map(text).join('')
		return ' '
	}
	return { text: text(node).replace(/\s+/g, ' '), linksOut }
}

/** The updates a claim points at: by title, or by a month of 2026 it names. */
function namedUpdates(text: string, updates: readonly GameUpdateEntry[]): GameUpdateEntry[] {
	const lower = text.toLowerCase()
	const byTitle = updates.filter((u) => {
		const title = u.title.toLowerCase().replace(/^the\s+/, '').replace(/[."…]+$/g, '')
		return title.length > 4 && lower.includes(title)
	})
	if (byTitle.length > 0) return byTitle
	return updates.filter((u) => {
		const [year, month] = u.date.split('-')
		if (year !== '2026' || !month) return false
		return new RegExp(`\\b${MONTHS[Number(month) - 1]}\\b[^.]{0,12}\\b2026\\b|\\b2026\\b[^.]{0,40}\\b${MONTHS[Number(month) - 1]}\\b`).test(lower)
	})
}

export function unsourcedClaims(file: string, source: string, updates: readonly GameUpdateEntry[]): ContentProblem[] {
	let parsed: matter.GrayMatterFile<string>
	try {
		parsed = matter(source, {})
	} catch {
		return [] // checkPage reports the broken front matter
	}
	const sources = new Set(((parsed.data as { sources?: unknown }).sources as string[] | undefined) ?? [])
	const offset = source.slice(0, source.length - parsed.content.length).split('\n').length - 1
	const blocks: Block[] = []
	const walk = (node: RootContent | Root) => {
		if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
			blocks.push({ ...blockOf(node), line: lineOf(node, offset) })
			return
		}
		if (node.type === 'code' || node.type === 'html') return
		if ('children' in node) for (const child of node.children as RootContent[]) walk(child)
	}
	walk(parser.parse(parsed.content) as Root)
	const problems: ContentProblem[] = []
	for (const block of blocks) {
		if (!IN_2026.test(block.text) || !CHANGE.test(block.text)) continue
		if (block.linksOut || UNCONFIRMED.test(block.text)) continue
		const named = namedUpdates(block.text, updates)
		if (named.some((u) => u.sources.some((s) => sources.has(s)))) continue
		const claim = block.text.trim().slice(0, 90)
		problems.push({
			file,
			line: block.line,
			message: named.length > 0
				? `a 2026 change ("${claim}…") without its source: add one of ${named.map((u) => `"${u.title}"`).join(', ')}'s sources (data/game-updates.yaml) to sources:, link one, or say it is unconfirmed`
				: `a 2026 change ("${claim}…") that What Changed does not know and no source backs: add the update to data/game-updates.yaml and its source to sources:, or say it is unconfirmed`,
		})
	}
	return problems
}
