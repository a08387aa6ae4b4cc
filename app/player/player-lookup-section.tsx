import { lazy, memo, Suspense } from 'react'

// The same lazy chunk as the `::player-lookup` widget in guides.
const PlayerLookupWidget = lazy(() => import('./player-lookup.tsx'))

/**
 * The username box at the top of the quest pages; its code loads after the page. Memoised: a
 * parent re-render while the chunk is still loading would make React swap the server HTML for
 * the empty fallback and back (a 150 px layout shift on /quests).
 */
export const PlayerLookupSection = memo(function PlayerLookupSection() {
	return (
		<div className="mt-6" data-page-lookup="">
			<Suspense fallback={null}>
				<PlayerLookupWidget />
			</Suspense>
		</div>
	)
})
