/**
 * `/api/v1/groups` (POST: create), `/api/v1/groups/:id` (GET, PATCH, DELETE),
 * `/api/v1/groups/:id/caps` (GET), `/api/v1/groups/:id/gains` (GET), `/api/v1/groups/:id/activity` (GET, `limit` items newest first) and `/api/v1/groups/:id/sync` (POST), declared for the API kit.
 * Changing a group takes its verification code in `X-Verification-Code`. Errors are the kit's
 * `{ error: { code, message, parameter? } }`: 400 a bad field (named), 403 a wrong code or a locked
 * group, 404 no such group or clan, 409 not possible for this group, 429 with Retry-After, 502 when
 * the member list cannot be read for a sync.
 */
import { z } from 'zod'
import { apiError, endpoint, json, rateLimited, type ApiAnswer, type Endpoint } from '#app/server/api.server.ts'
import { groupGainsQuerySchema } from '#app/groups/group-gains.ts'
import { getClock } from '#app/server/clock.server.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'
import { checkGroupChanges, checkNewGroup, type InputCheck } from './group-input.server.ts'
import type { GroupFailure, GroupsService } from './groups-service.server.ts'
import { CODE_HEADER } from '#app/server/verification-code.server.ts'
import { ACTIVITY_LIMIT } from '#app/groups/activity.ts'

export const GROUPS_API_PREFIX = '/api/v1/groups'

/** 500 names of 12 characters, quoted, with the rest: well under this. */
const MAX_BODY_BYTES = 32 * 1024
const UNAVAILABLE = { status: 503, code: 'GROUPS_UNAVAILABLE', message: 'Groups are unavailable right now; try again shortly.' }
const noParameters = z.object({})

const capsQuery = z.object({
	weeks: z
		.string()
		.regex(/^\d{1,2}$/, { error: 'weeks must be a whole number from 1 to 52.' })
		.transform(Number)
		.refine((n) => n >= 1 && n <= 52, { error: 'weeks must be a whole number from 1 to 52.' })
		.optional(),
})

const activityQuery = z.object({
	limit: z
		.string()
		.regex(/^\d{1,3}$/, { error: `limit must be a whole number from 1 to ${ACTIVITY_LIMIT.max}.` })
		.transform(Number)
		.refine((n) => n >= 1 && n <= ACTIVITY_LIMIT.max, { error: `limit must be a whole number from 1 to ${ACTIVITY_LIMIT.max}.` })
		.optional(),
})

/** The body checked, or the 400 naming the field at fault. */
function readBody<T>(check: (body: unknown) => InputCheck<T>, body: unknown): { ok: true; value: T } | { ok: false; answer: ApiAnswer } {
	const checked = check(body)
	if (checked.ok) return checked
	const { code, message, parameter } = checked
	return { ok: false, answer: apiError(400, code, message, parameter ? { parameter } : {}) }
}

const FAILURES: Record<GroupFailure['reason'], [number, string]> = {
	'not-found': [404, 'GROUP_NOT_FOUND'],
	'no-such-clan': [404, 'CLAN_NOT_FOUND'],
	'wrong-code': [403, 'WRONG_VERIFICATION_CODE'],
	locked: [403, 'GROUP_LOCKED'],
	'not-a-clan': [409, 'NOT_A_CLAN'],
	'no-citadel-reset': [409, 'NO_CITADEL_RESET'],
	'clan-roster': [409, 'CLAN_ROSTER'],
	'member-count': [400, 'INVALID_PARAMETER'],
	'too-many-attempts': [429, 'TOO_MANY_ATTEMPTS'],
	'too-many-groups': [429, 'TOO_MANY_GROUPS'],
}

/** The HTTP status of a refusal, for the API and the pages alike. */
export const groupFailureStatus = (reason: GroupFailure['reason']) => FAILURES[reason][0]

function failed(failure: GroupFailure, during?: 'sync'): ApiAnswer {
	if (failure.retryAfterSeconds !== undefined) {
		return rateLimited(failure.retryAfterSeconds, undefined, { code: FAILURES[failure.reason][1], message: failure.message })
	}
	// The clan was found when the group was made: a member list missing now is upstream's failure.
	if (during === 'sync' && failure.reason === 'no-such-clan') return apiError(502, 'UPSTREAM_FAILED', failure.message)
	const [status, code] = FAILURES[failure.reason]
	return apiError(status, code, failure.message, failure.parameter ? { parameter: failure.parameter } : {})
}

function groupId(raw: string): number | ApiAnswer {
	return /^[1-9]\d{0,8}$/.test(raw)
		? Number(raw)
		: apiError(400, 'INVALID_PARAMETER', 'The group id in the URL must be a positive whole number.', { parameter: 'id' })
}

function codeOf(header: (name: string) => string | undefined): string | ApiAnswer {
	const code = header(CODE_HEADER)?.trim()
	return code
		? code
		: apiError(400, 'MISSING_VERIFICATION_CODE', "Send the group's verification code in the X-Verification-Code header.", {
				parameter: 'X-Verification-Code',
			})
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
				const input = readBody(checkNewGroup, body)
				if (!input.ok) return input.answer
				const { name, clanName, members, citadelReset = null } = input.value
				const created = await service.create(
					clanName !== undefined ? { name, clanName, citadelReset } : { name, members: members!, citadelReset },
					clientId,
				)
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
				const changes = readBody(checkGroupChanges, body)
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
			path: `${GROUPS_API_PREFIX}/:id/activity`,
			methods: ['GET', 'HEAD'],
			cors: true,
			query: activityQuery,
			failure: UNAVAILABLE,
			async handle({ params, query }) {
				const id = groupId(params.id!)
				if (typeof id !== 'number') return id
				const activity = await service.activity(id, query.limit ?? ACTIVITY_LIMIT.default)
				return activity.ok ? json(200, { items: activity.items }) : failed(activity)
			},
		}),
		endpoint({
			path: `${GROUPS_API_PREFIX}/:id/gains`,
			methods: ['GET', 'HEAD'],
			cors: true,
			query: () => groupGainsQuerySchema(utcDay(getClock().now())),
			failure: UNAVAILABLE,
			async handle({ params, query }) {
				const id = groupId(params.id!)
				if (typeof id !== 'number') return id
				const gains = await service.gains(id, query)
				if (!gains.ok) return failed(gains)
				const { ok: _, ...body } = gains
				return json(200, body)
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
