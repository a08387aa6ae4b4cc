import { afterEach, expect, test, vi } from 'vitest'

function fakeStorage(initial: Record<string, string> = {}) {
	const items = new Map(Object.entries(initial))
	return {
		items,
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
		removeItem: (key: string) => void items.delete(key),
	}
}

// The store keeps the name in module state: each test gets a fresh copy.
async function freshStore(storage: unknown) {
	vi.resetModules()
	vi.stubGlobal('localStorage', storage)
	return import('./username-store.ts')
}

afterEach(() => {
	vi.unstubAllGlobals()
})

test('restores the remembered name', async () => {
	const store = await freshStore(fakeStorage({ 'player:username': 'Zezima Jr' }))
	expect(store.readStoredUsername()).toBe('Zezima Jr')
})

test('sets a trimmed name, remembers it and tells every subscriber once', async () => {
	const storage = fakeStorage()
	const store = await freshStore(storage)
	const seen: string[] = []
	const unsubscribe = store.subscribeUsername(() => seen.push(store.readStoredUsername()))
	store.setPlayerUsername('  Private Pat ')
	store.setPlayerUsername('Private Pat')
	expect(seen).toEqual(['Private Pat'])
	expect(storage.items.get(store.USERNAME_STORAGE_KEY)).toBe('Private Pat')
	unsubscribe()
	store.setPlayerUsername('Zezima Jr')
	expect(seen).toEqual(['Private Pat'])
})

test('a blank name forgets the remembered one', async () => {
	const storage = fakeStorage({ 'player:username': 'Zezima Jr' })
	const store = await freshStore(storage)
	store.setPlayerUsername('   ')
	expect(store.readStoredUsername()).toBe('')
	expect(storage.items.has('player:username')).toBe(false)
})

test('blocked storage: the name still works for the page', async () => {
	const blocked = {
		getItem: () => {
			throw new Error('SecurityError')
		},
		setItem: () => {
			throw new Error('SecurityError')
		},
		removeItem: () => {
			throw new Error('SecurityError')
		},
	}
	const store = await freshStore(blocked)
	expect(store.readStoredUsername()).toBe('')
	store.setPlayerUsername('Zezima Jr')
	expect(store.readStoredUsername()).toBe('Zezima Jr')
})
