import { useCallback, useEffect, useState } from 'react'
import { parseProgress, reconcileProgress, type StoredProgress, toggleTick } from '#app/planner/progress.ts'

type State = { key: string; progress: StoredProgress; confirmed: string[] }

function read(key: string): string | null {
	try {
		return localStorage.getItem(key)
	} catch {
		return null
	}
}

function write(key: string, progress: StoredProgress) {
	try {
		if (progress.ticked.length === 0 && Object.keys(progress.steps).length === 0) localStorage.removeItem(key)
		else localStorage.setItem(key, JSON.stringify(progress))
	} catch {
		// Storage full or blocked: ticks last for this page.
	}
}

/**
 * The reader's ticks on the plan shown, stored per player and goal set (`key`). `steps` must be
 * the plan for that player's current data; pass `key` undefined while it is not known yet (a
 * lookup still loading), or the steps a fresh lookup removed would not be told apart.
 */
export function usePlanProgress(key: string | undefined, steps: readonly { id: string; text: string }[]) {
	const [state, setState] = useState<State | undefined>(undefined)

	useEffect(() => {
		if (key === undefined) return
		const { progress, confirmed } = reconcileProgress(parseProgress(read(key)), steps)
		write(key, progress)
		setState((previous) => ({
			key,
			progress,
			// Keep what this visit confirmed so far when a refresh confirms more.
			confirmed: previous?.key === key ? [...new Set([...previous.confirmed, ...confirmed])] : confirmed,
		}))
	}, [key, steps])

	const current = state && state.key === key ? state : undefined
	const toggle = useCallback(
		(id: string, on: boolean) => {
			setState((previous) => {
				if (!previous || previous.key !== key) return previous
				const progress = toggleTick(previous.progress, id, on)
				write(previous.key, progress)
				return { ...previous, progress }
			})
		},
		[key],
	)
	return {
		ticked: new Set(current?.progress.ticked ?? []),
		confirmed: current?.confirmed ?? [],
		ready: current !== undefined,
		toggle,
	}
}
