import { useEffect, useState } from 'react'
import type { PaceAnswer } from '#app/tracker/pace.ts'

/**
 * The tracker's pace of the planner's player (`GET /api/v1/players/:name/pace`): undefined while
 * asking (or without a player), 'unavailable' when the history could not be read (the plan is
 * still shown, without ETAs). A 404 means the player is not tracked.
 */
export function usePlanPace(name: string | undefined): PaceAnswer | 'unavailable' | undefined {
	const [answer, setAnswer] = useState<{ name: string; value: PaceAnswer | 'unavailable' }>()
	useEffect(() => {
		if (!name) return
		const controller = new AbortController()
		fetch(`/api/v1/players/${encodeURIComponent(name)}/pace`, { signal: controller.signal })
			.then(async (response) => {
				if (response.status === 404) return { status: 'not-tracked' } as const
				if (!response.ok) return 'unavailable' as const
				return (await response.json()) as PaceAnswer
			})
			.then(
				(value) => setAnswer({ name, value }),
				() => controller.signal.aborted || setAnswer({ name, value: 'unavailable' }),
			)
		return () => controller.abort()
	}, [name])
	return name && answer?.name === name ? answer.value : undefined
}
