import type { ReactNode } from 'react'
import { formatDate, formatMonth } from '#app/lib/format-date.ts'
import type { GameUpdateProps } from './game-update.schema.ts'
import { sourceLabel } from '#app/lib/content/source-label.ts'

/** One dated game update: the date (a day, or a month when that is all the sources give), the author's title and text, and the pages that date it. */
export default function GameUpdate({ date, sources, children }: GameUpdateProps & { children?: ReactNode }) {
	return (
		<article data-update-date={date} className="my-6 border-l-4 border-accent/60 pl-4">
			<p className="not-prose text-sm font-semibold text-muted">
				<time dateTime={date}>{date.length === 7 ? formatMonth(date) : formatDate(date)}</time>
			</p>
			<div className="[&>h3]:mt-1">{children}</div>
			<p className="not-prose mt-2 text-xs text-muted">
				{sources.length === 1 ? 'Source: ' : 'Sources: '}
				{sources.map((url, i) => (
					<span key={url}>
						{i > 0 ? ', ' : null}
						<a href={url} target="_blank" rel="noopener noreferrer" className="text-link underline underline-offset-2">
							{sourceLabel(url)}
						</a>
					</span>
				))}
			</p>
		</article>
	)
}
