import { Link } from 'react-router'
import { useLastRead } from './last-read-store.ts'

const CARD = 'flex h-28 md:h-auto flex-col justify-center rounded-xl border border-line bg-raised p-4 hover:border-accent'

/**
 * "Continue reading": the last guide page opened in this browser. The server and a first-time
 * reader get a way in instead, in a card of the same size, so the swap moves nothing.
 */
export function ContinueReadingCard() {
	const last = useLastRead()
	if (!last) {
		return (
			<Link to="/setup" className={CARD} data-card="start-reading">
				<span className="text-xs font-semibold tracking-widest text-muted uppercase">New here?</span>
				<span className="mt-1 line-clamp-1 font-bold">Start with Setup</span>
				<span className="line-clamp-1 text-sm text-muted">Install the game and set it up.</span>
			</Link>
		)
	}
	return (
		<Link to={last.path} className={CARD} data-card="continue-reading">
			<span className="text-xs font-semibold tracking-widest text-muted uppercase">Continue reading</span>
			<span className="mt-1 line-clamp-1 font-bold">{last.title}</span>
			<span className="line-clamp-1 text-sm text-muted">{last.path}</span>
		</Link>
	)
}
