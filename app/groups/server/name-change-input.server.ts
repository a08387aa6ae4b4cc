/**
 * What a name change submission must be, checked the same way for the API's JSON and the page's
 * form: two valid RuneScape names that are not one player; the first problem, with its field.
 */
import { z } from 'zod'
import { parsePlayerName } from '#app/player/username-schema.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { InputCheck } from './group-input.server.ts'

const playerName = (field: 'oldName' | 'newName') =>
	z.unknown().transform((raw, ctx) => {
		const player = parsePlayerName(raw)
		if (player.success) return player.data
		ctx.addIssue({ code: 'custom', message: `${field}: ${player.message}` })
		return z.NEVER
	})

const schema = z.strictObject({ oldName: playerName('oldName'), newName: playerName('newName') }).superRefine((body, ctx) => {
	if (body.oldName.key === body.newName.key) {
		ctx.addIssue({ code: 'custom', path: ['newName'], message: 'newName: the new name must differ from the old one.' })
	}
})

export type NameChangeInput = { oldName: PlayerName; newName: PlayerName }

export function checkNameChangeInput(body: unknown): InputCheck<NameChangeInput> {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { ok: false, code: 'INVALID_BODY', message: 'The body must be a JSON object: {"oldName": "…", "newName": "…"}.' }
	}
	const parsed = schema.safeParse(body)
	if (parsed.success) return { ok: true, value: parsed.data }
	const issue = parsed.error.issues[0]!
	if (issue.code === 'unrecognized_keys') {
		const [field] = issue.keys
		return {
			ok: false,
			code: 'INVALID_PARAMETER',
			message: `Unknown field "${field}": a name change takes oldName and newName.`,
			parameter: field,
		}
	}
	return { ok: false, code: 'INVALID_PARAMETER', message: issue.message, parameter: String(issue.path[0]) }
}
