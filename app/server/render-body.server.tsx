import { createElement, Fragment, type ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { MemoryRouter } from 'react-router'
import { renderNodes } from '#app/components/markdown.tsx'
import type { RenderNode } from '#app/lib/content/compact-hast.ts'
import { isIslandWidget, widgetLoaders } from '#app/widgets/components.ts'
import { type GuideBodyData, IslandContent, type IslandEntry, islandIdPrefix } from '#app/widgets/island.tsx'
import { toRenderTree } from './render-tree.server.ts'

/** React's server HTML of `node`, every lazy widget loaded (prerender waits for them). */
async function toHtml(node: ReactNode, identifierPrefix?: string): Promise<string> {
	// Links need a router; the HTML does not depend on its location (every href is absolute).
	// Every boundary in place, none streamed after with an inline script (decision 0006).
	const { prelude } = await prerenderToNodeStream(createElement(MemoryRouter, null, node), {
		identifierPrefix,
		progressiveChunkSize: Number.POSITIVE_INFINITY,
	})
	let html = ''
	for await (const chunk of prelude) html += String(chunk)
	return html
}

type Found = IslandEntry & { props: string }

/**
 * The tree with each outermost widget that needs the browser replaced by its placeholder,
 * `<x-island data-island="i" data-widget data-props>` (its HTML is filled in later); the widgets
 * found are appended to `found` in document order. A widget inside an island is part of it.
 */
function markIslands(nodes: readonly RenderNode[], found: Found[]): RenderNode[] {
	return nodes.map((node): RenderNode => {
		if (typeof node === 'string') return node
		const [type, props, ...children] = node
		const widget = type === 'x-widget' && props ? String(props['data-widget']) : ''
		if (!isIslandWidget(widget)) return [type, props, ...markIslands(children, found)]
		const json = props && typeof props.props === 'string' ? props.props : '{}'
		const index = found.push({ widget, props: json, children }) - 1
		return ['x-island', { 'data-island': String(index), 'data-widget': widget, 'data-props': json }]
	})
}

/** The server HTML of one island: what its root hydrates in the browser. */
async function islandHtml(island: Found, index: number): Promise<string> {
	const component = await widgetLoaders[island.widget]()
	const props = JSON.parse(island.props) as Record<string, unknown>
	return toHtml(createElement(IslandContent, { component, props, nodes: island.children }), islandIdPrefix(index))
}

/** Puts each island's HTML into its placeholder. */
function fillIslands(nodes: readonly RenderNode[], html: readonly string[]): RenderNode[] {
	return nodes.map((node): RenderNode => {
		if (typeof node === 'string') return node
		const [type, props, ...children] = node
		if (type !== 'x-island' || !props) return [type, props, ...fillIslands(children, html)]
		return [type, { ...props, dangerouslySetInnerHTML: { __html: html[Number(props['data-island'])] } }]
	})
}

async function render(body: unknown[]): Promise<GuideBodyData> {
	const found: Found[] = []
	const marked = markIslands(toRenderTree(body) as RenderNode[], found)
	const islands = await Promise.all(found.map(islandHtml))
	const html = await toHtml(createElement(Fragment, null, ...renderNodes(fillIslands(marked, islands))))
	return { html, islands: found.map(({ widget, children }) => ({ widget, children })) }
}

const cache = new WeakMap<object, Promise<GuideBodyData>>()

/**
 * A page body (compact hast) as the browser gets it (docs/decisions/0018-guide-islands.md): the
 * prose as server HTML, never hydrated, and an island manifest for the widgets that need the
 * browser, each hydrated on its own. One path for prerendering, server rendering and the route
 * data of client navigation; guide pages are prerendered, so it runs at build time.
 */
export function renderBody(body: unknown[]): Promise<GuideBodyData> {
	let rendered = cache.get(body)
	if (!rendered) {
		rendered = render(body)
		cache.set(body, rendered)
	}
	return rendered
}
