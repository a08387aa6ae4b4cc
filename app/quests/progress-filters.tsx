import type { ReactNode } from 'react'
import type { PlayerState } from '#app/player/player-snapshot.tsx'
import { type CatalogueQuery, STATUS_FILTERS, type StatusFilter } from '#app/quests/catalogue-query.ts'

const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
	'can-start': 'Can start now',
	'not-completed': 'Not completed',
	completed: 'Completed',
	locked: 'Locked',
}

/**
 * The status chips once a player is loaded (with how many quests each would show); before that,
 * why a status filter from the URL does nothing yet, or that the player is loading.
 */
export function ProgressFilters({
	query,
	update,
	player,
	counts,
}: {
	query: CatalogueQuery
	update: (q: CatalogueQuery) => void
	player: PlayerState | undefined
	counts: Record<StatusFilter, number> | undefined
}) {
	if (counts) {
		return (
			<div className="mt-4 sm:flex sm:items-center sm:gap-2">
				<p className="mb-2 text-sm text-muted sm:mb-0">
					Progress of <strong className="font-semibold text-fg">{player?.name}</strong>:
				</p>
				{/* Wraps onto a second line on phones: no chip hides off-screen. */}
				<div className="flex flex-wrap gap-2" role="group" aria-label="Your progress" data-status-chips="">
					<FilterChip active={!query.status} onClick={() => update({ ...query, status: undefined })}>
						All
					</FilterChip>
					{STATUS_FILTERS.map((s) => (
						<FilterChip key={s} active={query.status === s} onClick={() => update({ ...query, status: s })}>
							{STATUS_FILTER_LABELS[s]} <span className="opacity-70">({counts[s]})</span>
						</FilterChip>
					))}
				</div>
			</div>
		)
	}
	if (query.status) {
		return (
			<p className="mt-4 text-sm text-muted">
				The “{STATUS_FILTER_LABELS[query.status]}” filter needs your player data: look up your player name to use it.
			</p>
		)
	}
	if (player?.status === 'loading') {
		return <p className="mt-4 text-sm text-muted">Loading {player.username}…</p>
	}
	return null
}

function FilterChip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
	return (
		<button
			type="button"
			aria-pressed={active}
			onClick={onClick}
			className={`shrink-0 rounded-full border px-3 py-1 text-sm font-medium whitespace-nowrap ${
				active ? 'border-accent bg-accent text-accent-fg' : 'border-line bg-raised text-fg hover:border-accent'
			}`}
		>
			{children}
		</button>
	)
}
