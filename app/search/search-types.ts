/**
 * What the site search works with: the documents the build indexes, and the grouped, highlighted
 * results the dialog and the /search page show. No code here, so every side can import it.
 */

/** One kind per thing a reader can land on. */
export type SearchKind = 'page' | 'heading' | 'quest' | 'skill' | 'term' | 'tool'

/** One indexed entry, as written to `app/generated/search/search-index.json`. */
export type SearchDocument = {
	kind: SearchKind
	/** Page title, heading text, quest name, skill label, glossary term or tool name. */
	title: string
	/** Where the result leads (`/guides/mid-game/overloads#making-them`); skills open their drawer. */
	href?: string
	/** The skill a skill guide is for (`necromancy`). */
	skill?: string
	/** A short line under the title: the page a heading sits on, a quest's members and difficulty. */
	context?: string
	/** Other names that count as an exact match: quest abbreviations (WGS, RFD), a term's spellings. */
	keywords?: string[]
	/** The searchable text, and the source of the excerpt. */
	text: string
}

/** The generated index file: the documents and MiniSearch's serialised index over them. */
export type SearchPayload = {
	/** Changes whenever the options the index was built with change. */
	version: number
	documents: SearchDocument[]
	index: unknown
}

export type SearchGroupName = 'guides' | 'quests' | 'skills' | 'glossary' | 'tools'

export const GROUP_OF: Record<SearchKind, SearchGroupName> = {
	page: 'guides',
	heading: 'guides',
	quest: 'quests',
	skill: 'skills',
	term: 'glossary',
	tool: 'tools',
}

export const GROUP_LABELS: Record<SearchGroupName, string> = {
	guides: 'Guides',
	quests: 'Quests',
	skills: 'Skills',
	glossary: 'Glossary',
	tools: 'Tools',
}

/** A piece of highlighted text: `match` marks the words the query matched. */
export type Segment = { text: string; match?: true }

export type SearchHit = {
	/** The document's position in the index (stable within one build). */
	id: number
	kind: SearchKind
	href?: string
	skill?: string
	/** The plain title (a quest's name, for its player status). */
	name: string
	title: Segment[]
	context?: string
	excerpt: Segment[]
}

export type SearchGroup = { name: SearchGroupName; label: string; hits: SearchHit[] }

export type SearchOutcome = {
	/** The query as searched (trimmed, whitespace collapsed, cut to the maximum length). */
	query: string
	/** Results shown, over every group. */
	total: number
	groups: SearchGroup[]
	/** With no results: the closest titles the index knows, to try instead. */
	suggestions: string[]
}

/** Longer queries are cut: nobody types more, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 100
