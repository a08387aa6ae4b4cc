import { Link } from 'react-router'
import { formatDate, formatMonth } from '#app/lib/format-date.ts'

/**
 * Under a guide's title when a game update touched what the page covers after it was last
 * verified (computed at build time, `app/lib/game-facts/stale.ts`): names the update and its date.
 */
export function StaleNotice({ updates }: { updates: { title: string; date: string }[] }) {
	if (updates.length === 0) return null
	const when = (date: string) => (date.length === 7 ? formatMonth(date) : formatDate(date))
	return (
		<p role="note" data-stale-notice="" className="mt-3 max-w-3xl rounded-md border-l-4 border-warn bg-raised px-3 py-2 text-sm">
			<strong>This page may be out of date.</strong> Since it was last checked,{' '}
			{updates.map((update, i) => (
				<span key={`${update.date} ${update.title}`}>
					{i > 0 ? (i === updates.length - 1 ? ' and ' : ', ') : null}
					<Link to="/guides/whats-changed" prefetch="intent" className="font-medium text-link underline underline-offset-2">
						{update.title}
					</Link>{' '}
					(<time dateTime={update.date}>{when(update.date)}</time>)
				</span>
			))}{' '}
			changed what it covers.
		</p>
	)
}
