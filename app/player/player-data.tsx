import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from 'react'
import { playerQueryKey } from './client.ts'
import { type PlayerState, playerState } from './player-state.ts'
import type { PlayerQueryResult } from './player-query.tsx'
import { setPlayerUsername, useStoredUsername } from './username-store.ts'

export type { PlayerStatus } from './player-state.ts'

// TanStack Query comes with the first name to look up (stored, or typed), not with the page.
const PlayerQueryBridge = lazy(() => import('./player-query.tsx'))

export type PlayerDataValue = PlayerState & {
	/** Looks another name up (trimmed; blank forgets the name). Every widget on the page follows. */
	setUsername: (name: string) => void
	/** True while a request is in flight, including retries and background refreshes. */
	isFetching: boolean
	refetch: () => void
}

const PlayerDataContext = createContext<PlayerDataValue | null>(null)

const noop = () => {}

/**
 * Player data for everything inside. Each player-aware widget wraps itself in one (so pages
 * without such widgets never load TanStack Query); all providers share one query cache and one
 * name, so a lookup in one widget updates every widget on the page.
 *
 * A page may choose the name instead (the planner opened from a shared link): `username` is
 * looked up in place of the reader's stored name, and name changes go to `onUsernameChange`.
 */
export function PlayerDataProvider({
	children,
	username: chosen,
	onUsernameChange,
}: {
	children: ReactNode
	username?: string
	onUsernameChange?: (name: string) => void
}) {
	const stored = useStoredUsername()
	const username = chosen ?? stored
	const [result, setResult] = useState<PlayerQueryResult | undefined>(undefined)
	// A result for another name (the previous one) counts as nothing yet.
	const current = result?.key === playerQueryKey(username)[1] ? result : undefined
	const value = useMemo<PlayerDataValue>(
		() => ({
			...playerState(username, current?.data, current?.error),
			setUsername: onUsernameChange ?? setPlayerUsername,
			isFetching: current?.isFetching ?? username !== '',
			refetch: current?.refetch ?? noop,
		}),
		[username, current, onUsernameChange],
	)
	// The query runs beside the children, not around them: loading it never remounts them.
	return (
		<>
			{username ? (
				<Suspense fallback={null}>
					<PlayerQueryBridge username={username} onResult={setResult} />
				</Suspense>
			) : null}
			<PlayerDataContext.Provider value={value}>{children}</PlayerDataContext.Provider>
		</>
	)
}

export function usePlayerData(): PlayerDataValue {
	const value = useContext(PlayerDataContext)
	if (!value) throw new Error('usePlayerData must be used within a PlayerDataProvider')
	return value
}
