/**
 * `POST /api/v1/names` `{ oldName, newName }`, declared for the API kit: a name change checked on
 * facts. 200 applied (the history is under the new name now; the old name redirects), 202 stored
 * for the dashboard's review (with the reason), 422 refused by the facts (the reason; nothing
 * stored: the request was understood, the facts say no), 409 already done or already waiting for
 * review (the state here conflicts), 400 a bad body or name (the field named), 429 too many
 * submissions from this client, 503 when upstream could not be asked (nothing stored; Retry-After).
 */
import { z } from 'zod'
import { apiError, endpoint, json, rateLimited, type ApiAnswer, type Endpoint } from '#app/server/api.server.ts'
import { checkNameChangeInput } from './name-change-input.server.ts'
import type { NameChangeOutcome, NameChanges } from './name-changes.server.ts'

const NAMES_API_PATH = '/api/v1/names'

/** The HTTP status of each outcome, for the API and the page alike. */
export const NAME_CHANGE_STATUS: Record<NameChangeOutcome['kind'], number> = {
	applied: 200,
	pending: 202,
	refused: 422,
	conflict: 409,
	'upstream-failed': 503,
	'too-many': 429,
}

function answer(outcome: NameChangeOutcome): ApiAnswer {
	const status = NAME_CHANGE_STATUS[outcome.kind]
	switch (outcome.kind) {
		case 'applied':
		case 'pending':
			return json(status, { outcome: outcome.kind, nameChange: outcome.change })
		case 'refused':
			return apiError(status, 'NAME_CHANGE_REFUSED', outcome.reason)
		case 'conflict':
			return apiError(status, 'NAME_CHANGE_CONFLICT', outcome.reason)
		case 'upstream-failed':
			return apiError(status, 'UPSTREAM_UNAVAILABLE', `${outcome.message} Nothing was stored; try again later.`, {
				headers: { 'retry-after': String(outcome.retryAfterSeconds) },
				details: { retryAfterSeconds: outcome.retryAfterSeconds },
			})
		case 'too-many':
			return rateLimited(outcome.retryAfterSeconds, 'name changes', {
				code: 'TOO_MANY_NAME_CHANGES',
				message: 'Too many name changes submitted from here; try again later.',
			})
	}
}

export function namesApiEndpoints(names: NameChanges): Endpoint[] {
	return [
		endpoint({
			path: NAMES_API_PATH,
			methods: ['POST'],
			body: { methods: ['POST'], maxBytes: 1024 },
			query: z.object({}),
			failure: { status: 503, code: 'NAME_CHANGES_UNAVAILABLE', message: 'Name changes are unavailable right now; try again shortly.' },
			async handle({ body, clientId }) {
				const input = checkNameChangeInput(body)
				if (!input.ok) return apiError(400, input.code, input.message, input.parameter ? { parameter: input.parameter } : {})
				return answer(await names.submit(input.value.oldName, input.value.newName, { source: 'visitor', client: clientId }))
			},
		}),
	]
}
