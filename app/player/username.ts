import { z } from 'zod'

const USERNAME_MAX_LENGTH = 12

const ALLOWED_CHARACTERS = /^[A-Za-z0-9 _-]+$/
const DISALLOWED_CHARACTER = /[^A-Za-z0-9 _-]/gu

/** A RuneScape display name as typed: trimmed, 1–12 letters, digits, spaces, `-` or `_`. */
export const usernameSchema = z
	.string({ error: 'Enter a RuneScape player name.' })
	.trim()
	.min(1, { error: 'Enter a RuneScape player name.', abort: true })
	.max(USERNAME_MAX_LENGTH, {
		error: (issue) => {
			const name = String(issue.input)
			const limit = USERNAME_MAX_LENGTH
			return `RuneScape names are at most ${limit} characters; "${name}" has ${name.length}.`
		},
		abort: true,
	})
	.refine((name) => ALLOWED_CHARACTERS.test(name), {
		error: (issue) => {
			const bad = [...new Set(String(issue.input).match(DISALLOWED_CHARACTER) ?? [])]
			const shown = bad.map((c) => (/^[!-~]$/.test(c) ? `"${c}"` : codePoint(c)))
			const found = shown.join(', ')
			return `RuneScape names use only letters, digits, spaces, "-" and "_" (found ${found}).`
		},
	})

function codePoint(character: string): string {
	return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

export type NormalisedUsername = {
	/** The name to show and to send upstream: trimmed, with `_` written as a space. */
	name: string
	/** Cache key: one per player. */
	key: string
}

/**
 * The game treats names case-insensitively and space and `_` as the same character, so those
 * fold into one key. `-` is only "usually" equivalent, so it is kept apart: folding it could
 * serve one player's stats for another, while not folding it only costs an extra upstream call.
 */
export function usernameKey(name: string): string {
	return name.trim().replaceAll('_', ' ').toLowerCase()
}

export function normaliseUsername(
	raw: unknown,
): { success: true; data: NormalisedUsername } | { success: false; message: string } {
	const parsed = usernameSchema.safeParse(raw)
	if (!parsed.success) {
		return { success: false, message: parsed.error.issues[0]?.message ?? 'Invalid player name.' }
	}
	const name = parsed.data.replaceAll('_', ' ')
	return { success: true, data: { name, key: usernameKey(name) } }
}
