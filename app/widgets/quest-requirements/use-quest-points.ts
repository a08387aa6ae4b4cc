import { useEffect, useState } from 'react'
import type { QuestPointsMap } from '#app/quests/artifacts.ts'

// Quest points per quest (a small generated table): loaded once per page, only when asked for.
let pointsPromise: Promise<QuestPointsMap> | undefined
function loadPoints(): Promise<QuestPointsMap> {
	pointsPromise ??= import('#app/generated/quests/points.json').then((m) => m.default as QuestPointsMap)
	return pointsPromise
}

/**
 * The quest-point table once `enabled` (a player is loaded and something shows a threshold);
 * undefined until then. If its chunk fails to load, thresholds stay unchecked and a later
 * render tries again.
 */
export function useQuestPoints(enabled: boolean): QuestPointsMap | undefined {
	const [points, setPoints] = useState<QuestPointsMap>()
	useEffect(() => {
		if (!enabled || points) return
		let live = true
		loadPoints().then(
			(map) => live && setPoints(map),
			() => {
				pointsPromise = undefined
			},
		)
		return () => {
			live = false
		}
	}, [enabled, points])
	return points
}
