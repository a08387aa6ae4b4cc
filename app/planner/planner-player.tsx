import { useEffect, useMemo } from 'react'
import { PlayerDataProvider, type PlayerStatus, usePlayerData } from '#app/player/player-data.tsx'
import { PlayerLookup } from '#app/player/player-lookup.tsx'
import type { PlayerData } from '#app/player/types.ts'

/** What the planner page needs from the lookup. */
export type PlannerPlayerState = {
	status: PlayerStatus
	/** The name looked up ('' for none). */
	username: string
	data?: PlayerData
	error?: string
	isFetching: boolean
	refetch: () => void
}

function Report({ onChange }: { onChange: (state: PlannerPlayerState) => void }) {
	const { status, username, data, error, isFetching, refetch } = usePlayerData()
	const state = useMemo<PlannerPlayerState>(
		() => ({ status, username, data, error, isFetching, refetch }),
		[status, username, data, error, isFetching, refetch],
	)
	useEffect(() => onChange(state), [state, onChange])
	return null
}

/**
 * The planner's name box and the lookup behind it, for the name the page chose (its URL's, or
 * the reader's own). Loaded lazily, so TanStack Query and the lookup code stay out of the page's
 * own bundle; it reports every change to the page.
 */
export default function PlannerPlayer({
	name,
	onNameChange,
	onChange,
}: {
	name: string
	onNameChange: (name: string) => void
	onChange: (state: PlannerPlayerState) => void
}) {
	return (
		<PlayerDataProvider username={name} onUsernameChange={onNameChange}>
			<Report onChange={onChange} />
			<PlayerLookup showQuests={false} />
		</PlayerDataProvider>
	)
}
