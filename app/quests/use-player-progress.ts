import { useMemo, useState } from 'react'
import type { PlayerState } from '#app/player/player-snapshot.tsx'
import { useIronman } from '#app/components/settings/reader-settings.ts'
import {
	applyCatalogueQuery,
	type CatalogueQuery,
	type QuestListEntry,
	type QuestStatus,
	STATUS_FILTERS,
	type StatusFilter,
} from '#app/quests/catalogue-query.ts'
import { createQuestIndex } from '#app/quests/names.ts'
import { questStatus, toPlayerProgress } from '#app/quests/progress.ts'

/** The looked-up player (reported by the snapshot bridge) and each quest's status for them. */
export function usePlayerProgress(quests: readonly QuestListEntry[]) {
	const [player, setPlayer] = useState<PlayerState>()
	const index = useMemo(() => createQuestIndex(quests), [quests])
	const points = useMemo(() => Object.fromEntries(quests.filter((q) => q.questPoints > 0).map((q) => [q.name, q.questPoints])), [quests])
	const [ironman] = useIronman()
	const statuses = useMemo(() => {
		if (!player?.snapshot) return undefined
		const progress = toPlayerProgress(player.snapshot, (t) => index.find(t)?.name, points, {
			ironman,
		})
		return new Map<string, QuestStatus>(quests.map((q) => [q.name, questStatus(q, progress)]))
	}, [player, index, points, quests, ironman])
	return { player, setPlayer, statuses }
}

/** The quests the query shows and, with a player, how many each status filter would show. */
export function useCatalogueResults(quests: QuestListEntry[], query: CatalogueQuery, statuses: Map<string, QuestStatus> | undefined) {
	const statusOf = useMemo(() => (statuses ? (e: QuestListEntry) => statuses.get(e.name) ?? 'locked' : undefined), [statuses])
	const shown = useMemo(() => applyCatalogueQuery(quests, query, statusOf), [quests, query, statusOf])
	const counts = useMemo(() => {
		if (!statuses) return undefined
		const all = applyCatalogueQuery(quests, { ...query, status: undefined }, statusOf)
		const count = (s: StatusFilter) => applyCatalogueQuery(all, { q: '', status: s }, statusOf).length
		return Object.fromEntries(STATUS_FILTERS.map((s) => [s, count(s)])) as Record<StatusFilter, number>
	}, [quests, query, statuses, statusOf])
	return { shown, counts }
}
