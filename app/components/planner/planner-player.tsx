import { useEffect, useMemo, useState } from 'react'
import {
	PlayerDataProvider,
	type PlayerStatus,
	setPlayerUsername,
	usePlayerData,
} from '#app/player/player-data.tsx'
import type { PlayerData } from '#app/player/types.ts'
import { PlayerLookup } from '#app/player/player-lookup.tsx'

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

function Report({ name, onChange }: { name: string | undefined; onChange: (state: PlannerPlayerState) => void }) {
	const { status, username, data, error, isFetching, refetch } = usePlayerData()
	// A name from a shared link becomes the name looked up; until it has, nothing is reported
	// (the page would take the previous name for the reader's choice).
	const [following, setFollowing] = useState(Boolean(name && name !== username))
	useEffect(() => {
		if (name && name !== username) {
			setFollowing(true)
			setPlayerUsername(name)
		}
		// Only when the link's name changes: the reader may look another name up afterwards.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [name])
	if (following && name === username) setFollowing(false)
	const state = useMemo<PlannerPlayerState>(
		() => ({ status, username, data, error, isFetching, refetch }),
		[status, username, data, error, isFetching, refetch],
	)
	useEffect(() => {
		if (!following) onChange(state)
	}, [following, state, onChange])
	return null
}

/**
 * The name box of the planner and the lookup behind it. Loaded lazily, so TanStack Query and
 * the lookup code stay out of the page's own bundle; it reports every change to the page.
 */
export default function PlannerPlayer({
	name,
	onChange,
}: {
	/** The name from the page's URL (`player=`), if any. */
	name: string | undefined
	onChange: (state: PlannerPlayerState) => void
}) {
	return (
		<PlayerDataProvider>
			<Report name={name} onChange={onChange} />
			<PlayerLookup showQuests={false} />
		</PlayerDataProvider>
	)
}
