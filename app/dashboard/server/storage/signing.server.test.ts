import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { createUploadSigner } from './signing.server.ts'

const KEY = '01jbz8c6d0abcdefghjkmn-map.png'

function setup() {
	let clock = Date.UTC(2026, 10, 4)
	const signer = createUploadSigner({ secret: randomBytes(32), now: () => clock })
	const query = new URLSearchParams(
		signer.sign({ key: KEY, contentType: 'image/png', expiresInSeconds: 900 }),
	)
	return {
		signer,
		query,
		advance: (ms: number) => {
			clock += ms
		},
	}
}

test('a signed URL is accepted for its key and content type', () => {
	const { signer, query } = setup()
	const check = signer.check({ key: KEY, query, contentType: 'image/png' })
	expect(check.ok).toBe(true)
})

test('content type parameters and case do not matter, another type does', () => {
	const { signer, query } = setup()
	expect(signer.check({ key: KEY, query, contentType: 'IMAGE/PNG; charset=x' }).ok).toBe(true)
	const { signer: other, query: otherQuery } = setup()
	const wrong = other.check({ key: KEY, query: otherQuery, contentType: 'image/svg+xml' })
	expect(wrong).toEqual({
		ok: false,
		reason: expect.stringContaining('Content-Type must be image/png'),
	})
	expect(other.check({ key: KEY, query: otherQuery, contentType: null }).ok).toBe(false)
})

test('a forged signature, another key or an edited field is refused', () => {
	const { signer, query } = setup()
	const forged = new URLSearchParams(query)
	forged.set('sig', Buffer.alloc(32).toString('base64url'))
	expect(signer.check({ key: KEY, query: forged, contentType: 'image/png' }).ok).toBe(false)
	expect(signer.check({ key: KEY.replace('map', 'mop'), query, contentType: 'image/png' }).ok).toBe(
		false,
	)
	for (const [name, value] of [
		['ct', 'image/svg+xml'],
		['exp', '99999999999'],
		['n', 'other'],
	] as const) {
		const edited = new URLSearchParams(query)
		edited.set(name, value)
		const check = signer.check({ key: KEY, query: edited, contentType: 'image/svg+xml' })
		expect(check.ok, name).toBe(false)
	}
	const missing = new URLSearchParams(query)
	missing.delete('sig')
	expect(signer.check({ key: KEY, query: missing, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('missing its signature'),
	})
})

test('a URL signed with another secret is refused', () => {
	const { query } = setup()
	const other = createUploadSigner({ secret: randomBytes(32) })
	expect(other.check({ key: KEY, query, contentType: 'image/png' }).ok).toBe(false)
})

test('an expired URL is refused', () => {
	const { signer, query, advance } = setup()
	advance(900_000)
	expect(signer.check({ key: KEY, query, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('expired'),
	})
})

test('a URL is single-use once an upload completed, even while it is still in progress', () => {
	const { signer, query } = setup()
	const first = signer.check({ key: KEY, query, contentType: 'image/png' })
	expect(first.ok).toBe(true)
	// A second PUT while the first is still streaming.
	expect(signer.check({ key: KEY, query, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('already been used'),
	})
	if (first.ok) first.release('done')
	expect(signer.check({ key: KEY, query, contentType: 'image/png' }).ok).toBe(false)
})

test('a failed upload frees the URL for a retry', () => {
	const { signer, query } = setup()
	const first = signer.check({ key: KEY, query, contentType: 'image/png' })
	if (first.ok) first.release('failed')
	expect(signer.check({ key: KEY, query, contentType: 'image/png' }).ok).toBe(true)
})

test('used nonces are forgotten once their URL has expired anyway', () => {
	const { signer, query, advance } = setup()
	const first = signer.check({ key: KEY, query, contentType: 'image/png' })
	if (first.ok) first.release('done')
	advance(901_000)
	// Refused as expired, which is what keeps a forgotten nonce harmless.
	expect(signer.check({ key: KEY, query, contentType: 'image/png' })).toEqual({
		ok: false,
		reason: expect.stringContaining('expired'),
	})
})
