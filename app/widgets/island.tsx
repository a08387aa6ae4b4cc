import { type ComponentType, createElement } from 'react'
import { renderNodes } from '#app/components/markdown.tsx'
import type { RenderNode } from '#app/lib/content/compact-hast.ts'
import type { WidgetComponentName } from './registry.ts'

/**
 * One island of a guide page body, in document order: the `<x-island data-island="i">` of the
 * same index carries the widget's props (`data-props`, JSON); its children (a checklist's items,
 * a tab's panel) come here as a render tree, for the island's own React root to hydrate. Typed
 * loosely, as `CompiledPage['body']` is, so route types stay shallow.
 */
export type IslandEntry = { widget: WidgetComponentName; children: unknown[] }

/** A guide page body as the browser gets it (app/server/render-body.server.tsx). */
export type GuideBodyData = { html: string; islands: IslandEntry[] }

/**
 * The `useId` prefix of island `index`: every island is a root of its own, so without one two
 * islands would hand out the same ids. The server uses the same prefix, so hydration matches.
 */
export const islandIdPrefix = (index: number) => `i${index}-`

/** What an island root renders, on the server and when hydrating: the widget and its children. */
export function IslandContent({
	component,
	props,
	nodes,
}: {
	component: ComponentType<never>
	props: Record<string, unknown>
	nodes: readonly unknown[]
}) {
	return createElement(component as ComponentType<Record<string, unknown>>, props, ...renderNodes(nodes as RenderNode[]))
}
