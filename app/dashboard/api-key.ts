/** Where the upload page finds the author's API key (localStorage, this browser only). */
export const API_KEY_STORAGE_KEY = 'gielinor-guide:dashboard-api-key'

export type KeyStore = Pick<Storage, 'getItem' | 'setItem'>

export type SaveKeyResult = { ok: true; key: string } | { ok: false; error: string }

/** A Bearer token is one run of visible characters: blank or spaced values can't be keys. */
export function normaliseApiKey(value: string): string | null {
	const key = value.trim()
	return key.length > 0 && key.length <= 1024 && /^[\x21-\x7e]+$/.test(key) ? key : null
}

export function saveApiKey(value: string, store: KeyStore): SaveKeyResult {
	const key = normaliseApiKey(value)
	if (!key) return { ok: false, error: 'Please enter a valid API key' }
	store.setItem(API_KEY_STORAGE_KEY, key)
	return { ok: true, key }
}

export function readApiKey(store: KeyStore | undefined): string | null {
	try {
		return normaliseApiKey(store?.getItem(API_KEY_STORAGE_KEY) ?? '')
	} catch {
		// Storage can throw when the browser blocks it (privacy settings).
		return null
	}
}

/** `localStorage`, or undefined where there is none (server rendering) or it is blocked. */
export function browserKeyStore(): KeyStore | undefined {
	try {
		return typeof window === 'undefined' ? undefined : window.localStorage
	} catch {
		return undefined
	}
}
