import type { PlayerName } from '#app/player/username.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { z } from 'zod'
import type { PlayerData, PlayerDataErrorCode, PlayerQuest } from '#app/player/types.ts'
import { flagParameter } from '#app/lib/query-params.ts'
import { apiError, createApi, endpoint, json, type ApiAnswer, type Endpoint } from '#app/server/api.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import type { LimitDecision } from '#app/server/shared-state/shared-state.server.ts'
import { createStaleWhileErrorCache, type CacheEntry, type CacheHit, type StaleWhileErrorCache } from './cache.server.ts'
import type { FetchedPlayer, PlayerDataConfig } from './config.server.ts'
import { createUpstreamClient, UpstreamError, type HiscoresResult, type ProfileResult, type UpstreamClient } from './runemetrics.server.ts'
import type { UpstreamPriority } from './upstream-gate.server.ts'

export type PlayerDataHandler = (request: Request, clientId: string) => Promise<Response>

/** An answer as plain data: what the fast Node route writes without building a web Response. */
export type PlayerDataAnswer = ApiAnswer
export type PlayerDataCore = (method: string, params: URLSearchParams, clientId: string) => Promise<PlayerDataAnswer>

const PLAYER_DATA_PATH = '/api/v1/player-data'

const playerDataQuery = z.object({ username: z.string().optional(), quests: flagParameter('quests') })

/**
 * The core, plus its endpoint for the API table, and a forced fetch for the tracker's Update
 * button and daily refresh (the same caches and recording).
 */
export type PlayerLookup = PlayerDataCore & {
	endpoint: Endpoint
	fetchFresh(player: PlayerName, options?: Omit<FetchOptions, 'force'>): Promise<PlayerDataAnswer>
	/** A lookup with quests for `clientId` that waits for the tracker's recording: the player page's first visit (the page view itself counts against the limit). */
	recordedLookup(player: PlayerName, clientId: string): Promise<PlayerDataAnswer>
	hitLimit(clientId: string): Promise<LimitDecision>
}

// Answers are per player and change as they play: browsers may reuse one briefly, shared caches
// must not store it. Failures are never cached by HTTP caches (the server keeps its own).
const CACHE_CONTROL_OK = CACHE_CONTROL.playerData

const MINUTE = 60_000

/**
 * `GET ?username=<name>&quests=true`. See `#app/player/types.ts` for the answer and error
 * shapes. Every path answers with JSON; unexpected errors become a 502 LOOKUP_FAILED, never a 500.
 */
export function createPlayerDataHandler(config: PlayerDataConfig): PlayerDataHandler {
	const core = createPlayerDataCore(config)
	return async (request, clientId) => {
		const answer = await core(request.method, new URL(request.url).searchParams, clientId)
		return new Response(answer.body, { status: answer.status, headers: answer.headers })
	}
}

