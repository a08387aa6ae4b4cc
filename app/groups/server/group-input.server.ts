/**
 * What a new group or a change to one must be, checked the same way for the API's JSON and the
 * page's form: the first problem, with the field it is about (`members[3]` for the fourth name).
 */
import { z } from 'zod'
import { controlCharacterProblem } from '#app/lib/control-characters.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { citadelResetSchema } from '#app/groups/citadel-caps.ts'
/** The most members a group of names holds (a clan's roster is as large as its member list). */
export const MAX_MEMBERS = 500

const text = (field: string, max: number) =>
	z
		.string({ error: `${field} must be a string.` })
		.trim()
		.min(1, { error: `${field} must not be empty.` })
		.max(max, { error: `${field} is at most ${max} characters.` })
		.superRefine((value, ctx) => {
			const problem = controlCharacterProblem(value, field)
			if (problem) ctx.addIssue({ code: 'custom', message: problem })
		})

const groupName = text('name', 60)
/** Clan names are letters, digits and spaces, at most 20 characters. */
const clanName = text('clanName', 20).regex(/^[A-Za-z0-9 _-]+$/, { error: 'clanName uses only letters, digits, spaces, "-" and "_".' })
const citadelReset = citadelResetSchema.nullable()

const playerNames = (field: string) =>
	z
		.array(z.unknown(), { error: `${field} must be a list of player names.` })
		.min(1, { error: `${field} must name at least one player.` })
		.max(MAX_MEMBERS, { error: `${field} takes at most ${MAX_MEMBERS} names.` })
		.transform((names, ctx) =>
			names.map((raw, i) => {
				const player = parsePlayerName(raw)
				if (player.success) return player.data
				ctx.addIssue({ code: 'custom', path: [i], message: `${field}[${i}]: ${player.message}` })
				return z.NEVER
			}),
		)

const newGroupSchema = z
	.strictObject({
		name: groupName,
		clanName: clanName.optional(),
		members: playerNames('members').optional(),
		citadelReset: citadelReset.optional(),
	})
	.superRefine((body, ctx) => {
		if ((body.clanName === undefined) === (body.members === undefined)) {
			ctx.addIssue({
				code: 'custom',
				path: ['clanName'],
				message: "Give either clanName (a clan's roster) or members (a list of player names), not both.",
			})
		}
	})

/** A group of names' members change by name: `addMembers` and `removeMembers` (a clan's come from its member list). */
const changesSchema = z.strictObject({
	name: groupName.optional(),
	citadelReset: citadelReset.optional(),
	addMembers: playerNames('addMembers').optional(),
	removeMembers: playerNames('removeMembers').optional(),
})

export type InputCheck<T> =
	{ ok: true; value: T } | { ok: false; code: 'INVALID_BODY' | 'INVALID_PARAMETER'; message: string; parameter?: string }

/** A JSON body against a strict schema: the first problem with its field (`members[3]`); `shape` follows "must be a JSON object". */
export function checkBody<S extends z.ZodType>(schema: S, fields: string, body: unknown, shape = ''): InputCheck<z.output<S>> {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { ok: false, code: 'INVALID_BODY', message: `The body must be a JSON object${shape}.` }
	}
	const parsed = schema.safeParse(body)
	if (parsed.success) return { ok: true, value: parsed.data }
	const issue = parsed.error.issues[0]!
	if (issue.code === 'unrecognized_keys') {
		const [field] = issue.keys
		return {
			ok: false,
			code: 'INVALID_PARAMETER',
			message: `Unknown field "${field}": ${fields}.`,
			parameter: field,
		}
	}
	const [field, index] = issue.path
	const parameter = typeof index === 'number' ? `${String(field)}[${index}]` : String(field ?? '')
	return { ok: false, code: 'INVALID_PARAMETER', message: issue.message, ...(parameter ? { parameter } : {}) }
}

export const checkNewGroup = (body: unknown) => checkBody(newGroupSchema, 'a group takes name, clanName, members and citadelReset', body)
export const checkGroupChanges = (body: unknown) =>
	checkBody(changesSchema, 'a change takes name, citadelReset, addMembers and removeMembers', body)
