import { useEffect, useMemo } from 'react'
import { PlayerDataProvider, type PlayerStatus, usePlayerData } from './player-data.tsx'
import type { PlayerSnapshot } from '#app/quests/progress.ts'
import { SKILL_NAMES } from '#app/lib/skills.ts'

export type PlayerState = {
	status: PlayerStatus
	username: string
	/** The player's display name, once loaded. */
	name?: string
	error?: string
	snapshot?: PlayerSnapshot
}

function Report({ onChange }: { onChange: (state: PlayerState) => void }) {
	const player = usePlayerData()
	const state = useMemo<PlayerState>(() => {
		const { status, username, data, error } = player
		if (status !== 'loaded' || !data) return { status, username, error }
		return {
			status,
			username,
			name: data.name,
			snapshot: {
				completedTitles: data.quests.filter((q) => q.status === 'COMPLETED').map((q) => q.title),
				startedTitles: data.quests.filter((q) => q.status === 'STARTED').map((q) => q.title),
				levels: Object.fromEntries(SKILL_NAMES.map((skill) => [skill, player.levelOf(skill)])),
			},
		}
	}, [player])
	useEffect(() => onChange(state), [state, onChange])
	return null
}

/**
 * Reports the loaded player to a page that is not wrapped in the player data provider. Loaded
 * lazily, so the player-data code (TanStack Query, the schema) stays out of the page's own bundle.
 */
export default function PlayerSnapshotBridge({ onChange }: { onChange: (state: PlayerState) => void }) {
	return (
		<PlayerDataProvider>
			<Report onChange={onChange} />
		</PlayerDataProvider>
	)
}
