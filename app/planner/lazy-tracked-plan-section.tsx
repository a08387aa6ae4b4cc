import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react'
import { trackedPlanKey } from './tracked-plan-key.ts'

const TrackedPlanSection = lazy(() => import('./tracked-plan-section.tsx').then((module) => ({ default: module.TrackedPlanSection })))

/**
 * The tracked-plan section on the player page, whose code (and its parser) loads only when this
 * browser keeps a plan for the player: most visitors have none and load nothing for it.
 */
export function LazyTrackedPlanSection(props: ComponentProps<typeof TrackedPlanSection>) {
	const [held, setHeld] = useState(false)
	useEffect(() => {
		try {
			setHeld(localStorage.getItem(trackedPlanKey(props.name)) !== null)
		} catch {
			// Storage blocked: no plan to show.
		}
	}, [props.name])
	if (!held) return null
	return (
		<Suspense fallback={null}>
			<TrackedPlanSection {...props} />
		</Suspense>
	)
}
