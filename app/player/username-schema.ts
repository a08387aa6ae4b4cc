import { z } from 'zod'
import { normalisePlayerName, type PlayerName } from './username.ts'

const USERNAME_MAX_LENGTH = 12

const ALLOWED_CHARACTERS = /^[A-Za-z0-9 _-]+$/
const DISALLOWED_CHARACTER = /[^A-Za-z0-9 _-]/gu
const EMPTY = 'Enter a RuneScape player name.'

/**
 * A RuneScape display name as typed: letters, digits, spaces, `-` or `_`, and 1–12 characters once
 * normalised (`normalisePlayerName`), which is what it becomes.
 */
const usernameSchema = z
	.string({ error: EMPTY })
	.refine((raw) => ALLOWED_CHARACTERS.test(raw.trim()) || raw.trim() === '', {
		error: (issue) => {
			const bad = [...new Set(String(issue.input).trim().match(DISALLOWED_CHARACTER) ?? [])]
			const shown = bad.map((c) => (/^[!-~]$/.test(c) ? `"${c}"` : codePoint(c)))
			return `RuneScape names use only letters, digits, spaces, "-" and "_" (found ${shown.join(', ')}).`
		},
		abort: true,
	})
	.transform((raw) => normalisePlayerName(raw))
	.refine((player) => player.name.length > 0, { error: EMPTY, abort: true })
	.refine((player) => player.name.length <= USERNAME_MAX_LENGTH, {
		error: (issue) => {
			const { name } = issue.input as PlayerName
			return `RuneScape names are at most ${USERNAME_MAX_LENGTH} characters; "${name}" has ${name.length}.`
		},
	})

function codePoint(character: string): string {
	return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/** The normalised name, or the message saying what is wrong with it. */
export function parsePlayerName(raw: unknown): { success: true; data: PlayerName } | { success: false; message: string } {
	const parsed = usernameSchema.safeParse(raw)
	if (!parsed.success) return { success: false, message: parsed.error.issues[0]?.message ?? 'Invalid player name.' }
	return { success: true, data: parsed.data }
}
