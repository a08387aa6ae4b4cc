import { type ComponentProps, type ComponentType, createElement, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { RenderNode } from '#app/lib/content/compact-hast.ts'
import { ChecklistItemHost, WidgetHost } from '#app/widgets/widget-host.tsx'

const EXTERNAL = /^(https?:)?\/\//

/** Internal links navigate client-side (lower-cased, as paths are); external ones open a new tab. */
function AppLink({ href = '', children, ...props }: ComponentProps<'a'>) {
	if (EXTERNAL.test(href)) {
		return (
			<a href={href} target="_blank" rel="noopener noreferrer" {...props}>
				{children}
			</a>
		)
	}
	if (href.startsWith('/') && !/\.[a-z0-9]+($|[?#])/i.test(href)) {
		const [path = '', hash] = href.split('#')
		const to = `${path.toLowerCase()}${hash ? `#${hash}` : ''}`
		return (
			<Link to={to} prefetch="intent" {...props}>
				{children}
			</Link>
		)
	}
	return (
		<a href={href} {...props}>
			{children}
		</a>
	)
}

function heading(Tag: 'h2' | 'h3' | 'h4' | 'h5' | 'h6') {
	return function Heading({ id, children, ...props }: ComponentProps<'h2'>) {
		return (
			<Tag id={id} {...props}>
				{children}
				{id ? (
					<a href={`#${id}`} className="heading-anchor" aria-label="Link to this section">
						#
					</a>
				) : null}
			</Tag>
		)
	}
}

/**
 * Wide tables scroll sideways on small screens instead of stretching the page. The build names
 * each table's region after the heading above it (`data-region-label`).
 */
function ScrollTable({ 'data-region-label': label, ...props }: ComponentProps<'table'> & { 'data-region-label'?: string }) {
	return (
		<div className="overflow-x-auto" role="region" aria-label={label ?? 'Table'} tabIndex={0}>
			<table {...props} />
		</div>
	)
}

const components: Record<string, ComponentType<never>> = {
	a: AppLink,
	h2: heading('h2'),
	h3: heading('h3'),
	h4: heading('h4'),
	h5: heading('h5'),
	h6: heading('h6'),
	table: ScrollTable,
	'x-widget': WidgetHost,
	'x-checklist-item': ChecklistItemHost,
}

function render(node: RenderNode): ReactNode {
	if (typeof node === 'string') return node
	const [type, props, ...children] = node
	// Children as arguments, not an array: their order is fixed, so React needs no keys.
	return createElement((components[type] ?? type) as 'div', (props || null) as never, ...children.map(render))
}

/**
 * Renders part of a page body (the render tree of app/server/render-tree.server.ts): the whole
 * body on the server, and an island's children in the browser (app/widgets/island.tsx).
 */
export function renderNodes(nodes: readonly RenderNode[]): ReactNode[] {
	return nodes.map(render)
}
