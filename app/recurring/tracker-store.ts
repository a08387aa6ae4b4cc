import { useSyncExternalStore } from 'react'
import { EMPTY_TRACKER, parseTrackerState, TRACKER_STORAGE_KEY, type TrackerState } from '#app/recurring/tracker.ts'

/**
 * The reader's ticks and hidden activities in this browser's localStorage, shared with other tabs.
 * The server renders an empty tracker; the stored one arrives after hydration.
 */
const listeners = new Set<() => void>()
let cachedRaw: string | null | undefined
let cachedState: TrackerState = EMPTY_TRACKER

function readRaw(): string | null {
	try {
		return localStorage.getItem(TRACKER_STORAGE_KEY)
	} catch {
		return cachedRaw ?? null
	}
}

function read(): TrackerState {
	const raw = readRaw()
	if (raw !== cachedRaw) {
		cachedRaw = raw
		cachedState = parseTrackerState(raw)
	}
	return cachedState
}

export function saveTracker(next: TrackerState) {
	const raw = JSON.stringify(next)
	try {
		localStorage.setItem(TRACKER_STORAGE_KEY, raw)
	} catch {
		// Storage blocked: keep the state for this page only.
		cachedRaw = raw
		cachedState = next
	}
	for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	const onStorage = (event: StorageEvent) => {
		if (event.key === TRACKER_STORAGE_KEY) listener()
	}
	window.addEventListener('storage', onStorage)
	return () => {
		listeners.delete(listener)
		window.removeEventListener('storage', onStorage)
	}
}

export function useTrackerState(): TrackerState {
	return useSyncExternalStore(subscribe, read, () => EMPTY_TRACKER)
}
