/**
 * What a name change submission must be, checked the same way for the API's JSON and the page's
 * form: two valid RuneScape names that are not one player; the first problem, with its field.
 */
import { z } from 'zod'
import { parsePlayerName } from '#app/player/username-schema.ts'
import type { PlayerName } from '#app/player/username.ts'
import { checkBody, type InputCheck } from './group-input.server.ts'

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

export const checkNameChangeInput = (body: unknown): InputCheck<NameChangeInput> =>
	checkBody(schema, 'a name change takes oldName and newName', body, ': {"oldName": "…", "newName": "…"}')
