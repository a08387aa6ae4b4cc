import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { useStoredUsername } from '#app/player/username-store.ts'

// The player data code and the quest catalogue load only for a reader whose name is known.
const PlayerCardContent = lazy(() => import('./player-card-content.tsx'))

// One height for every state, the server's included (nothing moves when the player loads): room
// for three quests, a two-line nearest unlock, and the links below 360 px, where they wrap.
const PLAYER_CARD = 'flex h-60 min-[360px]:h-56 flex-col rounded-xl border border-line bg-raised p-4 text-sm'

/**
 * "Your next steps" for the reader's account. The name lives in this browser, so the server (and
 * a reader without one) get an invitation; every state fills the same fixed box.
 */
export function PlayerCard() {
	const username = useStoredUsername()
	if (!username) {
		return (
			<section aria-labelledby="player-card-heading" className={PLAYER_CARD} data-card="player-invite">
				<h2 id="player-card-heading" className="text-xs font-semibold tracking-widest text-muted uppercase">
					Your next steps
				</h2>
				<p className="mt-2 text-base font-bold">Which quests can you start today?</p>
				<p className="mt-1 text-muted">Enter your RuneScape name once and every page checks requirements against your levels and quests.</p>
				<Link to="/quests" className="mt-auto font-semibold text-link underline">
					Look up your account
				</Link>
			</section>
		)
	}
	return (
		<Suspense
			fallback={
				<section aria-label="Your next steps" aria-busy="true" className={PLAYER_CARD} data-card="player-loading">
					<p className="text-muted">Loading {username}…</p>
				</section>
			}
		>
			<PlayerCardContent className={PLAYER_CARD} />
		</Suspense>
	)
}
