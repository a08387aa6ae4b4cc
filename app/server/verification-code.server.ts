/**
 * The verification code of a group or a competition: 128 random bits shown once at creation, kept
 * only as its SHA-256 (a code that long needs no slow hash: it cannot be guessed, only stolen, and
 * the hash alone does not give it back). The APIs take it in `X-Verification-Code`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export const CODE_HEADER = 'x-verification-code'

export function newVerificationCode(): { code: string; hash: string } {
	const code = randomBytes(16).toString('base64url')
	return { code, hash: hashCode(code) }
}

export function codeMatches(code: string, hash: string): boolean {
	const given = Buffer.from(hashCode(code), 'hex')
	const stored = Buffer.from(hash, 'hex')
	return given.length === stored.length && timingSafeEqual(given, stored)
}

function hashCode(code: string): string {
	return createHash('sha256').update(code, 'utf8').digest('hex')
}
