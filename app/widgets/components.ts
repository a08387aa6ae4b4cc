import { type ComponentType, lazy } from 'react'
import type { WidgetComponentName } from './registry.ts'

type AnyComponent = ComponentType<never>
type Loader = () => Promise<AnyComponent>

const main = (module: Promise<{ default: AnyComponent }>) => module.then((m) => m.default)

/**
 * Loads each widget's component: every widget of the registry has one (the typecheck fails
 * otherwise). Each is its own chunk, loaded only by pages that use it.
 */
export const widgetLoaders: Record<WidgetComponentName | 'checklist-item', Loader> = {
	callout: () => main(import('./callout/callout.tsx')),
	steps: () => main(import('./steps/steps.tsx')),
	'skill-badge': () => main(import('./skill-badge/skill-badge.tsx')),
	// A list and its items (or tabs and their panels) share one chunk and talk through context.
	checklist: () => main(import('./checklist/checklist.tsx')),
	'checklist-item': () => import('./checklist/checklist.tsx').then((m) => m.ChecklistItem as AnyComponent),
	tabs: () => main(import('./tabs/tabs.tsx')),
	tab: () => import('./tabs/tabs.tsx').then((m) => m.TabPanel as AnyComponent),
	screenshot: () => main(import('./screenshot/screenshot.tsx')),
	'image-table': () => main(import('./image-table/image-table.tsx')),
	'data-table': () => main(import('./data-table/data-table.tsx')),
	metronome: () => main(import('./metronome/metronome.tsx')),
	'world-map': () => main(import('./world-map/world-map.tsx')),
	video: () => main(import('./video/video.tsx')),
	'under-construction': () => main(import('./under-construction/under-construction.tsx')),
	// Lives with the rest of the player lookup: the quest pages show the same box.
	'player-lookup': () => main(import('#app/player/player-lookup.tsx')),
	'quest-requirements': () => main(import('./quest-requirements/quest-requirements.tsx')),
	requirements: () => main(import('./requirements/requirements.tsx')),
	'guide-index': () => main(import('./guide-index/guide-index.tsx')),
	'skill-overview': () => main(import('./skill-overview/skill-overview.tsx')),
}

/** The same components, lazy: what a widget nested in an island's children renders through. */
export const widgetComponents = Object.fromEntries(
	Object.entries(widgetLoaders).map(([name, load]) => [
		name,
		lazy(() => load().then((component) => ({ default: component as ComponentType<unknown> }))),
	]),
) as unknown as Record<WidgetComponentName | 'checklist-item', AnyComponent>

/**
 * Widgets with no state, effects or handlers: their server HTML is all they are, so they stay in
 * the page's static HTML and never become islands (docs/decisions/0018-guide-islands.md).
 */
const STATIC_WIDGETS: ReadonlySet<string> = new Set<WidgetComponentName>(['callout', 'steps', 'data-table', 'under-construction'])

/** Whether a widget needs the browser: hydrated as an island of its own. */
export function isIslandWidget(name: string): name is WidgetComponentName {
	return name in widgetLoaders && !STATIC_WIDGETS.has(name)
}
