/** Lists with more items than this start in the compact (height-limited) view. */
export const COMPACT_AFTER = 10

/** Where a checklist's progress is kept in localStorage. */
export const progressKey = (checklistId: string) => `checklist:${checklistId}`

/**
 * What a reader's progress looks like in localStorage: the ids of the done items. Checked by hand,
 * not with zod, to keep zod out of the page's JavaScript.
 */
function isProgress(value: unknown): value is string[] {
	return Array.isArray(value) && value.length <= 1000 && value.every((v) => typeof v === 'string' && v.length <= 200)
}

/**
 * The done items of a stored value, in list order. A value that is missing, not JSON or not a
 * list of ids counts as no progress; ids no longer in the list are dropped.
 */
export function parseProgress(raw: string | null | undefined, itemIds: readonly string[]): string[] {
	if (!raw) return []
	let value: unknown
	try {
		value = JSON.parse(raw)
	} catch {
		return []
	}
	if (!isProgress(value)) return []
	const done = new Set(value)
	return itemIds.filter((id) => done.has(id))
}

export type ChecklistAction = { type: 'toggle'; id: string } | { type: 'reset' }

/** Next progress after an action. Done ids stay in list order, so saved data is stable. */
export function checklistReducer(itemIds: readonly string[], done: readonly string[], action: ChecklistAction): string[] {
	switch (action.type) {
		case 'reset':
			return []
		case 'toggle': {
			if (!itemIds.includes(action.id)) return [...done]
			const set = new Set(done)
			if (set.has(action.id)) set.delete(action.id)
			else set.add(action.id)
			return itemIds.filter((id) => set.has(id))
		}
	}
}

export type ChecklistProgress = {
	completed: number
	total: number
	/** 0–100, rounded. */
	percent: number
	/** The first item not done yet, once some progress has been made (and not all of it). */
	next: string | undefined
}

export function checklistProgress(itemIds: readonly string[], done: readonly string[]): ChecklistProgress {
	const set = new Set(done)
	const completed = itemIds.filter((id) => set.has(id)).length
	const total = itemIds.length
	const started = completed > 0 && completed < total
	return {
		completed,
		total,
		percent: total === 0 ? 0 : Math.round((completed / total) * 100),
		next: started ? itemIds.find((id) => !set.has(id)) : undefined,
	}
}
