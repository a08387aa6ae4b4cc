/**
 * Ticks on a plan, kept in the browser per player and goal set. Pure: the page reads and writes
 * localStorage with what these return.
 */
import { normalisePlayerName } from '#app/player/username.ts'

/** What is stored for one plan. */
export interface StoredProgress {
	/** Ids of the steps the reader ticked. */
	ticked: string[]
	/** The steps of the plan as last shown (id → text), to tell which a fresh lookup removed. */
	steps: Record<string, string>
}

const PREFIX = 'planner:progress:v1'

/** The storage key: player (the lookup's key; blank = a fresh account), goals in any order. */
export function progressKey(player: string, goals: readonly string[], ironman = false): string {
	const name = normalisePlayerName(player).key || '(fresh account)'
	return `${PREFIX}:${name}:${[...goals].sort().join(',')}${ironman ? ':ironman' : ''}`
}

/** A stored value read back; anything unreadable counts as nothing stored. */
export function parseProgress(raw: string | null): StoredProgress {
	if (!raw) return { ticked: [], steps: {} }
	try {
		const value = JSON.parse(raw) as Partial<StoredProgress>
		const ticked = Array.isArray(value.ticked) ? value.ticked.filter((id) => typeof id === 'string') : []
		const steps =
			value.steps && typeof value.steps === 'object' && !Array.isArray(value.steps)
				? Object.fromEntries(Object.entries(value.steps).filter(([, text]) => typeof text === 'string'))
				: {}
		return { ticked, steps }
	} catch {
		return { ticked: [], steps: {} }
	}
}

/**
 * Brings stored progress up to date with the plan now shown. Steps that were in the plan before
 * and are gone now were done for real (the lookup shows the quest completed or the level
 * reached): they come back as `confirmed` (their text) and leave the store. Ticks on steps
 * still in the plan stay.
 */
export function reconcileProgress(
	stored: StoredProgress,
	steps: readonly { id: string; text: string }[],
): { progress: StoredProgress; confirmed: string[] } {
	const current = new Map(steps.map((s) => [s.id, s.text]))
	const confirmed = Object.entries(stored.steps)
		.filter(([id]) => !current.has(id))
		.map(([, text]) => text)
	return {
		progress: {
			ticked: stored.ticked.filter((id) => current.has(id)),
			steps: Object.fromEntries(current),
		},
		confirmed,
	}
}

export function toggleTick(progress: StoredProgress, id: string, on: boolean): StoredProgress {
	const ticked = progress.ticked.filter((t) => t !== id)
	if (on) ticked.push(id)
	return { ...progress, ticked }
}
