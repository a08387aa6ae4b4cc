
export type Heading = { depth: 2 | 3; id: string; text: string }

/** One compiled page, as written to app/generated/pages/ by scripts/build/build-data.ts. */
export type CompiledPage = {
	path: string
	section: string
	title: string
	label: string
	description: string
	status: 'published' | 'under-construction'
	lastVerified: string | null
	/** Web addresses the page's facts were checked against (front matter `sources`). */
	sources: string[]
	/** Game updates since `lastVerified` that touched what the page covers: shown as a notice. */
	stale: { title: string; date: string }[]
	/** The quests this page is the guide for (front matter `quests`), resolved to their pages. */
	quests: { name: string; slug: string }[]
	headings: Heading[]
	/** Compact hast (see compact-hast.ts); typed loosely so route types stay shallow. */
	body: unknown[]
	/** Names of the widgets the page uses, sorted; `npm run bench:quests` counts their chunks (the browser never reads it). */
	widgets: string[]
}

/** One entry of the navigation/route table, derived from content/. */
export type NavEntry = {
	path: string
	component: 'guide' | 'section'
	label: string
	title: string
	section: string
	order: number
	visible: boolean
	/** Section roots that are not pages themselves redirect to their first child. */
	redirectTo?: string
	children: NavEntry[]
}

export type Navigation = {
	sections: NavEntry[]
}
