/**
 * Build step of the site search: turns the compiled content and data (the same files the pages
 * render) into search documents. Run by scripts/build/search-index.ts; nothing is indexed by hand.
 */
import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import { flatten, trail } from '#app/lib/content/navigation.ts'
import type { CompiledPage, Navigation } from '#app/lib/content/page-types.ts'
import type { QuestCatalogueEntry } from '#app/quests/artifacts.ts'
import { difficultyLabel, normaliseQuestName, questPath } from '#app/quests/names.ts'
import type { SkillGuide } from '#app/skill-guides/schema.ts'
import { skillLabel } from '#app/lib/skills.ts'
import type { ToolPage } from '#app/lib/tools.ts'
import type { SearchDocument } from './search-types.ts'

export type SearchSources = {
	pages: readonly CompiledPage[]
	navigation: Navigation
	quests: readonly Pick<QuestCatalogueEntry, 'name' | 'slug' | 'aliases' | 'difficulty' | 'members' | 'series'>[]
	skillGuides: readonly SkillGuide[]
	tools: readonly ToolPage[]
}

/** The page whose bold-term table rows are the glossary. */
export const GLOSSARY_PATH = '/setup/glossary'

/** Pages of the site that are routes rather than markdown (they are in the sitemap too). */
const ROUTE_PAGES: SearchDocument[] = [
	{
		kind: 'page',
		title: 'Gielinor Guide',
		href: '/',
		context: 'Home',
		text: 'Guides for RuneScape 3 players: set up the game, learn combat and plan the quest-locked mid and late game.',
	},
	{
		kind: 'page',
		title: 'Quests',
		href: '/quests',
		context: 'Quest catalogue',
		text: 'Every quest with its requirements, difficulty and quest points: search, filter and see which ones your account can start now.',
	},
]

type Section = { id?: string; title?: string; text: string[] }

/** Text of a compact tree, as a reader sees it: blocks and table cells separated by spaces. */
function collectText(nodes: readonly CompactNode[], sections: Section[]) {
	for (const node of nodes) {
		const current = sections.at(-1)!
		if (typeof node === 'string') {
			current.text.push(node)
			continue
		}
		const [tag, props, ...children] = node
		if ((tag === 'h2' || tag === 'h3') && props && typeof props.id === 'string') {
			sections.push({ id: props.id, title: plainText(children), text: [] })
			continue
		}
		if (tag === 'x-widget' && props) {
			// A skill badge reads as "75 Magic" inside its sentence; other widgets' data is not prose.
			if (props.dataWidget === 'skill-badge') {
				const { skill, level } = JSON.parse(String(props.props)) as { skill: string; level: number }
				current.text.push(`${level} ${skillLabel(skill)}`)
			}
		}
		collectText(children, sections)
		if (tag !== 'a' && tag !== 'strong' && tag !== 'em' && tag !== 'code' && tag !== 'x-widget') current.text.push(' ')
	}
}

function plainText(nodes: readonly CompactNode[]): string {
	const sections: Section[] = [{ text: [] }]
	collectText(nodes, sections)
	return tidy(sections.flatMap((s) => s.text).join(''))
}

const tidy = (text: string) =>
	text
		.replace(/\s+/g, ' ')
		.replace(/\s([.,;:!?)])/g, '$1')
		.trim()

/** Splits a page body at its h2/h3 headings: the intro, then one section per heading. */
export function pageSections(body: readonly CompactNode[]): { id?: string; title?: string; text: string }[] {
	const sections: Section[] = [{ text: [] }]
	collectText(body, sections)
	return sections.map((s) => ({ id: s.id, title: s.title, text: tidy(s.text.join('')) }))
}

/** The glossary's rows: the term (its row id is the anchor) and its meaning. */
function glossaryTerms(page: CompiledPage): SearchDocument[] {
	const terms: SearchDocument[] = []
	const walk = (nodes: readonly CompactNode[]) => {
		for (const node of nodes) {
			if (typeof node === 'string') continue
			const [tag, props, ...children] = node
			if (tag === 'tr' && props && typeof props.id === 'string' && props.id.startsWith('term-')) {
				const [term, meaning] = children
					.filter((c): c is Exclude<CompactNode, string> => typeof c !== 'string')
					.map((cell) => plainText(cell.slice(2) as CompactNode[]))
				if (!term) continue
				terms.push({
					kind: 'term',
					title: term,
					href: `${page.path}#${props.id}`,
					context: page.title,
					text: meaning ?? '',
				})
				continue
			}
			walk(children)
		}
	}
	walk(page.body as CompactNode[])
	return terms
}

/** Every page (title, description, intro), every h2/h3 section, every quest, skill guide, term and tool. */
export function searchDocuments(sources: SearchSources): SearchDocument[] {
	const pagesByPath = new Map(sources.pages.map((p) => [p.path, p]))
	const questAliases = new Map(sources.quests.map((q) => [normaliseQuestName(q.name), q.aliases ?? []]))
	const documents: SearchDocument[] = [...ROUTE_PAGES]

	for (const section of sources.navigation.sections) {
		for (const entry of flatten([section])) {
			const page = pagesByPath.get(entry.path)
			// Section roots that only redirect are not pages.
			if (!page || entry.component !== 'guide') continue
			const where = trail(section, entry.path)
				.slice(0, -1)
				.map((e) => e.label)
				.join(' › ')
			// A guide about a quest answers to the quest's abbreviations too (WGS, DT).
			const keywords = questAliases.get(normaliseQuestName(page.title)) ?? []
			const [intro, ...rest] = pageSections(page.body as CompactNode[])
			documents.push({
				kind: 'page',
				title: page.title,
				href: page.path,
				context: where || page.label,
				...(keywords.length ? { keywords: [...keywords] } : {}),
				text: [page.description, intro?.text].filter(Boolean).join(' '),
			})
			for (const part of rest) {
				documents.push({
					kind: 'heading',
					title: part.title ?? '',
					href: `${page.path}#${part.id}`,
					context: page.title,
					text: part.text,
				})
			}
			if (page.path === GLOSSARY_PATH) documents.push(...glossaryTerms(page))
		}
	}

	for (const quest of sources.quests) {
		const kind = `${quest.members ? 'Members' : 'Free-to-play'} quest, ${difficultyLabel(quest.difficulty)}`
		documents.push({
			kind: 'quest',
			title: quest.name,
			href: questPath(quest.slug),
			context: [kind, quest.series ? `${quest.series} series` : undefined].filter(Boolean).join(' · '),
			...(quest.aliases?.length ? { keywords: [...quest.aliases] } : {}),
			text: `${kind}.${quest.series ? ` Part of the ${quest.series} series.` : ''}`,
		})
	}

	for (const guide of sources.skillGuides) {
		const first = guide.ranges[0]!.from
		const last = guide.ranges.at(-1)!.to
		documents.push({
			kind: 'skill',
			title: skillLabel(guide.skill),
			skill: guide.skill,
			context: `Levelling guide, levels ${first}–${last}`,
			keywords: [guide.skill],
			text: [guide.summary, ...guide.ranges.map((r) => `${r.method}: ${r.tip}`)].join(' '),
		})
	}

	if (sources.tools.length > 0) {
		documents.push({
			kind: 'tool',
			title: 'Tools',
			href: '/tools',
			context: 'Tools',
			text: `Interactive tools: ${sources.tools.map((t) => t.title).join(', ')}.`,
		})
	}
	for (const tool of sources.tools) {
		documents.push({
			kind: 'tool',
			title: tool.title,
			href: tool.path,
			context: 'Tools',
			text: tool.description,
		})
	}
	return documents
}
