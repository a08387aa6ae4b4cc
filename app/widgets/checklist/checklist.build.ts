import GithubSlugger from 'github-slugger'
import type { ListItem, Parent, RootContent, Text } from 'mdast'
import { visit } from 'unist-util-visit'
import type { WidgetBuild, WidgetBuildContext } from '../widget-build.ts'

const ITEM_ID = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)\}\s*$/

function textOf(node: RootContent | Parent): string {
	if ('value' in node && typeof node.value === 'string') return node.value
	if ('children' in node) return (node.children as RootContent[]).map(textOf).join('')
	return ''
}

/**
 * Each item of the checklist's list gets a stable id (saved progress is keyed by it): an explicit
 * `{#id}` at the end of the item, or a slug of its text.
 */
export const checklistBuild: WidgetBuild = {
	collect(props, ctx) {
		const list = ctx.children.find((c) => c.type === 'list')
		if (!list || list.type !== 'list') return ctx.fail('a checklist must contain a markdown list ("- item")')
		props.itemIds = itemIds(list.children, ctx)
	},
}

function itemIds(items: ListItem[], ctx: WidgetBuildContext): string[] {
	const slugger = new GithubSlugger()
	const ids: string[] = []
	for (const item of items) {
		let id: string | undefined
		visit(item, 'text', (text: Text) => {
			const match = ITEM_ID.exec(text.value)
			if (match) {
				id = match[1]
				text.value = text.value.slice(0, match.index)
			}
		})
		id ??= slugger.slug(textOf(item).trim()).slice(0, 60).replace(/-+$/, '')
		if (!id) {
			ctx.fail('a checklist item has no text', item)
			continue
		}
		if (ids.includes(id)) ctx.fail(`two checklist items share the id "${id}"; give one an explicit {#id}`, item)
		ids.push(id)
		item.data = { ...item.data, hName: 'x-checklist-item', hProperties: { dataItemId: id } }
	}
	return ids
}
