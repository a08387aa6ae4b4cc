import { useSyncExternalStore } from 'react'

/**
 * The reader's RuneScape name, shared by every player-aware widget on the page (each may sit in
 * its own provider) and kept in localStorage. No TanStack Query here: the site header imports
 * this from the main bundle.
 */

export const USERNAME_STORAGE_KEY = 'player:username'

const listeners = new Set<() => void>()
let currentUsername: string | undefined

export function readStoredUsername(): string {
	if (currentUsername === undefined) {
		try {
			currentUsername = localStorage.getItem(USERNAME_STORAGE_KEY)?.trim() ?? ''
		} catch {
			currentUsername = ''
		}
	}
	return currentUsername
}

/** Sets (or, with a blank name, forgets) the name for every widget and remembers it. */
export function setPlayerUsername(name: string) {
	const next = name.trim()
	if (next === currentUsername) return
	currentUsername = next
	try {
		if (next) localStorage.setItem(USERNAME_STORAGE_KEY, next)
		else localStorage.removeItem(USERNAME_STORAGE_KEY)
	} catch {
		// Storage blocked: the name lasts for this page.
	}
	for (const listener of listeners) listener()
}

export function subscribeUsername(listener: () => void): () => void {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}

/** The server cannot know the name: it renders '' and the stored name arrives after hydration. */
export function useStoredUsername(): string {
	return useSyncExternalStore(subscribeUsername, readStoredUsername, () => '')
}
