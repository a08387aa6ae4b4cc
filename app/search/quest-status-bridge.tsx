import { useEffect, useMemo, useState } from 'react'
import PlayerSnapshotBridge, { type PlayerState } from '#app/player/player-snapshot.tsx'
import type { QuestCatalogueEntry } from '#app/quests/artifacts.ts'
import { createQuestIndex } from '#app/quests/names.ts'
import { questStatus, STATUS_LABELS, toPlayerProgress } from '#app/quests/progress.ts'
import type { QuestStatusLabels } from './search-results.tsx'

// The catalogue (every quest's prerequisites, levels and quest points) loads only for a loaded player.
let cataloguePromise: Promise<QuestCatalogueEntry[]> | undefined
function loadCatalogue() {
	cataloguePromise ??= import('#app/generated/quests/catalogue.json').then((m) => m.default as QuestCatalogueEntry[])
	return cataloguePromise
}

/**
 * Reports the looked-up player's status for every quest (done / can start / locked). Loaded
 * lazily by the results once they show a quest, so the player code stays out of the search chunk.
 */
export default function QuestStatusBridge({ onChange }: { onChange: (statuses: QuestStatusLabels | undefined) => void }) {
	const [player, setPlayer] = useState<PlayerState>()
	const [catalogue, setCatalogue] = useState<QuestCatalogueEntry[]>()
	const snapshot = player?.snapshot
	useEffect(() => {
		if (!snapshot || catalogue) return
		loadCatalogue().then(setCatalogue, () => {
			cataloguePromise = undefined
		})
	}, [snapshot, catalogue])
	const statuses = useMemo(() => {
		if (!snapshot || !catalogue) return undefined
		const index = createQuestIndex(catalogue)
		const points = Object.fromEntries(catalogue.filter((q) => q.questPoints > 0).map((q) => [q.name, q.questPoints]))
		const progress = toPlayerProgress(snapshot, (title) => index.find(title)?.name, points)
		const labels: QuestStatusLabels = {}
		for (const quest of catalogue) {
			const status = questStatus(quest, progress)
			labels[quest.name] = { status, label: STATUS_LABELS[status] }
		}
		return labels
	}, [snapshot, catalogue])
	useEffect(() => onChange(statuses), [statuses, onChange])
	return <PlayerSnapshotBridge onChange={setPlayer} />
}
