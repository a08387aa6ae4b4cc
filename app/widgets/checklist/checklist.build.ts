import GithubSlugger from 'github-slugger'
import type { Link, ListItem, Parent, RootContent, Text } from 'mdast'
import { visit } from 'unist-util-visit'
import type { WidgetBuild, WidgetBuildContext } from '../widget-build.ts'

const ITEM_ID = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/
const QUEST_PAGE = /^\/quests\/([a-z0-9]+(?:-[a-z0-9]+)*)$/

function textOf(node: RootContent | Parent): string {
	if ('value' in node && typeof node.value === 'string') return node.value
	if ('children' in node) return (node.children as RootContent[]).map(textOf).join('')
	return ''
}

type Item = { id: string; quest?: string; node: ListItem }

/**
 * Each item of the checklist's list gets a stable id (saved progress is keyed by it): an explicit
 * `{#id}` at the end of the item, the quest's slug for an item that stands for a quest, or a slug
 * of its text. An item that starts with a link to a quest page stands for that quest: with a
 * player loaded, it is ticked when they have completed it.
 */
export const checklistBuild: WidgetBuild = {
	collect(props, ctx) {
		const list = ctx.children.find((c) => c.type === 'list')
		if (!list || list.type !== 'list') return ctx.fail('a checklist must contain a markdown list ("- item")')
		if (props.title === undefined && ctx.heading) props.title = ctx.heading.slice(0, 80)
		const items = readItems(list.children, ctx)
		props.itemIds = items.map((item) => item.id)
		const quests = items.flatMap((item) => (item.quest ? [[item.id, item.quest] as const] : []))
		if (quests.length > 0) props.itemQuests = Object.fromEntries(quests)
		checkQuestOrder(items, ctx)
	},
}

function readItems(nodes: ListItem[], ctx: WidgetBuildContext): Item[] {
	const slugger = new GithubSlugger()
	const items: Item[] = []
	for (const node of nodes) {
		let id: string | undefined
		visit(node, 'text', (text: Text) => {
			const match = ITEM_ID.exec(text.value)
			if (match) {
				id = match[1]
				text.value = text.value.slice(0, match.index)
			}
		})
		const quest = questOf(node, ctx)
		id ??= quest?.slug ?? slugger.slug(textOf(node).trim()).replace(/-{2,}/g, '-').slice(0, 60).replace(/-+$/, '')
		if (!id) {
			ctx.fail('a checklist item has no text', node)
			continue
		}
		if (items.some((item) => item.id === id)) ctx.fail(`two checklist items share the id "${id}"; give one an explicit {#id}`, node)
		items.push({ id, quest: quest?.name, node })
		node.data = { ...node.data, hName: 'x-checklist-item', hProperties: { dataItemId: id } }
	}
	return items
}

/** The quest an item stands for: its text starts with a link to the quest's page. */
function questOf(item: ListItem, ctx: WidgetBuildContext): { name: string; slug: string } | undefined {
	const first = item.children[0]
	const link = first?.type === 'paragraph' ? first.children[0] : undefined
	if (link?.type !== 'link') return undefined
	const slug = QUEST_PAGE.exec((link as Link).url)?.[1]
	if (!slug) return undefined
	const text = textOf(link).trim()
	const name = ctx.resolveQuest(text)
	if (!name) {
		ctx.fail(`the item starts with a link to /quests/${slug}, so it stands for a quest, but "${text}" is not a quest name`, item)
		return undefined
	}
	const target = ctx.questSummary?.(name)?.quests.at(-1)?.slug
	if (target && target !== slug) ctx.fail(`"${text}" is the quest at /quests/${target}, but the item links to /quests/${slug}`, item)
	return { name, slug }
}

/** A quest listed before a quest it needs is a mistake in the order. */
function checkQuestOrder(items: Item[], ctx: WidgetBuildContext) {
	items.forEach((item, index) => {
		if (!item.quest) return
		const needs = new Set(
			ctx
				.questSummary?.(item.quest)
				?.quests.slice(0, -1)
				.map((q) => q.name),
		)
		const later = items.slice(index + 1).find((other) => other.quest && needs.has(other.quest))
		if (later) ctx.fail(`"${item.quest}" needs "${later.quest}", which comes later in the list`, item.node)
	})
}
