import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react'
import {
	fetchPlayerData,
	PLAYER_DATA_FRESH_MS,
	PLAYER_DATA_KEEP_MS,
	playerQueryKey,
	shouldRetryPlayerLookup,
} from '#app/lib/player/client.ts'
import { type PlayerState, playerState } from '#app/lib/player/player-state.ts'
import { setPlayerUsername, useStoredUsername } from './username-store.ts'

export { fetchPlayerData, PlayerLookupError } from '#app/lib/player/client.ts'
export type { PlayerStatus } from '#app/lib/player/player-state.ts'
export { setPlayerUsername } from './username-store.ts'

export type PlayerDataValue = PlayerState & {
	/** Looks another name up (trimmed; blank forgets the name). Every widget on the page follows. */
	setUsername: (name: string) => void
	/** True while a request is in flight, including retries and background refreshes. */
	isFetching: boolean
	refetch: () => void
}

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

// One client per page, so every provider shares one cache; on the server one per render (nothing
// is fetched there: the name is only known in the browser).
function getQueryClient(): QueryClient {
	if (typeof document === 'undefined') return createPlayerQueryClient()
	browserClient ??= createPlayerQueryClient()
	return browserClient
}

const PlayerDataContext = createContext<PlayerDataValue | null>(null)

function PlayerDataState({ children }: { children: ReactNode }) {
	const username = useStoredUsername()
	const query = useQuery({
		queryKey: playerQueryKey(username),
		queryFn: () => fetchPlayerData(username),
		enabled: username.length > 0,
	})
	const { data, error, isFetching, refetch } = query
	const value = useMemo<PlayerDataValue>(
		() => ({
			...playerState(username, data, error),
			setUsername: setPlayerUsername,
			isFetching,
			refetch: () => void refetch(),
		}),
		[username, data, error, isFetching, refetch],
	)
	return <PlayerDataContext.Provider value={value}>{children}</PlayerDataContext.Provider>
}

/**
 * Player data for everything inside. Each player-aware widget wraps itself in one (so pages
 * without such widgets never load TanStack Query); all providers share one cache and one name.
 */
export function PlayerDataProvider({ children }: { children: ReactNode }) {
	const [client] = useState(getQueryClient)
	return (
		<QueryClientProvider client={client}>
			<PlayerDataState>{children}</PlayerDataState>
		</QueryClientProvider>
	)
}

export function usePlayerData(): PlayerDataValue {
	const value = useContext(PlayerDataContext)
	if (!value) throw new Error('usePlayerData must be used within a PlayerDataProvider')
	return value
}
