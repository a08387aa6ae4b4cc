import { queryOptions } from '@tanstack/react-query'
import type { CatchUp } from '#app/tracker/catch-up.ts'
import type { PaceAnswer } from '#app/tracker/pace.ts'

/** The player-history API's paths (`/api/v1/players/:name/…`, app/tracker/server/players-api.server.ts). */
const playersApi = {
	player: (name: string) => `/api/v1/players/${encodeURIComponent(name.trim().replaceAll(' ', '_'))}`,
	pace: (name: string) => `${playersApi.player(name)}/pace`,
	catchUp: (name: string, since: string | null) => `${playersApi.player(name)}/catch-up${since ? `?since=${since}` : ''}`,
}

/** A catch-up that does not come is not worth holding the home card's next steps for. */
const CATCH_UP_TIMEOUT_MS = 8000

/**
 * The tracker's pace of a player: `{ status: 'not-tracked' }` on a 404; any other failure is an
 * error (the planner then shows the plan without ETAs).
 */
export function paceQuery(name: string) {
	return queryOptions({
		queryKey: ['players', name, 'pace'],
		queryFn: async ({ signal }): Promise<PaceAnswer> => {
			const response = await fetch(playersApi.pace(name), { signal, headers: { accept: 'application/json' } })
			if (response.status === 404) return { status: 'not-tracked' }
			if (!response.ok) throw new Error(`pace: ${response.status}`)
			return (await response.json()) as PaceAnswer
		},
		retry: false,
	})
}

/** What changed for a player since a day (null: since their last snapshot before today). */
export function catchUpQuery(name: string, since: string | null) {
	return queryOptions({
		queryKey: ['players', name, 'catch-up', since],
		queryFn: async ({ signal }): Promise<CatchUp> => {
			const response = await fetch(playersApi.catchUp(name, since), {
				signal: AbortSignal.any([signal, AbortSignal.timeout(CATCH_UP_TIMEOUT_MS)]),
				headers: { accept: 'application/json' },
			})
			if (!response.ok) throw new Error(`catch-up: ${response.status}`)
			return (await response.json()) as CatchUp
		},
		retry: false,
	})
}
