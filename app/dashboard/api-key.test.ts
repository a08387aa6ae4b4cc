import { expect, test } from 'vitest'
import { API_KEY_STORAGE_KEY, normaliseApiKey, readApiKey, saveApiKey } from './api-key.ts'

function memoryStore() {
	const map = new Map<string, string>()
	return {
		map,
		getItem: (key: string) => map.get(key) ?? null,
		setItem: (key: string, value: string) => void map.set(key, value),
	}
}

test('saveApiKey refuses blank keys and keys with spaces inside', () => {
	const store = memoryStore()
	expect(saveApiKey('   ', store)).toEqual({ ok: false, error: 'Please enter a valid API key' })
	expect(saveApiKey('two words', store)).toEqual({ ok: false, error: 'Please enter a valid API key' })
	expect(store.map.size).toBe(0)
})

test('saveApiKey stores the trimmed key and readApiKey reads it back', () => {
	const store = memoryStore()
	expect(saveApiKey('  gg_abc123  ', store)).toEqual({ ok: true, key: 'gg_abc123' })
	expect(store.map.get(API_KEY_STORAGE_KEY)).toBe('gg_abc123')
	expect(readApiKey(store)).toBe('gg_abc123')
})

test('readApiKey is null without storage, without a key, or when storage throws', () => {
	expect(readApiKey(undefined)).toBeNull()
	expect(readApiKey(memoryStore())).toBeNull()
	const throwing = {
		getItem: () => {
			throw new Error('blocked')
		},
		setItem: () => {},
	}
	expect(readApiKey(throwing)).toBeNull()
	expect(normaliseApiKey('é')).toBeNull()
})
