import { SKILLS } from '#app/lib/skills.ts'
import type { PlayerData } from './types.ts'
import { normalisePlayerName } from './username.ts'

/**
 * The browser side of `GET /api/v1/player-data`: the fetch, its error messages and the retry
 * rules. No zod here (see `parsePlayerData`).
 */

export const PLAYER_DATA_FRESH_MS = 10 * 60_000
export const PLAYER_DATA_KEEP_MS = 30 * 60_000
const PLAYER_DATA_RETRIES = 2

export const USER_NOT_FOUND = 'User not found'
export const ERROR_LOADING_PROFILE = 'Error loading profile'

/** A failed lookup. `retry: false` when asking again would get the same answer. */
export class PlayerLookupError extends Error {
	override name = 'PlayerLookupError'
	constructor(
		message: string,
		readonly retry: boolean,
	) {
		super(message)
	}
}

const QUEST_STATUSES: ReadonlySet<unknown> = new Set(['COMPLETED', 'STARTED', 'NOT_STARTED'])
const PROFILE_STATES: ReadonlySet<unknown> = new Set(['NO_PROFILE', 'PROFILE_PRIVATE', 'NOT_A_MEMBER', 'PROFILE_UNAVAILABLE'])
const SOURCES: ReadonlySet<unknown> = new Set(['runemetrics', 'hiscores'])

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null
const isInt = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
	Number.isInteger(value) && (value as number) >= min && (value as number) <= max

/**
 * Checks a 200 answer against `playerDataSchema` (`./types.ts`) by hand: any zod build in the
 * browser would add 13 KB or more (brotli) to every page with a player-aware widget.
 * `client.test.ts` holds it to the zod schema.
 */
export function parsePlayerData(body: unknown): PlayerData | undefined {
	if (!isObject(body)) return undefined
	const { name, quests, skillvalues, error, source, fetchedAt, stale } = body
	const valid =
		typeof name === 'string' &&
		Array.isArray(quests) &&
		quests.every((q) => isObject(q) && typeof q.title === 'string' && QUEST_STATUSES.has(q.status)) &&
		Array.isArray(skillvalues) &&
		skillvalues.every((s) => isObject(s) && isInt(s.id, 0, SKILLS.length - 1) && isInt(s.level, 1) && isInt(s.xp, 0)) &&
		(error === undefined || PROFILE_STATES.has(error)) &&
		SOURCES.has(source) &&
		typeof fetchedAt === 'string' &&
		!Number.isNaN(Date.parse(fetchedAt)) &&
		(stale === undefined || stale === true)
	return valid ? (body as PlayerData) : undefined
}

/** The query key of a name: the server's cache key for it (case, `_`, `-` and spacing do not matter). */
export function playerQueryKey(username: string): readonly ['player-data', string] {
	return ['player-data', normalisePlayerName(username).key]
}

export function playerDataUrl(username: string): string {
	return `/api/v1/player-data?username=${encodeURIComponent(username.trim())}&quests=true`
}

/**
 * Looks a player up. Rejects with a `PlayerLookupError`:
 * - 304 or 404: 'User not found' (no retry);
 * - any other failure status: 'Failed to fetch player data: {status}' (retried when 5xx);
 * - a RuneMetrics NO_PROFILE answer: 'Error loading profile' (no retry).
 */
export async function fetchPlayerData(username: string, fetcher: typeof fetch = fetch): Promise<PlayerData> {
	let response: Response
	try {
		response = await fetcher(playerDataUrl(username), { headers: { Accept: 'application/json' } })
	} catch {
		throw new PlayerLookupError('Failed to fetch player data: network error', true)
	}
	if (response.status === 304 || response.status === 404) {
		throw new PlayerLookupError(USER_NOT_FOUND, false)
	}
	if (!response.ok) {
		// A 4xx (bad name, rate limit) would fail the same way at once; 5xx may be a passing outage.
		throw new PlayerLookupError(`Failed to fetch player data: ${response.status}`, response.status >= 500)
	}
	const body: unknown = await response.json().catch(() => undefined)
	const data = parsePlayerData(body)
	if (!data) throw new PlayerLookupError('Failed to fetch player data: unreadable answer', true)
	if (data.error === 'NO_PROFILE') throw new PlayerLookupError(ERROR_LOADING_PROFILE, false)
	return data
}

/** TanStack Query's `retry`: up to 2 retries, none for errors that would repeat. */
export function shouldRetryPlayerLookup(failureCount: number, error: unknown): boolean {
	if (failureCount >= PLAYER_DATA_RETRIES) return false
	return !(error instanceof PlayerLookupError) || error.retry
}
