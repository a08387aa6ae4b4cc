import { lazy, memo, Suspense } from 'react'
import { ironmanSetting } from '#app/components/settings/reader-settings.ts'
import { SettingSwitch } from '#app/components/settings/setting-switch.tsx'

// The same lazy chunk as the `::player-lookup` widget in guides.
const PlayerLookupWidget = lazy(() => import('./player-lookup.tsx'))

/**
 * The username box at the top of the quest pages; its code loads after the page. Memoised: a
 * parent re-render while the chunk is still loading would make React swap the server HTML for
 * the empty fallback and back (a 150 px layout shift on /quests). The header's account button
 * leads here on these pages, so a page whose panels show ironman-only levels (`ironmanSwitch`)
 * carries the header popover's ironman switch too.
 */
export const PlayerLookupSection = memo(function PlayerLookupSection({ ironmanSwitch = false }: { ironmanSwitch?: boolean }) {
	return (
		<div className="mt-6" data-page-lookup="">
			<Suspense fallback={null}>
				<PlayerLookupWidget />
			</Suspense>
			{ironmanSwitch ? (
				// js-only: the switch needs JavaScript; its space is kept so nothing moves on hydration.
				<div className="js-only mt-2">
					<SettingSwitch setting={ironmanSetting} label="I play an ironman" />
				</div>
			) : null}
		</div>
	)
})
