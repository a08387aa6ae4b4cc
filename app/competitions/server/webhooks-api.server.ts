/**
 * `PUT /api/v1/groups/:id/webhook` and `PUT /api/v1/competitions/:id/webhook` (the code in
 * `X-Verification-Code`): `{url, events, logMatches?}` sets the Discord webhook; `GET` on the same
 * path (CORS) tells the events chosen and whether Discord made us switch it off; `DELETE` (with the
 * code) removes it, dropping what it had not been sent yet. The README's
 * "Competitions" section documents them.
 */
import { z } from 'zod'
import { apiError, endpoint, json, type Endpoint } from '#app/server/api.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { CODE_HEADER } from '#app/server/verification-code.server.ts'
import type { WebhookOwner } from './competitions-store.server.ts'
import type { WebhookSettings } from './webhook-settings.server.ts'

const UNAVAILABLE = { status: 503, code: 'WEBHOOKS_UNAVAILABLE', message: 'Discord settings are unavailable right now; try again shortly.' }
/** A URL, up to 21 kinds and 50 names of 80 characters: well under 8 KB. */
const MAX_BODY_BYTES = 8 * 1024

const OWNERS = [
	{ path: '/api/v1/groups/:id/webhook', what: 'group', owner: (id: number): WebhookOwner => ({ groupId: id }) },
	{ path: '/api/v1/competitions/:id/webhook', what: 'competition', owner: (id: number): WebhookOwner => ({ competitionId: id }) },
] as const

export function webhooksApiEndpoints(settings: WebhookSettings): Endpoint[] {
	return OWNERS.map(({ path, what, owner }) =>
		endpoint({
			path,
			methods: ['GET', 'HEAD', 'PUT', 'DELETE'],
			body: { methods: ['PUT'], maxBytes: MAX_BODY_BYTES },
			cors: true,
			query: z.object({}),
			failure: UNAVAILABLE,
			async handle(call) {
				const raw = call.params.id!
				const id = /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null
				if (id === null)
					return apiError(400, 'INVALID_PARAMETER', `The ${what} id in the URL must be a positive whole number.`, { parameter: 'id' })
				if (call.method === 'GET' || call.method === 'HEAD') return json(200, { webhook: await settings.state(owner(id)) })
				const code = call.header(CODE_HEADER)
				const outcome = call.method === 'DELETE' ? await settings.remove(owner(id), code) : await settings.set(owner(id), code, call.body)
				switch (outcome.kind) {
					case 'not-found':
						return apiError(404, `${what.toUpperCase()}_NOT_FOUND`, `There is no ${what} ${id}.`)
					case 'wrong-code':
						return apiError(403, 'WRONG_CODE', `The X-Verification-Code header is missing or is not this ${what}’s code.`)
					case 'locked':
						return apiError(403, 'GROUP_LOCKED', "This group is locked by the site's authors: it cannot be changed.")
					case 'invalid':
						return apiError(400, 'INVALID_PARAMETER', outcome.errors[0]!.message, {
							parameter: outcome.errors[0]!.path,
							details: { errors: outcome.errors },
						})
					case 'set':
						return json(200, { webhook: await settings.state(owner(id)) })
					case 'removed':
						return { status: 204, headers: { 'cache-control': CACHE_CONTROL.none }, body: '' }
					case 'none':
						return apiError(404, 'WEBHOOK_NOT_FOUND', `This ${what} has no Discord webhook to remove.`)
				}
			},
		}),
	)
}
