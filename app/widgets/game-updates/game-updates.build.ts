import type { Link, PhrasingContent, Root, RootContent } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'
import { sourceLabel } from '#app/lib/content/source-label.ts'
import { formatDate, formatMonth } from '#app/lib/format-date.ts'
import type { GameUpdateEntry } from '#app/lib/game-facts/schema.ts'
import type { WidgetBuild } from '../widget-build.ts'

const markdown = unified().use(remarkParse).use(remarkGfm)

/** An element of our own in the markdown tree: remark-rehype turns it into `<tag>`. */
function element(tag: string, properties: Record<string, unknown>, children: RootContent[] | PhrasingContent[]): RootContent {
	return { type: 'gameUpdatePart', data: { hName: tag, hProperties: properties }, children } as unknown as RootContent
}

const text = (value: string): PhrasingContent => ({ type: 'text', value })

/** An update's summary as markdown nodes, without positions (they would point into the YAML, not the page). */
function summaryNodes(summary: string): RootContent[] {
	const tree = markdown.parse(summary) as Root
	visit(tree, (node) => {
		delete node.position
	})
	return tree.children
}

function sourcesLine(sources: string[]): RootContent {
	const links = sources.flatMap((url, i): PhrasingContent[] => {
		const link: Link = { type: 'link', url, children: [text(sourceLabel(url))] }
		return i === 0 ? [link] : [text(', '), link]
	})
	return {
		type: 'paragraph',
		data: { hProperties: { className: ['not-prose', 'mt-2', 'text-xs', 'text-muted', 'break-words'] } },
		children: [text(sources.length === 1 ? 'Source: ' : 'Sources: '), ...links],
	}
}

/** One update: its date (a day, or the month when that is all the sources give), title, summary and sources. */
function updateNodes(update: GameUpdateEntry): RootContent {
	const when = update.date.length === 7 ? formatMonth(update.date) : formatDate(update.date)
	return element('article', { dataUpdateDate: update.date, className: ['my-6', 'border-l-4', 'border-accent/60', 'pl-4'] }, [
		{
			type: 'paragraph',
			data: { hProperties: { className: ['not-prose', 'text-sm', 'font-semibold', 'text-muted'] } },
			children: [element('time', { dateTime: update.date }, [text(when)]) as unknown as PhrasingContent],
		},
		{ type: 'heading', depth: 3, data: { hProperties: { className: ['mt-1'] } }, children: [text(update.title)] },
		...summaryNodes(update.summary),
		sourcesLine(update.sources),
	])
}

/**
 * `::game-updates` becomes the updates of data/game-updates.yaml at build time, each year under its
 * `## 2026` heading, so the titles reach "On this page" and the page needs no JavaScript for them.
 */
export const gameUpdatesBuild: WidgetBuild = {
	expand(_props: Record<string, never>, ctx) {
		const updates = ctx.gameFacts?.updates ?? []
		if (updates.length === 0) ctx.fail('::game-updates needs data/game-updates.yaml')
		const nodes: RootContent[] = []
		let year = ''
		for (const update of updates) {
			if (update.date.slice(0, 4) !== year) {
				year = update.date.slice(0, 4)
				nodes.push({ type: 'heading', depth: 2, children: [text(year)] })
			}
			nodes.push(updateNodes(update))
		}
		return nodes
	},
}
