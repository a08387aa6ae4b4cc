/**
 * `/api/v1/groups` (POST: create), `/api/v1/groups/:id` (GET, PATCH, DELETE),
 * `/api/v1/groups/:id/caps` (GET) and `/api/v1/groups/:id/sync` (POST), declared for the API kit.
 * Changing a group takes its verification code in `X-Verification-Code`. Errors are the kit's
 * `{ error: { code, message, parameter? } }`: 400 a bad field (named), 403 a wrong code or a locked
 * group, 404 no such group or clan, 409 not possible for this group, 429 with Retry-After, 502 when
 * the member list cannot be read for a sync.
 */
import { z } from 'zod'
import { controlCharacterProblem } from '#app/lib/control-characters.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { apiError, endpoint, json, rateLimited, type ApiAnswer, type Endpoint } from '#app/server/api.server.ts'
import { citadelResetSchema } from '#app/groups/citadel-caps.ts'
import type { GroupFailure, GroupsService } from './groups-service.server.ts'

export const GROUPS_API_PREFIX = '/api/v1/groups'

const MAX_MEMBERS = 500
/** 500 names of 12 characters, quoted, with the rest: well under this. */
const MAX_BODY_BYTES = 32 * 1024
const CODE_HEADER = 'x-verification-code'
const UNAVAILABLE = { status: 503, code: 'GROUPS_UNAVAILABLE', message: 'Groups are unavailable right now; try again shortly.' }
const noParameters = z.object({})

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

const playerNames = z
	.array(z.unknown(), { error: 'members must be a list of player names.' })
	.min(1, { error: 'members must name at least one player.' })
	.max(MAX_MEMBERS, { error: `members takes at most ${MAX_MEMBERS} names.` })
	.transform((names, ctx) =>
		names.map((raw, i) => {
			const player = parsePlayerName(raw)
			if (player.success) return player.data
			ctx.addIssue({ code: 'custom', path: [i], message: `members[${i}]: ${player.message}` })
			return z.NEVER
		}),
	)

const newGroupSchema = z
	.strictObject({ name: groupName, clanName: clanName.optional(), members: playerNames.optional(), citadelReset: citadelReset.optional() })
	.superRefine((body, ctx) => {
		if ((body.clanName === undefined) === (body.members === undefined)) {
			ctx.addIssue({ code: 'custom', path: ['clanName'], message: 'Give either clanName (a clan\'s roster) or members (a list of player names), not both.' })
		}
	})

const changesSchema = z.strictObject({ name: groupName.optional(), citadelReset: citadelReset.optional() })

const capsQuery = z.object({
	weeks: z
		.string()
		.regex(/^\d{1,2}$/, { error: 'weeks must be a whole number from 1 to 52.' })
		.transform(Number)
		.refine((n) => n >= 1 && n <= 52, { error: 'weeks must be a whole number from 1 to 52.' })
		.optional(),
})

/** The body checked by `schema`, or the 400 naming the field at fault. */
function readBody<S extends z.ZodType>(schema: S, body: unknown): { ok: true; value: z.output<S> } | { ok: false; answer: ApiAnswer } {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		return { ok: false, answer: apiError(400, 'INVALID_BODY', 'The body must be a JSON object.') }
	}
	const parsed = schema.safeParse(body)
	if (parsed.success) return { ok: true, value: parsed.data }
	const issue = parsed.error.issues[0]!
	const [field, index] = issue.path
	const parameter = typeof index === 'number' ? `${String(field)}[${index}]` : String(field ?? '')
	const message = issue.code === 'unrecognized_keys' ? `Unknown field "${issue.keys[0]}": a group takes name, clanName, members and citadelReset.` : issue.message
	const named = issue.code === 'unrecognized_keys' ? issue.keys[0] : parameter
	return { ok: false, answer: apiError(400, 'INVALID_PARAMETER', message, named ? { parameter: named } : {}) }
}

const FAILURES: Record<GroupFailure['reason'], [number, string]> = {
	'not-found': [404, 'GROUP_NOT_FOUND'],
	'no-such-clan': [404, 'CLAN_NOT_FOUND'],
	'wrong-code': [403, 'WRONG_VERIFICATION_CODE'],
	locked: [403, 'GROUP_LOCKED'],
	'not-a-clan': [409, 'NOT_A_CLAN'],
	'no-citadel-reset': [409, 'NO_CITADEL_RESET'],
	'too-many-attempts': [429, 'TOO_MANY_ATTEMPTS'],
	'too-many-groups': [429, 'TOO_MANY_GROUPS'],
}

