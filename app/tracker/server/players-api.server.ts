/**
 * `/api/v1/players/:name[/gains|/snapshots|/quests|/activities|/pace|/milestones|/records|/catch-up]` (GET),
 * `/api/v1/players/:name/update` (POST) and `/api/v1/leaderboards/gains` (GET): the player-history
 * API, declared for the API kit (`#app/server/api.server.ts`) and answered on the server's fast path.
 * Shapes: `#app/tracker/api-types.ts` (and the README's "Player history API"). Errors:
 * `{ error: { code, message, parameter?, retryAfterSeconds? } }` — 400 bad name or parameter (the
 * message names it), 404 unknown or opted out, 405, 403 a cross-site Update, 429 lookup rate
 * limit or Update cooldown (with Retry-After), and 503 with Retry-After when an Update's upstream
 * fetch fails or the upstream is failing (no call made then).
 */
import { z } from 'zod'
import type { PlayerLookup } from '#app/player/server/handler.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { apiError, createApi, endpoint, json, rateLimited, type ApiAnswer, type Endpoint } from '#app/server/api.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { boardQuerySchema, gainsQuerySchema, snapshotsQuerySchema } from '#app/tracker/api-params.ts'
import { catchUpQuerySchema } from '#app/tracker/catch-up.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'
import { catchUpFor } from './catch-up.server.ts'
import type { PlayerHistory } from './player-history.server.ts'
import type { Tracker } from './tracker.server.ts'

export const PLAYERS_API_PREFIX = '/api/v1/players/'
export const GAINS_BOARD_PATH = '/api/v1/leaderboards/gains'

const READ = ['GET', 'HEAD'] as const
const UNAVAILABLE = { status: 503, code: 'HISTORY_UNAVAILABLE', message: 'Player history is unavailable right now; try again shortly.' }
const noParameters = z.object({})

/** The `:name` of the path as a player, or the 400 that says why it is not one. */
function playerFromPath(raw: string): PlayerName | ApiAnswer {
	let decoded: string
	try {
		decoded = decodeURIComponent(raw)
	} catch {
		return apiError(400, 'INVALID_USERNAME', 'The player name in the URL is not valid percent-encoding.')
	}
	const player = parsePlayerName(decoded)
	return player.success ? player.data : apiError(400, 'INVALID_USERNAME', player.message)
}

const notFound = (name: string) =>
	apiError(404, 'USER_NOT_FOUND', `No history for "${name}": look the player up on the site first, which starts tracking them.`)

/** A changed name: 308 (the method and query kept) to the new name's answer, saying so in the body too. */
const movedTo = (oldName: string, newName: string, location: string) =>
	apiError(308, 'PLAYER_RENAMED', `${oldName} is now called ${newName}: the history moved to ${location}.`, {
		headers: { location },
		details: { newName },
	})

/** Where a changed name's history is now (its new name), if it was changed. */
export type RenamedTo = (key: string) => Promise<{ name: string } | undefined>

/**
 * `now`: the server's clock (the tracker's), for "today" in the catch-up and the date bounds.
 * `renamedTo`: a read or Update of a name with no history that was changed answers 308 to the new name's.
 */
