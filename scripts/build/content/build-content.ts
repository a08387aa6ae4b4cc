import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { CompiledPage, NavEntry, Navigation } from '#app/lib/content/page-types.ts'
import { type CompileResult, ContentError, compilePage, type PageLink } from './compile-page.ts'
import { finishWidgets } from './finish-widgets.ts'
import { publicFiles } from './public-files.ts'
import type { QuestSummaryLookup, SkillGuideLookup } from '#app/widgets/widget-build.ts'
import { type GameFacts, normaliseTopic } from '#app/lib/game-facts/schema.ts'
import { type StaleReason, staleReasons } from '#app/lib/game-facts/stale.ts'

export type BuildContentOptions = {
	contentDir: string
	publicDir: string
	/** Canonical quest name for a name or alias (undefined when unknown). */
	resolveQuest: (name: string) => string | undefined
	/** Quest page slugs, for links to /quests/<slug>. */
	questSlugs: ReadonlySet<string>
	/** A quest's precomputed requirements, for the requirement widgets. */
	questSummary?: QuestSummaryLookup
	/** The levelling guides, for widgets that show them. */
	skillGuide?: SkillGuideLookup
	/** data/game/ and the game updates: the fact widgets, and which pages are stale. */
	gameFacts?: GameFacts
}

/** A page some game update made stale, with why (`npm run content -- stale`). */
export type StalePage = { file: string; path: string; verified: string; reasons: StaleReason[] }

export type BuiltContent = {
	pages: CompiledPage[]
	navigation: Navigation
	/** Alias path → page path, from the pages' `aliases:` (answered with a 301 by the server). */
	aliases: Record<string, string>
	/** Quest slug → the page that is our guide for it (front matter `quests:`). */
	questGuides: QuestGuides
	stale: StalePage[]
	/** Page path → the topics it covers (as `updateTopics` writes them), for the catch-up's "why". */
	topics: Record<string, string[]>
	/** Section roots that only redirect to their first page (`redirect: first-child`). */
	redirects: string[]
	errors: ContentError[]
}

export type QuestGuides = Record<string, { path: string; title: string }>

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function listMarkdown(dir: string, prefix = ''): string[] {
	return readdirSync(dir, { withFileTypes: true })
		.sort((a, b) => a.name.localeCompare(b.name))
		.flatMap((entry) => {
			const rel = prefix ? `${prefix}/${entry.name}` : entry.name
			if (entry.isDirectory()) return listMarkdown(path.join(dir, entry.name), rel)
			return entry.name.endsWith('.md') ? [rel] : []
		})
}

/** `setup/intro.md` → `/setup/intro`; `guides/mid-game/index.md` → `/guides/mid-game`. */
export function pagePath(rel: string): string {
	return `/${rel.replace(/\.md$/, '').replace(/(^|\/)index$/, '')}`
}

export function buildContent(options: BuildContentOptions): BuiltContent {
	const errors: ContentError[] = []
	const results = new Map<string, CompileResult & { file: string }>()
	const files = publicFiles(options.publicDir)

	for (const rel of listMarkdown(options.contentDir)) {
		const file = `content/${rel}`
		const segments = rel.replace(/\.md$/, '').split('/')
		const bad = segments.find((s) => !KEBAB.test(s))
		if (bad) {
			errors.push(new ContentError(file, undefined, `"${bad}" is not a lower-case kebab-case name`))
			continue
		}
		if (segments.length < 2) {
			errors.push(new ContentError(file, undefined, 'pages live in a section folder, e.g. content/setup/intro.md'))
			continue
		}
		const pathname = pagePath(rel)
		const result = compilePage(readFileSync(path.join(options.contentDir, rel), 'utf8'), {
			file,
			path: pathname,
			section: segments[0]!,
			publicFiles: files,
			resolveQuest: options.resolveQuest,
			questSummary: options.questSummary,
			skillGuide: options.skillGuide,
			gameFacts: options.gameFacts,
		})
		errors.push(...result.errors)
		results.set(pathname, { ...result, file })
	}

	const navigation = buildNavigation(results, errors)
	// Second pass, now that every page is compiled: widgets that list other pages (guide indexes).
	errors.push(...finishWidgets(navigation, results))
	errors.push(...checkLinks(results, options))
	const aliases = pageAliases(results, options.questSlugs, errors)
	const questGuides = guidesByQuest(results, errors)
	const stale = markStale(results, options.gameFacts?.updates ?? [])
	const topics = Object.fromEntries([...results].map(([pathname, result]) => [pathname, pageTopics(result)]))
	const redirects = [...results].filter(([, r]) => r.frontmatter.redirect === 'first-child').map(([pathname]) => pathname)
	return { pages: [...results.values()].map((r) => r.page), navigation, aliases, questGuides, stale, topics, redirects, errors }
}

/** A page's topics: the facts it cites, the quests it is the guide for and its front matter `topics`. */
function pageTopics(result: Pick<CompileResult, 'cited' | 'page' | 'frontmatter'>): string[] {
	return [
		...new Set([
			...result.cited,
			...result.page.quests.map((q) => `quest:${q.name.toLowerCase()}`),
			...(result.frontmatter.topics ?? []).map(normaliseTopic),
		]),
	]
}

/** The updates that touched what a compiled page covers after its `lastVerified` (see `staleReasons`). */
export function pageStaleReasons(result: Pick<CompileResult, 'cited' | 'page' | 'frontmatter'>, updates: GameFacts['updates']): StaleReason[] {
	return staleReasons(result.page.lastVerified, pageTopics(result), updates)
}