function failed(failure: GroupFailure, during?: 'sync'): ApiAnswer {
	if (failure.retryAfterSeconds !== undefined) {
		return rateLimited(failure.retryAfterSeconds, undefined, { code: FAILURES[failure.reason][1], message: failure.message })
	}
	// The clan was found when the group was made: a member list missing now is upstream's failure.
	if (during === 'sync' && failure.reason === 'no-such-clan') return apiError(502, 'UPSTREAM_FAILED', failure.message)
	const [status, code] = FAILURES[failure.reason]
	return apiError(status, code, failure.message)
}

function groupId(raw: string): number | ApiAnswer {
	return /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : apiError(400, 'INVALID_PARAMETER', 'The group id in the URL must be a positive whole number.', { parameter: 'id' })
}

function codeOf(header: (name: string) => string | undefined): string | ApiAnswer {
	const code = header(CODE_HEADER)?.trim()
	return code ? code : apiError(400, 'MISSING_VERIFICATION_CODE', 'Send the group\'s verification code in the X-Verification-Code header.', { parameter: 'X-Verification-Code' })
}

export function groupsApiEndpoints(service: GroupsService): Endpoint[] {
	return [
		endpoint({
			path: GROUPS_API_PREFIX,
			methods: ['POST'],
			body: { methods: ['POST'], maxBytes: MAX_BODY_BYTES },
			query: noParameters,
			failure: UNAVAILABLE,
			async handle({ body, clientId }) {
				const input = readBody(newGroupSchema, body)
				if (!input.ok) return input.answer
				const { name, clanName, members, citadelReset = null } = input.value
				const created = await service.create(clanName !== undefined ? { name, clanName, citadelReset } : { name, members: members!, citadelReset }, clientId)
				if (!created.ok) return failed(created)
				return json(201, { group: created.group, verificationCode: created.code }, { location: `${GROUPS_API_PREFIX}/${created.group.id}` })
			},
		}),
		endpoint({
			path: `${GROUPS_API_PREFIX}/:id`,
			methods: ['GET', 'HEAD', 'PATCH', 'DELETE'],
			body: { methods: ['PATCH'], maxBytes: MAX_BODY_BYTES },
			cors: true,
			query: noParameters,
			failure: UNAVAILABLE,
			async handle({ method, params, body, header, clientId }) {
				const id = groupId(params.id!)
				if (typeof id !== 'number') return id
				if (method === 'GET' || method === 'HEAD') {
					const read = await service.read(id)
					return read.ok ? json(200, { group: read.group }) : failed(read)
				}
				const code = codeOf(header)
				if (typeof code !== 'string') return code
				if (method === 'DELETE') {
					const removed = await service.remove(id, code, clientId)
					return removed.ok ? { status: 204, headers: {}, body: '' } : failed(removed)
				}
				const changes = readBody(changesSchema, body)
				if (!changes.ok) return changes.answer
				const updated = await service.update(id, code, clientId, changes.value)
				return updated.ok ? json(200, { group: updated.group }) : failed(updated)
			},
		}),
		endpoint({
			path: `${GROUPS_API_PREFIX}/:id/caps`,
			methods: ['GET', 'HEAD'],
			cors: true,
			query: capsQuery,
			failure: UNAVAILABLE,
			async handle({ params, query }) {
				const id = groupId(params.id!)
				if (typeof id !== 'number') return id
				const caps = await service.caps(id, query.weeks ?? 8)
				if (!caps.ok) return failed(caps)
				const { ok: _, ...grid } = caps
				return json(200, grid)
			},
		}),
		endpoint({
			path: `${GROUPS_API_PREFIX}/:id/sync`,
			methods: ['POST'],
			query: noParameters,
			failure: UNAVAILABLE,
			async handle({ params, header, clientId }) {
				const id = groupId(params.id!)
				if (typeof id !== 'number') return id
				const code = codeOf(header)
				if (typeof code !== 'string') return code
				const synced = await service.sync(id, code, clientId)
				if (!synced.ok) return failed(synced, 'sync')
				const { ok: _, ...result } = synced
				return json(200, result)
			},
		}),
	]
}
