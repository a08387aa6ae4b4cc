/**
 * `/api/v1/players/:name[/gains|/snapshots|/quests|/activities|/pace|/milestones|/records|/catch-up]` (GET),
 * `/api/v1/players/:name/update` (POST) and `/api/v1/leaderboards/gains` (GET): the player-history
 * API, answered on the server's fast path like `/api/v1/player-data`.
 * Shapes: `#app/tracker/api-types.ts` (and the README's "Player history API"). Errors:
 * `{ error: { code, message, retryAfterSeconds? } }` — 400 bad name or parameter (the message
 * names it), 404 unknown or opted out, 405, 429 lookup rate limit or Update cooldown (with
 * Retry-After), and 503 with Retry-After when an Update's upstream fetch fails or the upstream is
 * failing (no call made then).
 */
import type { PlayerDataAnswer, PlayerLookup } from '#app/player/server/handler.server.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { unknownParameter } from '#app/server/query-params.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import {
	BOARD_PARAMETERS,
	GAINS_PARAMETERS,
	parseBoardQuery,
	parseGainsQuery,
	parseSnapshotsQuery,
	SNAPSHOTS_PARAMETERS,
} from '#app/tracker/api-params.ts'
import { CATCH_UP_PARAMETERS, parseCatchUpQuery } from '#app/tracker/catch-up.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'
import { catchUpFor } from './catch-up.server.ts'
import type { Tracker } from './tracker.server.ts'

export const PLAYERS_API_PREFIX = '/api/v1/players/'
export const GAINS_BOARD_PATH = '/api/v1/leaderboards/gains'

export type PlayersApiCore = (method: string, params: URLSearchParams, clientId: string, path: string) => Promise<PlayerDataAnswer>

const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'Retry-After' }
/** Each endpoint under a player, with the query parameters it takes. */
const READS: Record<string, readonly string[]> = {
	'': [],
	gains: GAINS_PARAMETERS,
	snapshots: SNAPSHOTS_PARAMETERS,
	quests: [],
	activities: [],
	pace: [],
	milestones: [],
	records: [],
	'catch-up': CATCH_UP_PARAMETERS,
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): PlayerDataAnswer {
	return {
		status,
		headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': CACHE_CONTROL.none, ...headers },
		body: JSON.stringify(body),
	}
}

function error(status: number, code: string, message: string, headers: Record<string, string> = {}, extra: object = {}) {
	return json(status, { error: { code, message, ...extra } }, headers)
}

