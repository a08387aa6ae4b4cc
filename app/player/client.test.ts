import { expect, test } from 'vitest'
import {
	ERROR_LOADING_PROFILE,
	fetchPlayerData,
	parsePlayerData,
	PlayerLookupError,
	playerDataUrl,
	playerQueryKey,
	shouldRetryPlayerLookup,
	USER_NOT_FOUND,
} from './client.ts'
import { type PlayerData, playerDataSchema } from './types.ts'
import { normalisePlayerName } from './username.ts'

const ZEZIMA: PlayerData = {
	name: 'Zezima Jr',
	quests: [
		{ title: "Cook's Assistant", status: 'COMPLETED' },
		{ title: "'Phite Club", status: 'STARTED' },
	],
	skillvalues: [
		{ id: 0, level: 88, xp: 4441652 },
		{ id: 15, level: 71, xp: 816584 },
	],
	source: 'runemetrics',
	fetchedAt: '2026-11-20T10:00:00.000Z',
}

/** A fake `fetch` that answers from a list and records the URLs asked for. */
function fakeFetch(...answers: Array<Response | Error>) {
	const urls: string[] = []
	const fetcher = (async (input: RequestInfo | URL) => {
		urls.push(String(input))
		const answer = answers[Math.min(urls.length - 1, answers.length - 1)]
		if (answer instanceof Error) throw answer
		return answer!.clone()
	}) as typeof fetch
	return { fetcher, urls }
}

const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function lookupError(response: Response | Error): Promise<PlayerLookupError> {
	const error = await fetchPlayerData('Zezima Jr', fakeFetch(response).fetcher).catch((e: unknown) => e)
	expect(error).toBeInstanceOf(PlayerLookupError)
	return error as PlayerLookupError
}

test('asks the API for the trimmed name with quests', async () => {
	const { fetcher, urls } = fakeFetch(json(200, ZEZIMA))
	expect(await fetchPlayerData('  Zezima Jr ', fetcher)).toEqual(ZEZIMA)
	expect(urls).toEqual(['/api/v1/player-data?username=Zezima%20Jr&quests=true'])
	expect(playerDataUrl('a&b')).toBe('/api/v1/player-data?username=a%26b&quests=true')
})

test('404 and 304 are "User not found", not retried', async () => {
	const notFound = { error: { code: 'USER_NOT_FOUND', message: 'User not found: …' } }
	for (const response of [json(404, notFound), new Response(null, { status: 304 })]) {
		const error = await lookupError(response)
		expect(error.message).toBe(USER_NOT_FOUND)
		expect(error.retry).toBe(false)
	}
})

test('other failures say "Failed to fetch player data: {status}"; only 5xx are retried', async () => {
	const upstream = { error: { code: 'UPSTREAM_ERROR', message: 'RuneMetrics is not answering' } }
	const e502 = await lookupError(json(502, upstream))
	expect(e502.message).toBe('Failed to fetch player data: 502')
	expect(e502.retry).toBe(true)
	const e504 = await lookupError(json(504, upstream))
	expect(e504.message).toBe('Failed to fetch player data: 504')
	const e429 = await lookupError(json(429, { error: { code: 'RATE_LIMITED', message: 'Slow down' } }))
	expect(e429.message).toBe('Failed to fetch player data: 429')
	expect(e429.retry).toBe(false)
	const e400 = await lookupError(json(400, { error: { code: 'INVALID_USERNAME', message: 'Bad' } }))
	expect(e400.message).toBe('Failed to fetch player data: 400')
	expect(e400.retry).toBe(false)
})

test('a NO_PROFILE answer is "Error loading profile", not retried', async () => {
	const error = await lookupError(json(200, { ...ZEZIMA, quests: [], source: 'hiscores', error: 'NO_PROFILE' }))
	expect(error.message).toBe(ERROR_LOADING_PROFILE)
	expect(error.retry).toBe(false)
})

test('a private profile is data, not an error', async () => {
	const privateData = { ...ZEZIMA, quests: [], source: 'hiscores', error: 'PROFILE_PRIVATE' }
	const data = await fetchPlayerData('Private Pat', fakeFetch(json(200, privateData)).fetcher)
	expect(data.error).toBe('PROFILE_PRIVATE')
})

test('network failures and unreadable answers are retried', async () => {
	const network = await lookupError(new TypeError('fetch failed'))
	expect(network.message).toBe('Failed to fetch player data: network error')
	expect(network.retry).toBe(true)
	const html = await lookupError(new Response('<html>maintenance</html>', { status: 200 }))
	expect(html.message).toBe('Failed to fetch player data: unreadable answer')
	expect(html.retry).toBe(true)
	const wrongShape = await lookupError(json(200, { name: 'x' }))
	expect(wrongShape.retry).toBe(true)
})

test('retries at most twice, and never the errors that would repeat', () => {
	const outage = new PlayerLookupError('Failed to fetch player data: 502', true)
	expect(shouldRetryPlayerLookup(0, outage)).toBe(true)
	expect(shouldRetryPlayerLookup(1, outage)).toBe(true)
	expect(shouldRetryPlayerLookup(2, outage)).toBe(false)
	expect(shouldRetryPlayerLookup(0, new PlayerLookupError(USER_NOT_FOUND, false))).toBe(false)
	expect(shouldRetryPlayerLookup(0, new PlayerLookupError(ERROR_LOADING_PROFILE, false))).toBe(false)
	expect(shouldRetryPlayerLookup(0, new Error('anything else'))).toBe(true)
})

test('the query key folds names as the server does', () => {
	for (const name of ['Zezima Jr', ' ZEZIMA_JR ', 'zezima-jr', 'A_b c']) {
		expect(playerQueryKey(name)).toEqual(['player-data', normalisePlayerName(name).key])
	}
	expect(playerQueryKey('Zezima_Jr')).toEqual(playerQueryKey('zezima jr'))
})

test('parsePlayerData agrees with the server schema', () => {
	const cases: unknown[] = [
		ZEZIMA,
		{ ...ZEZIMA, error: 'PROFILE_PRIVATE', source: 'hiscores', quests: [], skillvalues: [] },
		{ ...ZEZIMA, stale: true },
		// Each of these breaks one rule.
		{ ...ZEZIMA, name: 12 },
		{ ...ZEZIMA, quests: [{ title: 'X', status: 'DONE' }] },
		{ ...ZEZIMA, quests: 'none' },
		{ ...ZEZIMA, skillvalues: [{ id: 29, level: 1, xp: 0 }] },
		{ ...ZEZIMA, skillvalues: [{ id: 0, level: 0, xp: 0 }] },
		{ ...ZEZIMA, skillvalues: [{ id: 0, level: 5, xp: 1.5 }] },
		{ ...ZEZIMA, error: 'BANNED' },
		{ ...ZEZIMA, source: 'wiki' },
		{ ...ZEZIMA, fetchedAt: 'yesterday' },
		{ ...ZEZIMA, stale: false },
		null,
		'text',
		{ error: { code: 'USER_NOT_FOUND', message: 'x' } },
	]
	for (const body of cases) {
		const expected = playerDataSchema.safeParse(body).success
		expect(parsePlayerData(body) !== undefined, JSON.stringify(body)).toBe(expected)
	}
})
