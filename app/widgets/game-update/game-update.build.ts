import type { ContainerDirective } from 'mdast-util-directive'
import type { Parent, RootContent } from 'mdast'
import type { WidgetBuild } from '../widget-build.ts'
import type { GameUpdateProps } from './game-update.schema.ts'

const NAME = 'game-update'

const isUpdate = (node: RootContent): node is ContainerDirective =>
	node.type === 'containerDirective' && node.name === NAME

function textOf(node: RootContent | Parent): string {
	if ('value' in node && typeof node.value === 'string') return node.value
	if ('children' in node) return (node.children as RootContent[]).map(textOf).join('')
	return ''
}

/**
 * An update starts with its `###` title, and a page lists its updates newest first: each date is
 * on or before the one above it, and within the year of the `## 2026`-style heading it sits under.
 */
export const gameUpdateBuild: WidgetBuild = {
	enrich(props: GameUpdateProps, ctx) {
		const first = ctx.children.find((c) => !(c.data as { directiveLabel?: boolean } | undefined)?.directiveLabel)
		if (first?.type !== 'heading' || first.depth !== 3) ctx.fail('a game update starts with a ### heading: its title')
		const siblings = ctx.parent?.children ?? []
		const index = siblings.findIndex((node) => isUpdate(node) && node.children === ctx.children)
		const before = siblings.slice(0, Math.max(index, 0)).reverse()
		const previous = before.find(isUpdate)
		const previousDate = previous?.attributes?.date
		if (previousDate && previousDate < props.date) {
			ctx.fail(`updates are listed newest first, but ${props.date} comes after ${previousDate}`)
		}
		const year = before.find((node) => node.type === 'heading' && node.depth === 2)
		const yearText = year ? textOf(year).trim() : ''
		if (/^\d{4}$/.test(yearText) && !props.date.startsWith(yearText)) {
			ctx.fail(`the update of ${props.date} sits under the heading "${yearText}"`)
		}
		return props
	},
}
