import { type ComponentType, Suspense } from 'react'
import { widgetComponents } from '#app/widgets/components.ts'

// The same lazy chunk as the `::player-lookup` widget in guides.
const PlayerLookupWidget = widgetComponents['player-lookup'] as ComponentType

/** The username box at the top of the quest pages; its code loads after the page. */
export function PlayerLookupSection() {
	return (
		<div className="mt-6">
			<Suspense fallback={null}>
				<PlayerLookupWidget />
			</Suspense>
		</div>
	)
}
