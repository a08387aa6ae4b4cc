import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { createUploadSigner } from './signing.server.ts'

const KEY = '01jbz8c6d0abcdefghjkmn-map.png'

function setup() {
	let clock = Date.UTC(2026, 10, 4)
	const signer = createUploadSigner({ secret: randomBytes(32), now: () => clock })
	const query = new URLSearchParams(signer.sign({ key: KEY, contentType: 'image/png', expiresInSeconds: 900 }))
	return {
		signer,
		query,
		advance: (ms: number) => {
			clock += ms
		},
	}
}

test('a signed URL is accepted for its key and content type', async () => {
	const { signer, query } = setup()
	const check = await signer.check({ key: KEY, query, contentType: 'image/png' })
	expect(check.ok).toBe(true)
})

test('content type parameters and case do not matter, another type does', async () => {
	const { signer, query } = setup()
	expect((await signer.check({ key: KEY, query, contentType: 'IMAGE/PNG; charset=x' })).ok).toBe(true)
	const { signer: other, query: otherQuery } = setup()
	const wrong = await other.check({ key: KEY, query: otherQuery, contentType: 'image/svg+xml' })
	expect(wrong).toEqual({
		ok: false,
		reason: expect.stringContaining('Content-Type must be image/png'),
	})
	expect((await other.check({ key: KEY, query: otherQuery, contentType: null })).ok).toBe(false)
})

test('a forged signature, another key or an edited field is refused', async () => {
	const { signer, query } = setup()
	const forged = new URLSearchParams(query)
	forged.set('sig', Buffer.alloc(32).toString('base64url'))
	expect((await signer.check({ key: KEY, query: forged, contentType: 'image/png' })).ok).toBe(false)
	expect((await signer.check({ key: KEY.replace('map', 'mop'), query, contentType: 'image/png' })).ok).toBe(false)
	for (const [name, value] of [
		['ct', 'image/svg+xml'],
		['exp', '99999999999'],
		['n', 'other'],
	] as const) {
		const edited = new URLSearchParams(query)
		edited.set(name, value)
		const check = await signer.check({ key: KEY, query: edited, contentType: 'image/svg+xml' })
		expect(check.ok, name).toBe(false)
	}
	const missing = new URLSearchParams(query)
	missing.delete('sig')
	expect(await signer.check({ key: KEY, query: missing, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('missing its signature'),
	})
})

test('a URL signed with another secret is refused', async () => {
	const { query } = setup()
	const other = createUploadSigner({ secret: randomBytes(32) })
	expect((await other.check({ key: KEY, query, contentType: 'image/png' })).ok).toBe(false)
})

test('an expired URL is refused', async () => {
	const { signer, query, advance } = setup()
	advance(900_000)
	expect(await signer.check({ key: KEY, query, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('expired'),
	})
})

test('a URL is single-use once an upload completed, even while it is still in progress', async () => {
	const { signer, query } = setup()
	const first = await signer.check({ key: KEY, query, contentType: 'image/png' })
	expect(first.ok).toBe(true)
	// A second PUT while the first is still streaming.
	expect(await signer.check({ key: KEY, query, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('already been used'),
	})
	if (first.ok) await first.release('done')
	expect((await signer.check({ key: KEY, query, contentType: 'image/png' })).ok).toBe(false)
})

test('a failed upload frees the URL for a retry', async () => {
	const { signer, query } = setup()
	const first = await signer.check({ key: KEY, query, contentType: 'image/png' })
	if (first.ok) await first.release('failed')
	expect((await signer.check({ key: KEY, query, contentType: 'image/png' })).ok).toBe(true)
})

test('used nonces are forgotten once their URL has expired anyway', async () => {
	const { signer, query, advance } = setup()
	const first = await signer.check({ key: KEY, query, contentType: 'image/png' })
	if (first.ok) await first.release('done')
	advance(901_000)
	// Refused as expired, which is what keeps a forgotten nonce harmless.
	expect(await signer.check({ key: KEY, query, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('expired'),
	})
})

test('with shared used-link records, a URL used through one signer is refused by another', async () => {
	const secret = randomBytes(32)
	const usedLinks = createMemoryState().expiringSet('used-upload-links')
	const one = createUploadSigner({ secret, usedLinks })
	const two = createUploadSigner({ secret, usedLinks })
	const query = new URLSearchParams(one.sign({ key: KEY, contentType: 'image/png', expiresInSeconds: 900 }))
	const first = await one.check({ key: KEY, query, contentType: 'image/png' })
	expect(first.ok).toBe(true)
	if (first.ok) await first.release('done')
	expect(await two.check({ key: KEY, query, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('already been used'),
	})
})