export function playersApiEndpoints(
	tracker: Tracker,
	lookup: Pick<PlayerLookup, 'hitLimit'>,
	now: () => number = () => getClock().now(),
	renamedTo?: RenamedTo,
): Endpoint[] {
	const limit = { hit: (clientId: string) => lookup.hitLimit(clientId), what: 'player lookups' }
	const today = () => utcDay(now())

	/** A read of one player's history, from the handle opened once for the request: an untracked player, or a null answer, is a 404. */
	const read = <S extends z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>>(
		what: string,
		query: S | (() => S),
		answer: (history: PlayerHistory, query: z.output<S>, player: PlayerName) => Promise<unknown>,
	) =>
		endpoint({
			path: `${PLAYERS_API_PREFIX}:name${what ? `/${what}` : ''}`,
			methods: READ,
			cors: true,
			query,
			limit,
			failure: UNAVAILABLE,
			async handle({ params, query, search }) {
				const player = playerFromPath(params.name!)
				if ('status' in player) return player
				tracker.noteLookup(player)
				const history = await tracker.player(player.key)
				const body = history && (await answer(history, query, player))
				if (body) return json(200, body)
				const renamed = await renamedTo?.(player.key)
				return renamed
					? movedTo(player.name, renamed.name, `${PLAYERS_API_PREFIX}${encodeURIComponent(renamed.name)}${what ? `/${what}` : ''}${search}`)
					: notFound(player.name)
			},
		})

	return [
		read('', noParameters, (history) => history.summary()),
		read(
			'gains',
			() => gainsQuerySchema(today()),
			(history, query) => history.gains(query),
		),
		read(
			'snapshots',
			() => snapshotsQuerySchema(today()),
			(history, query) => history.snapshots(query),
		),
		read('quests', noParameters, (history) => history.questTimeline()),
		read('activities', noParameters, (history) => history.activities()),
		read('milestones', noParameters, (history) => history.milestones()),
		read('records', noParameters, (history) => history.records()),
		read(
			'catch-up',
			() => catchUpQuerySchema(today()),
			(history, query) => catchUpFor(history, query.since, today()),
		),
		// 200 with `status` for a tracked player (the planner says "no history yet"), 404 otherwise.
		read('pace', noParameters, async (history, _query, player) => ({ name: player.name, ...(await history.pace()) })),
		endpoint({
			path: `${PLAYERS_API_PREFIX}:name/update`,
			methods: ['POST'],
			query: noParameters,
			limit,
			failure: UNAVAILABLE,
			async handle({ params, clientId }) {
				const player = playerFromPath(params.name!)
				if ('status' in player) return player
				const outcome = await tracker.update(player, clientId)
				if (outcome.kind === 'not-found') {
					const renamed = await renamedTo?.(player.key)
					return renamed
						? movedTo(player.name, renamed.name, `${PLAYERS_API_PREFIX}${encodeURIComponent(renamed.name)}/update`)
						: notFound(player.name)
				}
				if (outcome.kind === 'failed' || outcome.kind === 'upstream-failing') {
					// While the upstream fails, an Update says when to come back instead of adding to it.
					const seconds = outcome.retryAfterSeconds
					const why = outcome.kind === 'failed' ? upstreamMessage(outcome.answer) : 'RuneMetrics or the hiscores are failing right now.'
					return apiError(
						503,
						'UPSTREAM_UNAVAILABLE',
						`${why} Nothing was lost; try the Update again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
						{
							headers: { 'retry-after': String(seconds) },
							details: { retryAfterSeconds: seconds },
						},
					)
				}
				if (outcome.kind === 'cooldown') {
					const seconds = outcome.retryAfterSeconds
					return rateLimited(seconds, 'updates', {
						code: 'UPDATE_COOLDOWN',
						message: `${outcome.summary.name} was updated less than a minute ago; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
					})
				}
				return json(202, { updated: true, summary: outcome.summary })
			},
		}),
		/** `GET /api/v1/leaderboards/gains?period=&skill=&page=&date=`: a page of top gainers (`GainsBoard`). */
		endpoint({
			path: GAINS_BOARD_PATH,
			methods: READ,
			cors: true,
			query: () => boardQuerySchema(today()),
			limit: { ...limit, what: 'requests' },
			failure: UNAVAILABLE,
			handle: async ({ query }) => json(200, await tracker.gainsBoard(query)),
		}),
	]
}

export type PlayersApiCore = (method: string, params: URLSearchParams, clientId: string, path: string) => Promise<ApiAnswer>

/** The history API on plain values (tests): method, query, client and path in, answer out. */
export function createPlayersApiCore(tracker: Tracker, lookup: Pick<PlayerLookup, 'hitLimit'>, now?: () => number): PlayersApiCore {
	const api = createApi(playersApiEndpoints(tracker, lookup, now))
	return (method, query, clientId, path) => api.serve({ method, path, query, clientId, header: () => undefined })
}

/** The lookup's own explanation of a failed upstream fetch, else a general one. */
function upstreamMessage(answer: ApiAnswer): string {
	try {
		const body = JSON.parse(answer.body) as { error?: { message?: unknown } }
		if (typeof body.error?.message === 'string') return body.error.message.replace(/; try again in a few minutes\.$/, '.')
	} catch {
		// Not JSON: the general message.
	}
	return 'RuneMetrics and the hiscores did not answer.'
}
