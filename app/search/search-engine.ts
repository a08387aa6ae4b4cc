/**
 * The site search over the generated index: MiniSearch (BM25, prefix and typo-tolerant matching)
 * plus our rules — exact abbreviations first, results grouped and capped per page, words
 * highlighted, a one-line excerpt. The browser dialog and the server's /search page both call
 * `search` here, so both rank the same way.
 */
import MiniSearch, { type Options, type SearchOptions, type SearchResult } from 'minisearch'
import { excerpt, highlight } from './highlight.ts'
import {
	GROUP_LABELS,
	GROUP_OF,
	MAX_QUERY_LENGTH,
	type SearchDocument,
	type SearchGroup,
	type SearchGroupName,
	type SearchHit,
	type SearchKind,
	type SearchOutcome,
	type SearchPayload,
} from './search-types.ts'
import { compareKey, indexTerm, queryTerms, words } from './words.ts'

/** Bump when the options below change, so an index built with other options is refused. */
const INDEX_VERSION = 1

const FIELDS = ['title', 'keywords', 'context', 'text'] as const

const INDEX_OPTIONS: Options<SearchDocument & { id: number }> = {
	fields: [...FIELDS],
	idField: 'id',
	tokenize: (text) => words(text).map((w) => w.word),
	processTerm: indexTerm,
	extractField: (doc, field) => {
		const value = doc[field as keyof typeof doc]
		return Array.isArray(value) ? value.join(' ') : ((value as string | number | undefined)?.toString() ?? '')
	},
}

/** How much a match in each field counts. */
const FIELD_BOOST = { title: 4, keywords: 6, context: 0.5, text: 1 }

/** Pages and skill guides are the usual destination; a heading is one part of a page. */
const KIND_BOOST: Record<SearchKind, number> = {
	page: 1.4,
	heading: 1,
	quest: 1.2,
	skill: 1.4,
	// A glossary line explains a word; the guide or skill it names is usually what the reader wants.
	term: 0.6,
	tool: 1.2,
}

/** The query typed equals an abbreviation or a title: that result goes to the top. */
const EXACT_KEYWORD_BOOST = 25
const EXACT_TITLE_BOOST = 4

/** Results scoring under this share of the best one are noise (a word in passing, a far typo). */
const RELEVANCE_FLOOR = 0.12

const SEARCH_OPTIONS: SearchOptions = {
	boost: FIELD_BOOST,
	// Every word may be the start of a longer one ("overl" → Overloads); words of 5+ letters
	// forgive one typo, 10+ letters two ("prifdinas" → Prifddinas).
	prefix: true,
	fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
	maxFuzzy: 2,
	combineWith: 'OR',
}

export type SearchLimits = {
	/** Most results per group. */
	perGroup: number
	/** Most results from one page (the page and its sections together). */
	perPage: number
}

export const DIALOG_LIMITS: SearchLimits = { perGroup: 6, perPage: 3 }
export const PAGE_LIMITS: SearchLimits = { perGroup: 12, perPage: 4 }

/** Trimmed, whitespace collapsed, cut to MAX_QUERY_LENGTH. */
export function normaliseQuery(query: string): string {
	return query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH).trim()
}

export type SiteSearch = {
	search(query: string, limits?: SearchLimits): SearchOutcome
}

function withIds(documents: readonly SearchDocument[]) {
	return documents.map((doc, id) => ({ ...doc, id }))
}

/** Builds the index (at build time, or in tests). */
export function buildPayload(documents: readonly SearchDocument[]): SearchPayload {
	const engine = new MiniSearch(INDEX_OPTIONS)
	engine.addAll(withIds(documents))
	return { version: INDEX_VERSION, documents: [...documents], index: engine.toJSON() }
}

/**
 * The search over a generated payload; rejects when it was built with other options. Loads in
 * batches that yield to the event loop, so typing stays responsive meanwhile.
 */