/** The handler's logic on plain values: method, query and client in; status, headers and JSON out. */
export function createPlayerDataCore(config: PlayerDataConfig): PlayerLookup {
	const now = config.now ?? Date.now
	const log = config.log ?? serverLog.error
	const upstream = withFailureLog(
		createUpstreamClient({
			runemetricsBaseUrl: config.runemetricsBaseUrl,
			hiscoresBaseUrl: config.hiscoresBaseUrl,
			timeoutMs: config.timeoutMs,
			userAgent: config.userAgent,
			maxBodyBytes: config.maxBodyBytes,
		}),
		log,
	)
	const state = config.state ?? createMemoryState({ now })
	const cacheOptions = {
		freshMs: config.cache?.freshMs ?? 10 * MINUTE,
		maxAgeMs: config.cache?.maxAgeMs ?? 30 * MINUTE,
		maxEntries: config.cache?.maxEntries ?? 1000,
		now,
	}
	// eslint-disable-next-line @typescript-eslint/no-empty-object-type
	const cache = <T extends {}>(name: string) =>
		createStaleWhileErrorCache<T>({ ...cacheOptions, shared: state.entries?.<CacheEntry<T>>(name) })
	// One cache per endpoint, so a lookup without quests and one with quests share the profile.
	const caches = {
		profile: cache<ProfileResult>('player-profile'),
		quests: cache<PlayerQuest[]>('player-quests'),
		hiscores: cache<HiscoresResult>('player-hiscores'),
	}
	const limiter = config.rateLimit ? state.limiter('player-lookups', { ...config.rateLimit, refill: 'steady' }) : undefined

	async function lookup(player: PlayerName, withQuests: boolean, options: FetchOptions = {}): Promise<PlayerDataAnswer> {
		const { name, key } = player
		let fetched = false
		/** From the cache, or from upstream when forced (or not fresh); notes a real upstream call. */
		const part = <T extends object>(cache: StaleWhileErrorCache<T>, call: () => Promise<T>) => {
			const loader = async () => {
				const result = config.gate ? await config.gate.run(options.priority ?? 'interactive', call) : await call()
				fetched = true
				return result
			}
			return options.force ? cache.reload(key, loader) : cache.get(key, loader)
		}
		// Quests go in parallel with the profile: it saves a round trip for public profiles, and
		// for the others the call is cheap and its result (or failure) is ignored.
		const [profileResult, questsResult] = await Promise.allSettled([
			part(caches.profile, () => upstream.profile(name)),
			withQuests ? part(caches.quests, () => upstream.quests(name)) : undefined,
		])
		if (profileResult.status === 'rejected') return upstreamFailure(profileResult.reason)
		const profile = profileResult.value

		if (profile.value.kind === 'ok') {
			if (questsResult.status === 'rejected') return upstreamFailure(questsResult.reason)
			const quests = questsResult.value
			if (fetched) {
				const data = { source: 'runemetrics', profile: profile.value, quests: quests?.value ?? null } as const
				await recordFetch(
					{
						player,
						name: profile.value.name,
						fetchedAt: profile.fetchedAt,
						data,
						activities: profile.value.activities,
						requestedBy: options.requestedBy,
					},
					options,
				)
			}
			return answer(
				{
					name: profile.value.name,
					// Only what the answer documents (the upstream list carries quest points too).
					quests: (quests?.value ?? []).map(({ title, status }) => ({ title, status })),
					skillvalues: profile.value.skills,
					source: 'runemetrics',
				},
				[profile, quests],
			)
		}

		// RuneMetrics will not show this player: the hiscores still list skills for any player
		// they rank, which is what the requirement checks need most. No quests in that case.
		const state = profile.value.state
		let hiscores: CacheHit<HiscoresResult>
		try {
			hiscores = await part(caches.hiscores, () => upstream.hiscores(name))
		} catch (error) {
			return upstreamFailure(error)
		}
		const staleError = firstStaleError([profile, hiscores])
		if (hiscores.value.kind === 'not-found') {
			// A "not found" built from stale parts is not a good answer: report the failure.
			if (staleError !== undefined) return upstreamFailure(staleError)
			if (state === 'NO_PROFILE') {
				return errorResponse(404, 'USER_NOT_FOUND', `User not found: no RuneScape player is called "${name}".`)
			}
			// RuneMetrics knows the name (private, or refused) but the hiscores do not rank it:
			// still a real player, so a 200 with the state and no skills.
		}
		if (fetched && hiscores.value.kind === 'ok') {
			const data = { source: 'hiscores', hiscores: hiscores.value } as const
			await recordFetch({ player, name, fetchedAt: hiscores.fetchedAt, data, activities: [], requestedBy: options.requestedBy }, options)
		}
		return answer(
			{
				name,
				quests: [],
				skillvalues: hiscores.value.kind === 'ok' ? hiscores.value.skills : [],
				error: state,
				source: 'hiscores',
			},
			[profile, hiscores],
		)
	}

	/** Hands a fresh fetch to the tracker; a lookup does not wait for it, and its failure is only logged. */
	async function recordFetch(fetched: FetchedPlayer, options: FetchOptions) {
		if (!config.onFetched) return
		const recording = config.onFetched(fetched).catch((error: unknown) => {
			log(`player-data: recording ${fetched.player.key} failed: ${error instanceof Error ? error.message : String(error)}`)
		})
		if (options.force || options.awaitRecording) await recording
	}

	function answer(data: Omit<PlayerData, 'fetchedAt' | 'stale'>, parts: Array<CacheHit<unknown> | undefined>): PlayerDataAnswer {
		const present = parts.filter((part) => part !== undefined)
		const fetchedAt = new Date(Math.min(...present.map((part) => part.fetchedAt))).toISOString()
		const staleError = firstStaleError(present)
		if (staleError === undefined) {
			return json(200, { ...data, fetchedAt }, { 'cache-control': CACHE_CONTROL_OK })
		}
		return upstreamFailure(staleError, { ...data, fetchedAt, stale: true })
	}

	const playerDataEndpoint = endpoint({
		path: PLAYER_DATA_PATH,
		methods: ['GET', 'HEAD'],
		query: playerDataQuery,
		limit: limiter && { hit: (clientId: string) => limiter.hit(clientId), what: 'player lookups' },
		// Unexpected errors become a 502, never a 500.
		failure: { status: 502, code: 'LOOKUP_FAILED', message: 'The player lookup failed unexpectedly; try again shortly.' },
		async handle({ query, clientId }) {
			const player = parsePlayerName(query.username)
			if (!player.success) return errorResponse(400, 'INVALID_USERNAME', player.message)
			config.onLookup?.(player.data)
			return lookup(player.data, query.quests, { requestedBy: clientId })
		},
	})
	const api = createApi([playerDataEndpoint])

	function upstreamFailure(error: unknown, stale?: PlayerData): PlayerDataAnswer {
		if (!(error instanceof UpstreamError)) throw error
		if (error.kind === 'busy') {
			const seconds = error.retryAfterSeconds ?? 10
			const message = `We ask RuneMetrics only as fast as it allows, and many lookups are waiting; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
			return apiError(503, 'UPSTREAM_BUSY', message, {
				headers: { 'retry-after': String(seconds) },
				details: { retryAfterSeconds: seconds },
				extra: { data: stale },
			})
		}
		const timeout = error.kind === 'timeout'
		const service = error.endpoint === 'hiscores' ? 'The RuneScape hiscores' : 'RuneMetrics'
		const problem = timeout
			? `${service} did not answer in time`
			: error.kind === 'unreachable' || error.kind === 'bad-status'
				? `${service} is not answering properly right now`
				: `${service} sent an answer we could not read`
		const message = stale ? `${problem}; showing what we fetched at ${stale.fetchedAt}.` : `${problem}; try again in a few minutes.`
		return errorResponse(timeout ? 504 : 502, timeout ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR', message, stale)
	}

	const handlePlayerData: PlayerDataCore = (method, query, clientId) =>
		api.serve({ method, path: PLAYER_DATA_PATH, query, clientId, header: () => undefined })
	return Object.assign(handlePlayerData, {
		endpoint: playerDataEndpoint,
		fetchFresh: (player: PlayerName, options: Omit<FetchOptions, 'force'> = {}) => lookup(player, true, { ...options, force: true }),
		recordedLookup: (player: PlayerName, clientId: string) => lookup(player, true, { requestedBy: clientId, awaitRecording: true }),
		/** Counts a request against the lookup's per-client limit (the history API shares it). */
		hitLimit: async (clientId: string) => (await limiter?.hit(clientId)) ?? { allowed: true as const },
	})
}

type FetchOptions = {
	/** Skip the cache and ask upstream now; the recording is awaited. */
	force?: boolean
	/** The upstream gate's priority of this fetch's calls (default: someone is waiting). */
	priority?: UpstreamPriority
	/** The client whose request this is (none for background work): the tracker counts who starts tracking whom. */
	requestedBy?: string | undefined
	/** Wait for the tracker's recording (always with `force`). */
	awaitRecording?: boolean
}

function firstStaleError(parts: Array<CacheHit<unknown> | undefined>): unknown {
	for (const part of parts) if (part?.stale) return part.error
	return undefined
}

/** The lookup's errors (`playerDataErrorBodySchema`), with the last good answer when there is one. */
function errorResponse(status: number, code: PlayerDataErrorCode, message: string, data?: PlayerData): PlayerDataAnswer {
	return apiError(status, code, message, { extra: { data } })
}

/** Logs each failed upstream call once (not once per waiting request: the cache shares calls). */
function withFailureLog(client: UpstreamClient, log: (line: string) => void): UpstreamClient {
	const logged =
		<A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
		async (...args: A) => {
			try {
				return await call(...args)
			} catch (error) {
				log(`player-data: upstream ${error instanceof Error ? error.message : String(error)}`)
				throw error
			}
		}
	return {
		profile: logged(client.profile),
		quests: logged(client.quests),
		hiscores: logged(client.hiscores),
		xpMonthly: logged(client.xpMonthly),
	}
}
