import { type ComponentType, lazy } from 'react'
import type { WidgetComponentName } from './registry.ts'

type AnyComponent = ComponentType<never>

/** Lazy component per widget: every widget of the registry has one (the typecheck fails otherwise). */
export const widgetComponents: Record<WidgetComponentName | 'checklist-item', AnyComponent> = {
	callout: lazy(() => import('./callout/callout.tsx')),
	steps: lazy(() => import('./steps/steps.tsx')),
	'skill-badge': lazy(() => import('./skill-badge/skill-badge.tsx')),
	// A list and its items (or tabs and their panels) share one chunk and talk through context.
	checklist: lazy(() => import('./checklist/checklist.tsx')),
	'checklist-item': lazy(() => import('./checklist/checklist.tsx').then((m) => ({ default: m.ChecklistItem }))),
	tabs: lazy(() => import('./tabs/tabs.tsx')),
	tab: lazy(() => import('./tabs/tabs.tsx').then((m) => ({ default: m.TabPanel }))),
	screenshot: lazy(() => import('./screenshot/screenshot.tsx')),
	'image-table': lazy(() => import('./image-table/image-table.tsx')),
	'data-table': lazy(() => import('./data-table/data-table.tsx')),
	metronome: lazy(() => import('./metronome/metronome.tsx')),
	'world-map': lazy(() => import('./world-map/world-map.tsx')),
	video: lazy(() => import('./video/video.tsx')),
	'under-construction': lazy(() => import('./under-construction/under-construction.tsx')),
	// Lives with the rest of the player lookup: the quest pages show the same box.
	'player-lookup': lazy(() => import('#app/player/player-lookup.tsx')),
	'quest-requirements': lazy(() => import('./quest-requirements/quest-requirements.tsx')),
	requirements: lazy(() => import('./requirements/requirements.tsx')),
	'guide-index': lazy(() => import('./guide-index/guide-index.tsx')),
	'skill-overview': lazy(() => import('./skill-overview/skill-overview.tsx')),
}