export async function loadSiteSearch(payload: SearchPayload): Promise<SiteSearch> {
	if (payload.version !== INDEX_VERSION) {
		throw new Error(`search index version ${payload.version} does not match ${INDEX_VERSION}: rebuild it`)
	}
	const engine = await MiniSearch.loadJSAsync(payload.index as Parameters<typeof MiniSearch.loadJS>[0], INDEX_OPTIONS)
	return createSearch(payload.documents, engine)
}

function createSearch(documents: readonly SearchDocument[], engine: MiniSearch): SiteSearch {
	const keywordKeys = documents.map((doc) => new Set((doc.keywords ?? []).map(compareKey)))
	const titleKeys = documents.map((doc) => compareKey(doc.title))

	function rank(query: string, options: SearchOptions = SEARCH_OPTIONS): SearchResult[] {
		const key = compareKey(query)
		const terms = queryTerms(query)
		if (terms.length === 0) return []
		const results = engine.search(terms.join(' '), {
			...options,
			// One letter is the start of thousands of words: look for it at the start of titles only.
			...(terms.length === 1 && terms[0]!.length === 1 ? { fields: ['title', 'keywords'] } : {}),
			// The words are already processed (see queryTerms): split only.
			tokenize: (text) => text.split(' '),
			processTerm: (term) => term,
			boostDocument: (id: number) => KIND_BOOST[documents[id]!.kind],
		})
		const floor = (results[0]?.score ?? 0) * RELEVANCE_FLOOR
		const kept = results.filter((r) => r.score >= floor)
		for (const result of kept) {
			const id = result.id as number
			if (keywordKeys[id]!.has(key)) result.score *= EXACT_KEYWORD_BOOST
			else if (titleKeys[id] === key && documents[id]!.kind !== 'term') result.score *= EXACT_TITLE_BOOST
		}
		return kept.sort((a, b) => b.score - a.score)
	}

	function hit(result: SearchResult): SearchHit {
		const doc = documents[result.id as number]!
		const matched = new Set(result.terms)
		return {
			id: result.id as number,
			kind: doc.kind,
			...(doc.href ? { href: doc.href } : {}),
			...(doc.skill ? { skill: doc.skill } : {}),
			name: doc.title,
			title: highlight(doc.title, matched),
			...(doc.context ? { context: doc.context } : {}),
			excerpt: excerpt(doc.text, matched),
		}
	}

	/** Titles of the best loose matches (more typos allowed), for a query that found nothing. */
	function suggestions(query: string): string[] {
		const loose = rank(query, { ...SEARCH_OPTIONS, fuzzy: 0.4, maxFuzzy: 3 })
		const titles: string[] = []
		for (const result of loose) {
			const doc = documents[result.id as number]!
			const title = doc.kind === 'heading' ? (doc.context ?? doc.title) : doc.title
			if (!titles.includes(title)) titles.push(title)
			if (titles.length === 3) break
		}
		return titles
	}

	return {
		search(rawQuery, limits = DIALOG_LIMITS) {
			const query = normaliseQuery(rawQuery)
			const groups = new Map<SearchGroupName, SearchGroup>()
			const perPage = new Map<string, number>()
			let total = 0
			if (query) {
				for (const result of rank(query)) {
					const doc = documents[result.id as number]!
					const name = GROUP_OF[doc.kind]
					let group = groups.get(name)
					if (!group) {
						group = { name, label: GROUP_LABELS[name], hits: [] }
						groups.set(name, group)
					}
					if (group.hits.length >= limits.perGroup) continue
					const page = doc.href?.split('#')[0]
					if (page && name === 'guides') {
						const count = perPage.get(page) ?? 0
						if (count >= limits.perPage) continue
						perPage.set(page, count + 1)
					}
					group.hits.push(hit(result))
					total++
				}
			}
			// Groups come in the order of their best result (a Map keeps insertion order).
			return {
				query,
				total,
				groups: [...groups.values()].filter((g) => g.hits.length > 0),
				suggestions: query && total === 0 ? suggestions(query) : [],
			}
		},
	}
}
