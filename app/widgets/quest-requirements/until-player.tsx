import { type ReactNode, Suspense, use } from 'react'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { readStoredUsername, subscribeUsername } from '#app/player/username-store.ts'

let named: Promise<void> | undefined

/** Settles once the reader has a player name (stored, or typed in any lookup on the page). */
function whenNamed(): Promise<void> {
	named ??= new Promise<void>((resolve) => {
		if (readStoredUsername()) return resolve()
		const stop = subscribeUsername(() => {
			if (!readStoredUsername()) return
			stop()
			resolve()
		})
	})
	return named
}

function Gate({ children }: { children: ReactNode }) {
	const hydrated = useHydrated()
	if (typeof document !== 'undefined' && !hydrated) use(whenNamed())
	return children
}

/**
 * Markup that only a player's data changes (a requirement panel's quest list): without a player
 * name, hydrating it is work for nothing, so while the page hydrates its server HTML stays as it
 * is, not hydrated, until a name is looked up; React then hydrates it in place. Its links still
 * work meanwhile: React stops their clicks, so `<GuideBody>` routes them first (`data-until-player`);
 * anywhere else they are plain links.
 * Rendered in the browser after hydration (a client-side navigation), it renders at once.
 */
export function UntilPlayer({ children }: { children: ReactNode }) {
	return (
		<Suspense fallback={null}>
			{/* Tells <GuideBody> to route these links itself: React holds back their events meanwhile. */}
			<div data-until-player="">
				<Gate>{children}</Gate>
			</div>
		</Suspense>
	)
}
