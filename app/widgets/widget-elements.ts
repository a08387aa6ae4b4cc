import type { CompactNode } from '#app/lib/content/compact-hast.ts'

/** The properties of a compiled `x-widget` element: its component and its props as JSON. */
export type WidgetElementProps = { dataWidget: string; props: string }

/** Every widget element of a compiled page body, in document order (mutable in place). */
export function widgetElements(nodes: readonly unknown[]): WidgetElementProps[] {
	return (nodes as CompactNode[]).flatMap((node) => {
		if (typeof node === 'string') return []
		const [tag, props, ...children] = node
		const own = tag === 'x-widget' && props ? [props as unknown as WidgetElementProps] : []
		return [...own, ...widgetElements(children)]
	})
}