/** Puts each stale page's notice on it and lists the stale pages with their reasons. */
function markStale(results: Map<string, CompileResult & { file: string }>, updates: GameFacts['updates']): StalePage[] {
	const stale: StalePage[] = []
	for (const [pathname, result] of results) {
		const reasons = pageStaleReasons(result, updates)
		if (reasons.length === 0) continue
		result.page.stale = reasons.map(({ title, date }) => ({ title, date }))
		stale.push({ file: result.file, path: pathname, verified: result.page.lastVerified!, reasons })
	}
	return stale
}

function buildNavigation(results: Map<string, CompileResult & { file: string }>, errors: ContentError[]): Navigation {
	const entries = new Map<string, NavEntry>()
	for (const [pathname, { frontmatter, page }] of results) {
		entries.set(pathname, {
			path: pathname,
			component: 'guide',
			label: page.label,
			title: page.title,
			section: page.section,
			order: frontmatter.order,
			visible: frontmatter.visible,
			children: [],
		})
	}
	const sections: NavEntry[] = []
	for (const [pathname, entry] of entries) {
		const parentPath = pathname.slice(0, pathname.lastIndexOf('/'))
		if (!parentPath) {
			sections.push(entry)
			continue
		}
		const parent = entries.get(parentPath)
		if (!parent) {
			const file = results.get(pathname)!.file
			errors.push(new ContentError(file, undefined, `its folder has no index.md (needed for ${parentPath})`))
			continue
		}
		parent.children.push(entry)
	}
	const byOrder = (a: NavEntry, b: NavEntry) => a.order - b.order || a.label.localeCompare(b.label)
	const sortTree = (list: NavEntry[]) => {
		list.sort(byOrder)
		for (const e of list) sortTree(e.children)
	}
	sortTree(sections)
	for (const section of sections) {
		const result = results.get(section.path)!
		if (result.frontmatter.redirect === 'first-child') {
			const first = section.children.find((c) => c.visible) ?? section.children[0]
			if (!first) errors.push(new ContentError(result.file, 1, 'redirect: first-child, but the section has no pages'))
			section.component = 'section'
			section.redirectTo = first?.path
		}
	}
	return { sections }
}

/** Each page's aliases as full paths; an alias that is a page, a quest or another page's alias fails. */
function pageAliases(
	results: Map<string, CompileResult & { file: string }>,
	questSlugs: ReadonlySet<string>,
	errors: ContentError[],
): Record<string, string> {
	const aliases: Record<string, string> = {}
	for (const [pathname, { frontmatter, file }] of results) {
		const folder = pathname.slice(0, pathname.lastIndexOf('/'))
		for (const alias of frontmatter.aliases ?? []) {
			const from = alias.startsWith('/') ? alias : `${folder}/${alias}`
			const fail = (reason: string) => errors.push(new ContentError(file, undefined, `alias ${from}: ${reason}`))
			if (results.has(from)) fail(`is already the page ${results.get(from)!.file}`)
			else if (from === '/quests' || (from.startsWith('/quests/') && questSlugs.has(from.slice(8)))) fail('is a quest page')
			else if (aliases[from]) fail(`is already an alias of ${aliases[from]}`)
			else aliases[from] = pathname
		}
	}
	return aliases
}

/** Which page is the guide for each quest; two pages claiming one quest fail the build. */
function guidesByQuest(results: Map<string, CompileResult & { file: string }>, errors: ContentError[]): QuestGuides {
	const guides: QuestGuides = {}
	for (const [pathname, { page, file }] of results) {
		for (const quest of page.quests) {
			const taken = guides[quest.slug]
			if (taken) errors.push(new ContentError(file, undefined, `quests: ${quest.name} already has a guide, ${taken.path}`))
			else guides[quest.slug] = { path: pathname, title: page.title }
		}
	}
	return guides
}

function checkLinks(
	results: Map<string, CompileResult & { file: string }>,
	options: BuildContentOptions,
): ContentError[] {
	const errors: ContentError[] = []
	const files = publicFiles(options.publicDir)
	const check = (link: PageLink, ownPath: string) => {
		const [rawPath = '', hash] = link.href.split('#') as [string, string | undefined]
		const target = (rawPath || ownPath).split('?')[0]!.toLowerCase()
		const fail = (reason: string) => errors.push(new ContentError(link.file, link.line, `broken link ${link.href}: ${reason}`))
		if (target !== '/' && target.endsWith('/')) return fail('remove the trailing slash')
		if (target === '/' || target === '/quests') return
		if (target.startsWith('/quests/')) {
			if (!options.questSlugs.has(target.slice('/quests/'.length))) fail('no such quest page')
			return
		}
		const page = results.get(target)
		if (!page) {
			if (/\.[a-z0-9]+$/.test(target)) return files.exists(target) ? undefined : fail('no such file in public/')
			return fail('no such page')
		}
		if (hash && !page.page.headings.some((h) => h.id === hash) && !hasId(page, hash)) {
			fail(`no heading with the id "${hash}" on ${target}`)
		}
	}
	for (const [pathname, result] of results) for (const link of result.links) check(link, pathname)
	return errors
}

function hasId(result: CompileResult, id: string): boolean {
	return JSON.stringify(result.page.body).includes(`"id":"${id}"`)
}

export function writeContent(outDir: string, content: BuiltContent) {
	const pagesDir = path.join(outDir, 'pages')
	for (const page of content.pages) {
		const file = path.join(pagesDir, `${page.path.slice(1)}.json`)
		mkdirSync(path.dirname(file), { recursive: true })
		writeFileSync(file, JSON.stringify(page))
	}
	writeFileSync(path.join(outDir, 'navigation.json'), JSON.stringify(content.navigation, null, '\t'))
	writeFileSync(path.join(outDir, 'aliases.json'), JSON.stringify(content.aliases, null, '\t'))
	writeFileSync(path.join(outDir, 'quest-guides.json'), JSON.stringify(content.questGuides, null, '\t'))
}
