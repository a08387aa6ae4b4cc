import { lazy, Suspense } from 'react'

// The same lazy chunk as the `::player-lookup` widget in guides.
const PlayerLookupWidget = lazy(() => import('./player-lookup.tsx'))

/** The username box at the top of the quest pages; its code loads after the page. */
export function PlayerLookupSection() {
	return (
		<div className="mt-6" data-page-lookup="">
			<Suspense fallback={null}>
				<PlayerLookupWidget />
			</Suspense>
		</div>
	)
}
