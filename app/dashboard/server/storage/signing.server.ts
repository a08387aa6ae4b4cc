import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import type { ExpiringSet } from '#app/server/shared-state/shared-state.server.ts'
import { mediaTypeEssence } from './file-types.server.ts'

type SignedUpload = { key: string; contentType: string; expires: number; nonce: string }

type UploadCheck =
	{ ok: true; upload: SignedUpload; release: (outcome: 'done' | 'failed') => Promise<void> } | { ok: false; reason: string }

export type UploadSigner = {
	/** Query string (without `?`) authorising one PUT of `key` with `contentType`. */
	sign(input: { key: string; contentType: string; expiresInSeconds: number }): string
	/**
	 * Checks a PUT: signature, expiry, content type, and one-time use. A valid check claims the
	 * nonce; call `release('done')` after a stored upload (the URL is spent) or `release('failed')`
	 * after an aborted one (the same URL may be retried until it expires).
	 */
	check(input: { key: string; query: URLSearchParams; contentType: string | null }): Promise<UploadCheck>
}

function mac(secret: Buffer, upload: SignedUpload): Buffer {
	return createHmac('sha256', secret)
		.update(['upload-put-v1', upload.key, upload.contentType, upload.expires, upload.nonce].join('\n'))
		.digest()
}

export type UploadSignerOptions = {
	secret: Buffer
	/** Nonces of used links, shared by every instance with Redis; in-process by default. */
	usedLinks?: ExpiringSet
	now?: () => number
}

export function createUploadSigner(options: UploadSignerOptions): UploadSigner {
	const { secret } = options
	const now = options.now ?? Date.now
	// A claimed nonce is kept until the URL would have expired anyway, so reuse is always caught.
	const claimed = options.usedLinks ?? createMemoryState({ now }).expiringSet('used-upload-links')

	return {
		sign({ key, contentType, expiresInSeconds }) {
			const upload: SignedUpload = {
				key,
				contentType: mediaTypeEssence(contentType),
				expires: Math.floor(now() / 1000) + expiresInSeconds,
				nonce: randomBytes(16).toString('base64url'),
			}
			const params = new URLSearchParams({
				ct: upload.contentType,
				exp: String(upload.expires),
				n: upload.nonce,
				sig: mac(secret, upload).toString('base64url'),
			})
			return params.toString()
		},

		async check({ key, query, contentType }) {
			const ct = query.get('ct')
			const exp = query.get('exp')
			const nonce = query.get('n')
			const sig = query.get('sig')
			if (!ct || !exp || !nonce || !sig || !/^\d{1,12}$/.test(exp)) {
				return { ok: false, reason: 'The upload URL is missing its signature.' }
			}
			const upload: SignedUpload = { key, contentType: ct, expires: Number(exp), nonce }
			const expected = mac(secret, upload)
			const given = Buffer.from(sig, 'base64url')
			if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
				return { ok: false, reason: 'The upload URL signature is not valid.' }
			}
			const time = now()
			if (upload.expires * 1000 <= time) {
				return { ok: false, reason: 'The upload URL has expired. Ask for a new one.' }
			}
			if (!contentType || mediaTypeEssence(contentType) !== upload.contentType) {
				return {
					ok: false,
					reason: `Content-Type must be ${upload.contentType}, as requested for this upload URL.`,
				}
			}
			if (!(await claimed.add(nonce, upload.expires * 1000 - time))) {
				return { ok: false, reason: 'The upload URL has already been used. Ask for a new one.' }
			}
			let released = false
			return {
				ok: true,
				upload,
				async release(outcome) {
					if (released) return
					released = true
					if (outcome === 'failed') await claimed.delete(nonce)
				},
			}
		},
	}
}
