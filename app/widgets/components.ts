import { type ComponentType, lazy } from 'react'
import type { WidgetComponentName } from './registry.ts'

type AnyComponent = ComponentType<never>

/** Lazy component per widget. A widget without an entry renders its children in a plain block. */
export const widgetComponents: Partial<Record<WidgetComponentName | 'checklist-item', AnyComponent>> = {
	callout: lazy(() => import('./callout/callout.tsx')),
	steps: lazy(() => import('./steps/steps.tsx')),
	'skill-badge': lazy(() => import('./skill-badge/skill-badge.tsx')),
	'quest-requirements': lazy(() => import('./quest-requirements/quest-requirements.tsx')),
	requirements: lazy(() => import('./requirements/requirements.tsx')),
}
