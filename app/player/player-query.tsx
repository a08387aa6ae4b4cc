import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { queryClient } from '#app/lib/query-client.ts'
import { fetchPlayerData, PLAYER_DATA_FRESH_MS, PLAYER_DATA_KEEP_MS, playerQueryKey, shouldRetryPlayerLookup } from './client.ts'
import type { PlayerData } from './types.ts'

/**
 * The TanStack Query side of `PlayerDataProvider`, in its own chunk: it loads only once the
 * reader has a name to look up, so a first visit to a page with skill badges does not pay for it.
 */

/** `GET /api/v1/player-data`: fresh for 10 minutes, kept 30, two retries except for answers that would repeat. */
export function playerDataQuery(username: string) {
	return queryOptions({
		queryKey: playerQueryKey(username),
		queryFn: () => fetchPlayerData(username),
		staleTime: PLAYER_DATA_FRESH_MS,
		gcTime: PLAYER_DATA_KEEP_MS,
		retry: (failureCount: number, error: Error) => shouldRetryPlayerLookup(failureCount, error),
	})
}

export type PlayerQueryResult = {
	/** The query key's name part: results for another name are ignored by the provider. */
	key: string
	data: PlayerData | undefined
	error: Error | null
	isFetching: boolean
	refetch: () => void
}

export type PlayerQueryBridgeProps = {
	username: string
	onResult: (result: PlayerQueryResult) => void
}

/** Runs the lookup for `username` (on the page's one query client) and reports every change of its state. Renders nothing. */
export default function PlayerQueryBridge({ username, onResult }: PlayerQueryBridgeProps) {
	const query = playerDataQuery(username)
	const { data, error, isFetching, refetch } = useQuery(query, queryClient())
	const key = query.queryKey[1]
	useEffect(() => {
		onResult({ key, data, error, isFetching, refetch: () => void refetch() })
	}, [key, data, error, isFetching, refetch, onResult])
	return null
}
