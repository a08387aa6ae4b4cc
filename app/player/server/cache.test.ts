import { expect, test } from 'vitest'
import { createStaleWhileErrorCache, type CacheEntry } from './cache.server.ts'

const MINUTE = 60_000

function setup(maxEntries = 10) {
	const clock = { time: 1_000_000 }
	const cache = createStaleWhileErrorCache<{ n: number }>({
		freshMs: 10 * MINUTE,
		maxAgeMs: 30 * MINUTE,
		maxEntries,
		now: () => clock.time,
	})
	let loads = 0
	const load = async () => ({ n: ++loads })
	const fail = async (): Promise<{ n: number }> => {
		loads++
		throw new Error('upstream down')
	}
	return { clock, cache, load, fail, loads: () => loads }
}

test('a fresh entry is served without loading again', async () => {
	const { clock, cache, load, loads } = setup()
	expect(await cache.get('a', load)).toEqual({
		value: { n: 1 },
		fetchedAt: clock.time,
		stale: false,
	})
	clock.time += 10 * MINUTE - 1
	expect((await cache.get('a', load)).value).toEqual({ n: 1 })
	expect(loads()).toBe(1)
})

test('after 10 minutes the entry is loaded again', async () => {
	const { clock, cache, load, loads } = setup()
	await cache.get('a', load)
	clock.time += 10 * MINUTE
	const hit = await cache.get('a', load)
	expect(hit).toEqual({ value: { n: 2 }, fetchedAt: clock.time, stale: false })
	expect(loads()).toBe(2)
})

test('keys are separate', async () => {
	const { cache, load } = setup()
	expect((await cache.get('a', load)).value).toEqual({ n: 1 })
	expect((await cache.get('b', load)).value).toEqual({ n: 2 })
})

test('a failed load falls back to the old entry, marked stale with the error', async () => {
	const { clock, cache, load, fail } = setup()
	const first = clock.time
	await cache.get('a', load)
	clock.time += 29 * MINUTE
	const hit = await cache.get('a', fail)
	expect(hit.stale).toBe(true)
	expect(hit.value).toEqual({ n: 1 })
	expect(hit.fetchedAt).toBe(first)
	expect(hit.stale && (hit.error as Error).message).toBe('upstream down')
})

test('a failed load throws once the old entry is 30 minutes old', async () => {
	const { clock, cache, load, fail } = setup()
	await cache.get('a', load)
	clock.time += 30 * MINUTE
	await expect(cache.get('a', fail)).rejects.toThrow('upstream down')
	expect(cache.size).toBe(0)
})

test('a failed load with nothing cached throws and caches nothing', async () => {
	const { cache, load, fail, loads } = setup()
	await expect(cache.get('a', fail)).rejects.toThrow('upstream down')
	expect((await cache.get('a', load)).value).toEqual({ n: 2 })
	expect(loads()).toBe(2)
})

test('a success after a stale fallback replaces the entry', async () => {
	const { clock, cache, load, fail } = setup()
	await cache.get('a', load)
	clock.time += 15 * MINUTE
	await cache.get('a', fail)
	const hit = await cache.get('a', load)
	expect(hit).toEqual({ value: { n: 3 }, fetchedAt: clock.time, stale: false })
})

test('concurrent gets of one key share one load', async () => {
	const { cache } = setup()
	let loads = 0
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => (release = resolve))
	const slowLoad = async () => {
		loads++
		await gate
		return { n: loads }
	}
	const all = Promise.all(Array.from({ length: 20 }, () => cache.get('a', slowLoad)))
	release()
	const hits = await all
	expect(loads).toBe(1)
	expect(new Set(hits.map((hit) => hit.value)).size).toBe(1)
})

test('concurrent gets share a failure too, and the next get tries again', async () => {
	const { cache, load } = setup()
	let loads = 0
	const failing = async (): Promise<{ n: number }> => {
		loads++
		await new Promise((resolve) => setTimeout(resolve, 5))
		throw new Error('down')
	}
	const results = await Promise.allSettled(Array.from({ length: 5 }, () => cache.get('a', failing)))
	expect(results.every((r) => r.status === 'rejected')).toBe(true)
	expect(loads).toBe(1)
	expect((await cache.get('a', load)).value).toEqual({ n: 1 })
})

test('a loader that throws synchronously does not block the key', async () => {
	const { cache, load } = setup()
	const throwing = (): Promise<{ n: number }> => {
		throw new Error('sync')
	}
	await expect(cache.get('a', throwing)).rejects.toThrow('sync')
	expect((await cache.get('a', load)).value).toEqual({ n: 1 })
})

test('the number of entries is bounded, least recently used dropped first', async () => {
	const { cache, load, loads } = setup(2)
	await cache.get('a', load)
	await cache.get('b', load)
	await cache.get('a', load)
	await cache.get('c', load)
	expect(cache.size).toBe(2)
	await cache.get('a', load)
	expect(loads()).toBe(3)
	await cache.get('b', load)
	expect(loads()).toBe(4)
})

/** Entries another instance would see too (Redis in production), counting reads. */
function sharedStore() {
	const map = new Map<string, CacheEntry<{ n: number }>>()
	const store = {
		reads: 0,
		get: async (key: string) => {
			store.reads++
			return map.get(key)
		},
		set: async (key: string, value: CacheEntry<{ n: number }>) => void map.set(key, value),
	}
	return store
}

test('with shared entries, what one cache loaded is a hit for another (another instance)', async () => {
	const clock = { time: 1_000_000 }
	const shared = sharedStore()
	const options = { freshMs: 10 * MINUTE, maxAgeMs: 30 * MINUTE, maxEntries: 10, shared, now: () => clock.time }
	const one = createStaleWhileErrorCache<{ n: number }>(options)
	const two = createStaleWhileErrorCache<{ n: number }>(options)
	let loads = 0
	const load = async () => ({ n: ++loads })
	await one.get('a', load)
	expect(await two.get('a', load)).toEqual({ value: { n: 1 }, fetchedAt: clock.time, stale: false })
	expect(loads).toBe(1)
	// A fresh copy of its own is served without reading the shared entries again.
	const reads = shared.reads
	await two.get('a', load)
	expect(shared.reads).toBe(reads)

	// Past 10 minutes the first instance loads again; the second then takes the newer shared entry.
	clock.time += 10 * MINUTE
	await one.get('a', load)
	expect(loads).toBe(2)
	expect(await two.get('a', load)).toEqual({ value: { n: 2 }, fetchedAt: clock.time, stale: false })
	expect(loads).toBe(2)
})

test('with the shared entries unavailable, each cache still serves and loads on its own', async () => {
	const shared = { get: async () => undefined, set: async () => {} }
	const cache = createStaleWhileErrorCache<{ n: number }>({ freshMs: MINUTE, maxAgeMs: 30 * MINUTE, maxEntries: 10, shared })
	let loads = 0
	const load = async () => ({ n: ++loads })
	await cache.get('a', load)
	expect((await cache.get('a', load)).value).toEqual({ n: 1 })
	expect(loads).toBe(1)
})
