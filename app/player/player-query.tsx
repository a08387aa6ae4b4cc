import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import {
	fetchPlayerData,
	PLAYER_DATA_FRESH_MS,
	PLAYER_DATA_KEEP_MS,
	playerQueryKey,
	shouldRetryPlayerLookup,
} from './client.ts'
import type { PlayerData } from './types.ts'

/**
 * The TanStack Query side of `PlayerDataProvider`, in its own chunk: it loads only once the
 * reader has a name to look up, so a first visit to a page with skill badges does not pay for it.
 */

/** Fresh for 10 minutes, kept 30, two retries except for answers that would repeat. */
export function createPlayerQueryClient(): QueryClient {
	return new QueryClient({
		defaultOptions: {
			queries: {
				staleTime: PLAYER_DATA_FRESH_MS,
				gcTime: PLAYER_DATA_KEEP_MS,
				retry: shouldRetryPlayerLookup,
				refetchOnWindowFocus: false,
			},
		},
	})
}

let browserClient: QueryClient | undefined

// One client per page, so every provider shares one cache (and one request per name).
function getQueryClient(): QueryClient {
	if (typeof document === 'undefined') return createPlayerQueryClient()
	browserClient ??= createPlayerQueryClient()
	return browserClient
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

/** Runs the lookup for `username` and reports every change of its state. Renders nothing. */
export default function PlayerQueryBridge(props: PlayerQueryBridgeProps) {
	const [client] = useState(getQueryClient)
	return (
		<QueryClientProvider client={client}>
			<PlayerQuery {...props} />
		</QueryClientProvider>
	)
}

function PlayerQuery({ username, onResult }: PlayerQueryBridgeProps) {
	const queryKey = playerQueryKey(username)
	const { data, error, isFetching, refetch } = useQuery({
		queryKey,
		queryFn: () => fetchPlayerData(username),
	})
	const key = queryKey[1]
	useEffect(() => {
		onResult({ key, data, error, isFetching, refetch: () => void refetch() })
	}, [key, data, error, isFetching, refetch, onResult])
	return null
}
