/**
 * The reader's own choices, remembered in this browser (localStorage) and shared by every widget
 * on every page: "Only show what I'm missing" on requirement panels, and "I play an ironman".
 * Off until the reader turns them on; a change shows at once everywhere, other tabs included.
 */
import { useSyncExternalStore } from 'react'

export type StoredFlag = {
	/** The current value and a setter; false on the server and before hydration. */
	use: () => [boolean, (value: boolean) => void]
	get: () => boolean
	set: (value: boolean) => void
}

function storedFlag(key: string): StoredFlag {
	const listeners = new Set<() => void>()
	let value: boolean | undefined

	const get = () => {
		if (value === undefined) {
			try {
				value = localStorage.getItem(key) === 'true'
			} catch {
				value = false
			}
		}
		return value
	}
	const notify = () => {
		for (const listener of listeners) listener()
	}
	const set = (next: boolean) => {
		value = next
		try {
			if (next) localStorage.setItem(key, 'true')
			else localStorage.removeItem(key)
		} catch {
			// Storage blocked: the choice lasts for this page.
		}
		notify()
	}
	const onStorage = (event: StorageEvent) => {
		if (event.key !== key && event.key !== null) return
		value = undefined
		notify()
	}
	const subscribe = (listener: () => void) => {
		if (listeners.size === 0) window.addEventListener('storage', onStorage)
		listeners.add(listener)
		return () => {
			listeners.delete(listener)
			if (listeners.size === 0) window.removeEventListener('storage', onStorage)
		}
	}
	return {
		use: () => [useSyncExternalStore(subscribe, get, () => false), set],
		get,
		set,
	}
}

export const onlyMissingSetting = storedFlag('quest-requirements:only-missing')

/** Ironman-only levels show on requirement panels and count for "can start" when on. */
export const ironmanSetting = storedFlag('settings:ironman')

export const useOnlyMissing = onlyMissingSetting.use
export const useIronman = ironmanSetting.use
