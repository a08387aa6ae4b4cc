/**
 * `POST /api/v1/competitions/balance` `{participants: [names], teams: N}`: N teams of about equal
 * recent gains (team-balance.server.ts), to paste into a competition's `teams`. Counted against
 * the client's limit: it reads up to 500 players' month of snapshots.
 */
import { z } from 'zod'
import { apiError, endpoint, json, type Endpoint } from '#app/server/api.server.ts'
import type { Database } from '#app/server/db/database.server.ts'
import type { Limiter } from '#app/server/shared-state/shared-state.server.ts'
import { balanceByRecentGains } from './team-balance.server.ts'

export function balanceApiEndpoint(config: { db: () => Promise<Database>; now: () => Date; limiter: Limiter }): Endpoint {
	return endpoint({
		path: '/api/v1/competitions/balance',
		methods: ['POST'],
		body: { methods: ['POST'], maxBytes: 64 * 1024 },
		query: z.object({}),
		limit: { hit: (client) => config.limiter.hit(client), what: 'team balancings' },
		failure: { status: 503, code: 'COMPETITIONS_UNAVAILABLE', message: 'Competitions are unavailable right now; try again shortly.' },
		async handle(call) {
			const outcome = await balanceByRecentGains(await config.db(), call.body, config.now())
			if (outcome.kind === 'invalid')
				return apiError(400, 'INVALID_PARAMETER', outcome.errors[0]!.message, {
					parameter: outcome.errors[0]!.path,
					details: { errors: outcome.errors },
				})
			return json(200, { days: outcome.days, teams: outcome.teams })
		},
	})
}
