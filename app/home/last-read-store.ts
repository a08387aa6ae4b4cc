import { useSyncExternalStore } from 'react'
import { LAST_READ_KEY, type LastRead, parseLastRead } from '#app/home/continue-reading.ts'

/**
 * The last guide page the reader opened, in this browser's localStorage. The server cannot know
 * it: it renders null and the page appears after hydration.
 */
const listeners = new Set<() => void>()
let cachedRaw: string | null | undefined
let cachedValue: LastRead | null = null

function read(): LastRead | null {
	let raw: string | null
	try {
		raw = localStorage.getItem(LAST_READ_KEY)
	} catch {
		raw = null
	}
	// The same object while the stored text is the same, as useSyncExternalStore needs.
	if (raw !== cachedRaw) {
		cachedRaw = raw
		cachedValue = parseLastRead(raw)
	}
	return cachedValue
}

export function rememberLastRead(page: LastRead) {
	try {
		localStorage.setItem(LAST_READ_KEY, JSON.stringify({ path: page.path, title: page.title }))
	} catch {
		// Storage blocked: nothing to continue next time.
	}
	for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}

export function useLastRead(): LastRead | null {
	return useSyncExternalStore(subscribe, read, () => null)
}
