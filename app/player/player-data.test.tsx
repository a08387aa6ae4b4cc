import { QueryClient } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
import { fetchPlayerData, PLAYER_DATA_FRESH_MS, PLAYER_DATA_KEEP_MS } from './client.ts'
import { PlayerDataProvider, type PlayerDataValue, usePlayerData } from './player-data.tsx'
import { playerDataQuery } from './player-query.tsx'

function Probe() {
	const player = usePlayerData()
	return <span>{player.status}</span>
}

test('usePlayerData outside a provider throws a clear error', () => {
	expect(() => renderToStaticMarkup(<Probe />)).toThrow('usePlayerData must be used within a PlayerDataProvider')
})

test('inside a provider the server renders the idle state (the name is only known in the browser)', () => {
	const page = serverHtml(
		<PlayerDataProvider>
			<Probe />
		</PlayerDataProvider>,
	)
	expect(page.container.textContent).toBe('idle')
})

test('a page may choose the name: it is looked up instead of the stored one, and changes go to the page', () => {
	const changes: string[] = []
	let seen: PlayerDataValue | undefined
	function Capture() {
		seen = usePlayerData()
		return null
	}
	renderToStaticMarkup(
		<PlayerDataProvider username="Friend" onUsernameChange={(name) => changes.push(name)}>
			<Capture />
		</PlayerDataProvider>,
	)
	expect(seen?.username).toBe('Friend')
	expect(seen?.status).toBe('loading')
	seen!.setUsername('Me')
	expect(changes).toEqual(['Me'])
})

test('answers stay fresh 10 minutes and are kept 30', () => {
	const queries = playerDataQuery('Zezima')
	expect(queries.staleTime).toBe(PLAYER_DATA_FRESH_MS)
	expect(PLAYER_DATA_FRESH_MS).toBe(10 * 60_000)
	expect(queries.gcTime).toBe(PLAYER_DATA_KEEP_MS)
	expect(PLAYER_DATA_KEEP_MS).toBe(30 * 60_000)
})

/** Runs one lookup with the lookup's query options against a fake `fetch`. */
async function attempts(status: number, body: unknown) {
	let calls = 0
	const fetcher = (async () => {
		calls++
		return new Response(JSON.stringify(body), { status })
	}) as typeof fetch
	const client = new QueryClient()
	const result = await client
		.fetchQuery({ ...playerDataQuery('Test'), queryFn: () => fetchPlayerData('Test', fetcher), retryDelay: 0 })
		.then(
			() => 'ok',
			(error: Error) => error.message,
		)
	client.clear()
	return { calls, result }
}

test('a 502 is tried three times (two retries), then reported', async () => {
	expect(await attempts(502, { error: { code: 'UPSTREAM_ERROR', message: 'down' } })).toEqual({
		calls: 3,
		result: 'Failed to fetch player data: 502',
	})
})

test('"User not found" and "Error loading profile" are not retried', async () => {
	expect(await attempts(404, { error: { code: 'USER_NOT_FOUND', message: 'x' } })).toEqual({
		calls: 1,
		result: 'User not found',
	})
	const noProfile = {
		name: 'Hiscore Hal',
		quests: [],
		skillvalues: [],
		error: 'NO_PROFILE',
		source: 'hiscores',
		fetchedAt: '2026-11-20T10:00:00.000Z',
	}
	expect(await attempts(200, noProfile)).toEqual({ calls: 1, result: 'Error loading profile' })
})