/** `now`: the server's clock (the tracker's), for "today" in the catch-up. */
export function createPlayersApiCore(tracker: Tracker, lookup: Pick<PlayerLookup, 'hitLimit'>, now: () => number = () => getClock().now()): PlayersApiCore {
	async function respond(method: string, params: URLSearchParams, clientId: string, path: string): Promise<PlayerDataAnswer> {
		const [rawName, what = '', ...rest] = path.slice(PLAYERS_API_PREFIX.length).split('/')
		const isUpdate = what === 'update' && rest.length === 0
		if (rest.length > 0 || !(isUpdate || Object.hasOwn(READS, what))) {
			return error(404, 'NOT_FOUND', `No such endpoint: ${path}. See the README's "Player history API".`, CORS)
		}
		const headers = isUpdate ? {} : CORS
		if (method === 'OPTIONS' && !isUpdate) {
			return { status: 204, headers: { ...CORS, 'access-control-allow-methods': 'GET, HEAD', 'access-control-max-age': '86400' }, body: '' }
		}
		const allowed = isUpdate ? ['POST'] : ['GET', 'HEAD']
		if (!allowed.includes(method)) {
			return error(405, 'METHOD_NOT_ALLOWED', `Use ${allowed.join(' or ')} here.`, { ...headers, allow: allowed.join(', ') })
		}
		const badParameter = unknownParameter(params, isUpdate ? [] : READS[what]!)
		if (badParameter) return error(400, 'INVALID_PARAMETER', badParameter.message, headers, { parameter: badParameter.parameter })
		const limit = await lookup.hitLimit(clientId)
		if (!limit.allowed) {
			const seconds = limit.retryAfterSeconds
			return error(429, 'RATE_LIMITED', `Too many player lookups; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { ...headers, 'retry-after': String(seconds) }, { retryAfterSeconds: seconds })
		}
		let decoded: string
		try {
			decoded = decodeURIComponent(rawName ?? '')
		} catch {
			return error(400, 'INVALID_USERNAME', 'The player name in the URL is not valid percent-encoding.', headers)
		}
		const player = parsePlayerName(decoded)
		if (!player.success) return error(400, 'INVALID_USERNAME', player.message, headers)
		const { key, name } = player.data
		const notFound = () =>
			error(404, 'USER_NOT_FOUND', `No history for "${name}": look the player up on the site first, which starts tracking them.`, headers)

		if (isUpdate) {
			const outcome = await tracker.update(player.data, clientId)
			if (outcome.kind === 'not-found') return notFound()
			if (outcome.kind === 'failed' || outcome.kind === 'upstream-failing') {
				// While the upstream fails, an Update says when to come back instead of adding to it.
				const seconds = outcome.retryAfterSeconds
				const why = outcome.kind === 'failed' ? upstreamMessage(outcome.answer) : 'RuneMetrics or the hiscores are failing right now.'
				return error(503, 'UPSTREAM_UNAVAILABLE', `${why} Nothing was lost; try the Update again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { 'retry-after': String(seconds) }, { retryAfterSeconds: seconds })
			}
			if (outcome.kind === 'cooldown') {
				const seconds = outcome.retryAfterSeconds
				return error(429, 'UPDATE_COOLDOWN', `${outcome.summary.name} was updated less than a minute ago; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { 'retry-after': String(seconds) }, { retryAfterSeconds: seconds })
			}
			return json(202, { updated: true, summary: outcome.summary })
		}

		tracker.noteLookup(player.data)
		let body: unknown
		if (what === 'gains') {
			const query = parseGainsQuery(params)
			if (!query.ok) return error(400, 'INVALID_PARAMETER', query.message, headers, { parameter: query.parameter })
			body = await tracker.gains(key, query.value)
		} else if (what === 'snapshots') {
			const query = parseSnapshotsQuery(params)
			if (!query.ok) return error(400, 'INVALID_PARAMETER', query.message, headers, { parameter: query.parameter })
			body = await tracker.snapshots(key, query.value)
		} else if (what === 'quests') body = await tracker.questTimeline(key)
		else if (what === 'activities') body = await tracker.activities(key)
		else if (what === 'milestones') body = await tracker.milestones(key)
		else if (what === 'records') body = await tracker.records(key)
		else if (what === 'catch-up') {
			const today = utcDay(now())
			const query = parseCatchUpQuery(params, today)
			if (!query.ok) return error(400, 'INVALID_PARAMETER', query.message, headers, { parameter: query.parameter })
			body = await catchUpFor(tracker, key, query.value.since, today)
		} else if (what === 'pace') {
			// 200 with `status` for a tracked player (the planner says "no history yet"), 404 otherwise.
			const pace = await tracker.pace(key)
			body = pace.status === 'not-tracked' ? null : { name, ...pace }
		}
		else body = await tracker.summary(key)
		return body ? json(200, body, headers) : notFound()
	}

	return unavailableOnFailure(respond)
}

/** The lookup's own explanation of a failed upstream fetch, else a general one. */
function upstreamMessage(answer: PlayerDataAnswer): string {
	try {
		const body = JSON.parse(answer.body) as { error?: { message?: unknown } }
		if (typeof body.error?.message === 'string') return body.error.message.replace(/; try again in a few minutes\.$/, '.')
	} catch {
		// Not JSON: the general message.
	}
	return 'RuneMetrics and the hiscores did not answer.'
}

/** An unexpected failure (the database gone, say) is a 503, logged, never a crash or a hang. */
function unavailableOnFailure(respond: PlayersApiCore): PlayersApiCore {
	return async function handle(method, params, clientId, path) {
		try {
			return await respond(method, params, clientId, path)
		} catch (failure) {
			process.stderr.write(`players-api: unexpected error: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}\n`)
			return error(503, 'HISTORY_UNAVAILABLE', 'Player history is unavailable right now; try again shortly.')
		}
	}
}

/** `GET /api/v1/leaderboards/gains?period=&skill=&page=&date=`: a page of top gainers (`GainsBoard`). */
export function createGainsBoardApiCore(tracker: Tracker, lookup: Pick<PlayerLookup, 'hitLimit'>): PlayersApiCore {
	return unavailableOnFailure(async (method, params, clientId) => {
		if (method === 'OPTIONS') {
			return { status: 204, headers: { ...CORS, 'access-control-allow-methods': 'GET, HEAD', 'access-control-max-age': '86400' }, body: '' }
		}
		if (method !== 'GET' && method !== 'HEAD') {
			return error(405, 'METHOD_NOT_ALLOWED', 'Use GET or HEAD here.', { ...CORS, allow: 'GET, HEAD' })
		}
		const limit = await lookup.hitLimit(clientId)
		if (!limit.allowed) {
			const seconds = limit.retryAfterSeconds
			return error(429, 'RATE_LIMITED', `Too many requests; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { ...CORS, 'retry-after': String(seconds) }, { retryAfterSeconds: seconds })
		}
		const badParameter = unknownParameter(params, BOARD_PARAMETERS)
		if (badParameter) return error(400, 'INVALID_PARAMETER', badParameter.message, CORS, { parameter: badParameter.parameter })
		const query = parseBoardQuery(params)
		if (!query.ok) return error(400, 'INVALID_PARAMETER', query.message, CORS, { parameter: query.parameter })
		return json(200, await tracker.gainsBoard(query.value), CORS)
	})
}
