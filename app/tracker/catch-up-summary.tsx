import { Link } from 'react-router'
import { formatDate, formatMonth } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import type { CatchUp } from '#app/tracker/catch-up.ts'
import { playerPath } from '#app/lib/player-paths.ts'

/** Where the whole catch-up is: the top of the player page. */
export function catchUpHref(name: string): string {
	return `${playerPath(name)}#catch-up`
}

export function plural(count: number, one: string, many = `${one}s`): string {
	return `${formatNumber(count)} ${count === 1 ? one : many}`
}

/**
 * "Since your last visit on 20 November 2026" (or, with nothing to compare, null); in a narrow box
 * `formatDay` makes it "20 Nov 2026".
 */
export function sinceText(catchUp: CatchUp, formatSince: (day: string) => string = formatDate): string | null {
	return catchUp.since ? `Since your last visit on ${formatSince(catchUp.since)}` : null
}

/** An update's day, or its month when the sources give only that. */
export function updateDate(date: string): string {
	return date.length === 7 ? formatMonth(date) : formatDate(date)
}

/** Whether a catch-up has anything to say (the browser's copy: `catch-up.ts` brings zod). */
export function hasNews(catchUp: CatchUp): boolean {
	return catchUp.xp.gained > 0 || catchUp.quests.length > 0 || catchUp.updates.length > 0 || catchUp.pages.length > 0
}

/**
 * When tracking began after the last visit, the moment XP and quests are counted from (the first
 * snapshot); null when the history covers the whole time since the visit.
 */
export function trackingBeganAfterVisit(catchUp: CatchUp): string | null {
	const from = catchUp.compared.from
	return from && catchUp.since && from.slice(0, 10) > catchUp.since ? from : null
}

/**
 * "+150,000 XP · 1 level · 1 quest": the account's side, in one line. Without XP it says so, but
 * not "No XP gained" for a stretch before tracking began: nobody knows what was gained then.
 */
export function accountLine(catchUp: CatchUp): string {
	const xp =
		catchUp.xp.gained > 0
			? `+${formatNumber(catchUp.xp.gained)} XP`
			: trackingBeganAfterVisit(catchUp)
				? 'No XP since tracking began'
				: 'No XP gained'
	const parts = [xp]
	if (catchUp.xp.levelsGained > 0) parts.push(plural(catchUp.xp.levelsGained, 'level'))
	if (catchUp.quests.length > 0) parts.push(plural(catchUp.quests.length, 'quest'))
	return parts.join(' · ')
}

/**
 * The biggest game update and the first guide page to reread, each a link, with how many more
 * there are: what fits in a fixed box, so nothing below it moves when it fills in.
 */
export function TopChanges({ catchUp, className = '' }: { catchUp: CatchUp; className?: string }) {
	const update = catchUp.updates[0]
	const page = catchUp.pages[0]
	if (!update && !page) return null
	return (
		<ul className={`space-y-0.5 ${className}`} aria-label="Biggest changes on the site">
			{update ? (
				<li className="truncate" data-top-update="">
					<span className="text-muted">{plural(catchUp.updates.length, 'game update')}: </span>
					<Link to={update.href} className="text-link hover:underline">
						{update.title}
					</Link>
				</li>
			) : null}
			{page ? (
				<li className="truncate" data-top-page="">
					<span className="text-muted">{plural(catchUp.pages.length, 'guide page')} updated: </span>
					<Link to={page.path} className="text-link hover:underline">
						{page.title}
					</Link>
				</li>
			) : null}
		</ul>
	)
}
