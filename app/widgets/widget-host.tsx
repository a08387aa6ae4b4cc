import { type ComponentType, type ReactNode, Suspense } from 'react'
import { widgetComponents } from './components.ts'
import type { WidgetComponentName } from './registry.ts'

type HostProps = { 'data-widget'?: string; props?: string; children?: ReactNode }

/**
 * Renders a widget element of a page body. Each widget's code is its own chunk, loaded only by
 * pages that use it; the server HTML stays in place until it has loaded and hydrated.
 */
export function WidgetHost({ 'data-widget': name, props, children }: HostProps) {
	const Component = widgetComponents[name as WidgetComponentName] as ComponentType<Record<string, unknown>> | undefined
	if (!Component) return <div data-widget={name}>{children}</div>
	const parsed = props ? (JSON.parse(props) as Record<string, unknown>) : {}
	return (
		<Suspense fallback={null}>
			<Component {...parsed}>{children}</Component>
		</Suspense>
	)
}

/** A checklist's list item; the build marks it with `data-item-id` (a prop named `itemId` would reach us as `itemID`). */
export function ChecklistItemHost({ 'data-item-id': itemId, children }: { 'data-item-id'?: string; children?: ReactNode }) {
	const Item = widgetComponents['checklist-item'] as ComponentType<{ id: string; children?: ReactNode }> | undefined
	if (!Item) return <li>{children}</li>
	return (
		<Suspense fallback={null}>
			<Item id={itemId ?? ''}>{children}</Item>
		</Suspense>
	)
}
