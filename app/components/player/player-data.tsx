import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react'
import { normaliseQuestName } from '#app/lib/quests/names.ts'
import { type PlayerData, playerDataSchema } from '#app/lib/player/types.ts'
import { usernameKey } from '#app/lib/player/username.ts'
import { SKILLS } from '#app/lib/skills.ts'

/** Errors the lookup must not retry: asking again gives the same answer. */
export class PlayerLookupError extends Error {
	constructor(
		message: string,
		readonly retry: boolean,
	) {
		super(message)
	}
}

const STORAGE_KEY = 'player:username'
const MINUTE = 60_000

export async function fetchPlayerData(username: string, fetcher: typeof fetch = fetch): Promise<PlayerData> {
	const response = await fetcher(`/api/v1/player-data?username=${encodeURIComponent(username)}&quests=true`, {
		headers: { Accept: 'application/json' },
	})
	if (response.status === 304 || response.status === 404) throw new PlayerLookupError('User not found', false)
	if (!response.ok) throw new PlayerLookupError(`Failed to fetch player data: ${response.status}`, response.status !== 400)
	const parsed = playerDataSchema.safeParse(await response.json())
	if (!parsed.success) throw new PlayerLookupError('Failed to fetch player data: unreadable answer', true)
	if (parsed.data.error === 'NO_PROFILE') throw new PlayerLookupError('Error loading profile', false)
	return parsed.data
}

let queryClient: QueryClient | undefined
function getQueryClient() {
	queryClient ??= new QueryClient({
		defaultOptions: {
			queries: {
				staleTime: 10 * MINUTE,
				gcTime: 30 * MINUTE,
				refetchOnWindowFocus: false,
				retry: (failures, error) => failures < 2 && !(error instanceof PlayerLookupError && !error.retry),
			},
		},
	})
	return queryClient
}

// The username is shared by every widget on the page (each may sit in its own provider).
const listeners = new Set<() => void>()
let currentUsername: string | undefined

function readUsername(): string {
	if (currentUsername === undefined) {
		try {
			currentUsername = localStorage.getItem(STORAGE_KEY) ?? ''
		} catch {
			currentUsername = ''
		}
	}
	return currentUsername
}

export function setPlayerUsername(name: string) {
	currentUsername = name.trim()
	try {
		if (currentUsername) localStorage.setItem(STORAGE_KEY, currentUsername)
		else localStorage.removeItem(STORAGE_KEY)
	} catch {
		// Storage blocked: the name lasts for this page.
	}
	for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => listeners.delete(listener)
}

export type PlayerStatus = 'idle' | 'loading' | 'loaded' | 'error'

export type PlayerDataValue = {
	username: string
	setUsername: (name: string) => void
	status: PlayerStatus
	data: PlayerData | undefined
	error: string | undefined
	/** Level per skill name; a skill missing from the data counts as level 1. */
	levelOf: (skill: string) => number
	/** Whether the player has completed a quest (by our name or RuneMetrics' title). */
	hasCompleted: (quest: string) => boolean
	refetch: () => void
}

const PlayerDataContext = createContext<PlayerDataValue | null>(null)

function PlayerDataState({ children }: { children: ReactNode }) {
	const username = useSyncExternalStore(subscribe, readUsername, () => '')
	const query = useQuery({
		queryKey: ['player-data', usernameKey(username)],
		queryFn: () => fetchPlayerData(username),
		enabled: username.length > 0,
	})
	const value = useMemo<PlayerDataValue>(() => {
		const data = query.data
		const levels = new Map<string | undefined, number>(data?.skillvalues.map((s) => [SKILLS[s.id]?.name, s.level]))
		const completed = new Set(
			data?.quests.filter((q) => q.status === 'COMPLETED').map((q) => normaliseQuestName(q.title)),
		)
		const status: PlayerStatus = !username
			? 'idle'
			: query.isPending
				? 'loading'
				: query.isError
					? 'error'
					: 'loaded'
		return {
			username,
			setUsername: setPlayerUsername,
			status,
			data: status === 'loaded' ? data : undefined,
			error: query.error?.message,
			levelOf: (skill) => levels.get(skill.toLowerCase()) ?? 1,
			hasCompleted: (quest) => completed.has(normaliseQuestName(quest)),
			refetch: () => void query.refetch(),
		}
	}, [username, query])
	return <PlayerDataContext.Provider value={value}>{children}</PlayerDataContext.Provider>
}

/** Player data for everything inside. Providers may nest: they share one cache and one username. */
export function PlayerDataProvider({ children }: { children: ReactNode }) {
	return (
		<QueryClientProvider client={getQueryClient()}>
			<PlayerDataState>{children}</PlayerDataState>
		</QueryClientProvider>
	)
}

export function usePlayerData(): PlayerDataValue {
	const value = useContext(PlayerDataContext)
	if (!value) throw new Error('usePlayerData must be used within a PlayerDataProvider')
	return value
}
