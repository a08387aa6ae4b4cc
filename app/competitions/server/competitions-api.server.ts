/**
 * `/api/v1/competitions…`, declared for the API kit (`#app/server/api.server.ts`): create (POST,
 * JSON), list by status, read with standings, the standings as CSV (GET, CORS), change (PATCH,
 * JSON) and delete with the code in `X-Verification-Code`. The README's "Competitions" section
 * documents them.
 */
import { z } from 'zod'
import { apiError, endpoint, json, rateLimited, type ApiAnswer, type Endpoint } from '#app/server/api.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import type { InputError } from '../competition-input.ts'
import type { Competitions } from './competitions.server.ts'
import { standingsCsv } from '../standings-csv.ts'
import { CODE_HEADER } from '#app/server/verification-code.server.ts'

export const COMPETITIONS_API_PREFIX = '/api/v1/competitions'
const UNAVAILABLE = { status: 503, code: 'COMPETITIONS_UNAVAILABLE', message: 'Competitions are unavailable right now; try again shortly.' }
const noParameters = z.object({})

/** The path's `:id`: a positive whole number, or the 400 that says so. */
function idFromPath(raw: string): number | ApiAnswer {
	const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN
	return Number.isSafeInteger(id) && id <= 2_147_483_647
		? id
		: apiError(400, 'INVALID_PARAMETER', 'The competition id in the URL must be a positive whole number.', { parameter: 'id' })
}

/** The largest body a competition is sent in: 500 names and their teams are ~15 KB. */
const MAX_BODY_BYTES = 64 * 1024

const notFound = (id: number) => apiError(404, 'COMPETITION_NOT_FOUND', `There is no competition ${id}.`)

/** 400 naming the first field at fault, with every error listed. */
const invalid = (errors: InputError[]) =>
	apiError(400, 'INVALID_PARAMETER', errors[0]?.message ?? 'The body is not a competition.', {
		parameter: errors[0]?.path || 'body',
		details: { errors },
	})

const wrongCode = () => apiError(403, 'WRONG_CODE', 'The X-Verification-Code header is missing or is not this competition’s code.')

export function competitionsApiEndpoints(competitions: Competitions): Endpoint[] {
	return [
		endpoint({
			path: COMPETITIONS_API_PREFIX,
			methods: ['GET', 'HEAD', 'POST'],
			body: { methods: ['POST'], maxBytes: MAX_BODY_BYTES },
			cors: true,
			query: z.object({
				status: z.enum(['ongoing', 'upcoming', 'finished'], { error: 'status must be ongoing, upcoming or finished.' }).default('ongoing'),
			}),
			failure: UNAVAILABLE,
			async handle(call) {
				if (call.method !== 'POST') return json(200, { competitions: await competitions.list(call.query.status) })
				const created = await competitions.create(call.body, call.clientId)
				if (created.kind === 'invalid') return invalid(created.errors)
				if (created.kind === 'rate-limited') return rateLimited(created.retryAfterSeconds, 'competitions created')
				return json(201, { competition: created.competition, code: created.code })
			},
		}),
		endpoint({
			path: `${COMPETITIONS_API_PREFIX}/:id`,
			methods: ['GET', 'HEAD', 'PATCH', 'DELETE'],
			body: { methods: ['PATCH'], maxBytes: MAX_BODY_BYTES },
			cors: true,
			query: noParameters,
			failure: UNAVAILABLE,
			async handle(call) {
				const id = idFromPath(call.params.id!)
				if (typeof id !== 'number') return id
				const code = call.header(CODE_HEADER)
				if (call.method === 'DELETE') {
					const outcome = await competitions.delete(id, code)
					if (outcome.kind === 'not-found') return notFound(id)
					if (outcome.kind === 'wrong-code') return wrongCode()
					return { status: 204, headers: { 'cache-control': CACHE_CONTROL.none }, body: '' }
				}
				if (call.method === 'PATCH') {
					const outcome = await competitions.change(id, code, call.body)
					if (outcome.kind === 'not-found') return notFound(id)
					if (outcome.kind === 'wrong-code') return wrongCode()
					if (outcome.kind === 'invalid') return invalid(outcome.errors)
					return json(200, { competition: outcome.competition })
				}
				const found = await competitions.read(id)
				return found ? json(200, found) : notFound(id)
			},
		}),
		endpoint({
			path: `${COMPETITIONS_API_PREFIX}/:id/standings.csv`,
			methods: ['GET', 'HEAD'],
			cors: true,
			query: noParameters,
			failure: UNAVAILABLE,
			async handle(call) {
				const id = idFromPath(call.params.id!)
				if (typeof id !== 'number') return id
				const found = await competitions.read(id)
				if (!found) return notFound(id)
				return {
					status: 200,
					headers: {
						'content-type': 'text/csv; charset=utf-8',
						'content-disposition': `attachment; filename="competition-${id}-standings.csv"`,
						'cache-control': CACHE_CONTROL.none,
					},
					body: standingsCsv(found),
				}
			},
		}),
		/** Updates the participants not fetched lately (in the background): 202 at once with how many, and how many were skipped. */
		endpoint({
			path: `${COMPETITIONS_API_PREFIX}/:id/update`,
			methods: ['POST'],
			query: noParameters,
			failure: UNAVAILABLE,
			async handle(call) {
				const id = idFromPath(call.params.id!)
				if (typeof id !== 'number') return id
				const outcome = await competitions.requestUpdate(id, call.header(CODE_HEADER))
				if (outcome.kind === 'not-found') return notFound(id)
				if (outcome.kind === 'wrong-code') return wrongCode()
				if (outcome.kind === 'rate-limited')
					return rateLimited(outcome.retryAfterSeconds, 'update rounds', {
						code: 'UPDATE_COOLDOWN',
						message: `This competition's participants were updated recently; try again in ${outcome.retryAfterSeconds} seconds.`,
					})
				return json(202, { queued: outcome.queued, skipped: outcome.skipped })
			},
		}),
	]
}
