import { useState } from 'react'
import { Link } from 'react-router'
import { formatNumber } from '#app/lib/format-number.ts'
import { skillLabel } from '#app/lib/skills.ts'
import type { CatchUp } from '#app/tracker/catch-up.ts'
import { accountLine, hasNews, plural, sinceText, TopChanges, trackingBeganAfterVisit, updateDate } from '#app/tracker/catch-up-summary.tsx'
import { formatDay } from '#app/lib/format-date.ts'
import { useCatchUp, useRememberVisit } from '#app/tracker/use-catch-up.ts'

// A fixed box: the catch-up arrives after hydration and must not push the page down (CLS 0).
// The full lists open below it only when asked for.
const BOX = 'flex h-52 flex-col overflow-hidden rounded-lg border border-line bg-raised p-4 text-sm sm:h-44'
const LIST_HEADING = 'mt-5 text-base font-bold'

/** `getting-started` → `Getting started` */
function sectionName(section: string): string {
	const words = section.replaceAll('-', ' ')
	return words.charAt(0).toUpperCase() + words.slice(1)
}

function AllChanges({ catchUp }: { catchUp: CatchUp }) {
	const rechecked = catchUp.pages.filter((page) => page.because.length > 0)
	// The other pages by section, each section in the order its first (most recent) page comes.
	const sections = new Map<string, CatchUp['pages']>()
	for (const page of catchUp.pages) {
		if (page.because.length === 0) sections.set(page.section, [...(sections.get(page.section) ?? []), page])
	}
	const trackingBegan = trackingBeganAfterVisit(catchUp)
	return (
		<div id="catch-up-all" className="mt-2 rounded-lg border border-line p-4 text-sm" data-catch-up-all="">
			{catchUp.xp.skills.length > 0 ? (
				<>
					<h3 className="text-base font-bold">XP gained</h3>
					{trackingBegan ? <p className="text-muted">Counted from when we started tracking you, {formatDay(trackingBegan)}.</p> : null}
					<ul className="mt-1 space-y-0.5" data-catch-up-skills="">
						{catchUp.xp.skills.map((skill) => (
							<li key={skill.skill} data-skill={skill.skill}>
								{skillLabel(skill.skill)}: +{formatNumber(skill.xpGained)} XP
								{skill.levelsGained > 0 ? `, ${plural(skill.levelsGained, 'level')}` : ''}
							</li>
						))}
					</ul>
				</>
			) : null}
			{catchUp.quests.length > 0 ? (
				<>
					<h3 className={LIST_HEADING}>Quests completed</h3>
					<ul className="mt-1 space-y-0.5" data-catch-up-quests="">
						{catchUp.quests.map((quest) => (
							<li key={quest.title}>
								{quest.path ? (
									<Link to={quest.path} className="text-link hover:underline">
										{quest.title}
									</Link>
								) : (
									quest.title
								)}{' '}
								<span className="text-muted">({formatDay(quest.completedAt)})</span>
							</li>
						))}
					</ul>
				</>
			) : null}
			{catchUp.updates.length > 0 ? (
				<>
					<h3 className={LIST_HEADING}>Game updates, biggest first</h3>
					<ul className="mt-1 space-y-0.5" data-catch-up-updates="">
						{catchUp.updates.map((update) => (
							<li key={update.title}>
								<Link to={update.href} className="text-link hover:underline">
									{update.title}
								</Link>{' '}
								<span className="text-muted">({updateDate(update.date)})</span>
							</li>
						))}
					</ul>
				</>
			) : null}
			{catchUp.pages.length > 0 ? (
				<>
					<h3 className={LIST_HEADING}>Guide pages updated</h3>
					<div data-catch-up-pages="">
						{rechecked.length > 0 ? (
							<>
								<p className="mt-1 font-semibold">Rechecked after a game update</p>
								<ul className="mt-1 space-y-0.5">
									{rechecked.map((page) => (
										<li key={page.path} data-page={page.path}>
											<Link to={page.path} className="text-link hover:underline">
												{page.title}
											</Link>{' '}
											<span className="text-muted">(after {page.because.join(', ')})</span>
										</li>
									))}
								</ul>
							</>
						) : null}
						{[...sections].map(([section, pages]) => (
							<details key={section} className="mt-2">
								<summary className="cursor-pointer font-semibold">
									{sectionName(section)}: {plural(pages.length, 'page')}
								</summary>
								<ul className="mt-1 space-y-0.5 pl-4">
									{pages.map((page) => (
										<li key={page.path} data-page={page.path}>
											<Link to={page.path} className="text-link hover:underline">
												{page.title}
											</Link>{' '}
											<span className="text-muted">(checked {formatDay(page.verified)})</span>
										</li>
									))}
								</ul>
							</details>
						))}
					</div>
				</>
			) : null}
		</div>
	)
}

function Summary({ catchUp, open, onToggle }: { catchUp: CatchUp; open: boolean; onToggle: () => void }) {
	const since = sinceText(catchUp)
	if (!since) {
		return (
			<p className="mt-2 text-muted" data-catch-up-state="first">
				This browser now remembers your visit. Next time, this box lists what changed since today: XP and levels gained, quests completed,
				and the game updates and guide pages that changed.
			</p>
		)
	}
	return (
		<>
			<p className="mt-1 line-clamp-2 text-base font-bold" data-catch-up-since={catchUp.since}>
				{since}
			</p>
			{!hasNews(catchUp) ? (
				<p className="mt-1 text-muted" data-catch-up-state="nothing">
					Nothing new: no XP or quests, and no game updates or guide changes.
				</p>
			) : (
				<>
					<p className="mt-1 truncate font-semibold" data-catch-up-account="">
						{accountLine(catchUp)}
					</p>
					<TopChanges catchUp={catchUp} className="mt-1" />
					<p className="mt-auto">
						<button
							type="button"
							onClick={onToggle}
							aria-expanded={open}
							aria-controls={open ? 'catch-up-all' : undefined}
							className="font-semibold text-link underline"
						>
							{open ? 'Hide the full list' : 'Show everything that changed'}
						</button>
					</p>
				</>
			)}
		</>
	)
}

function CatchUpBox({ name }: { name: string }) {
	const state = useCatchUp(name)
	const shown = state.status === 'ready' ? state.catchUp : undefined
	useRememberVisit(name, shown)
	const [open, setOpen] = useState(false)
	return (
		<section id="catch-up" aria-labelledby="catch-up-heading" className="mt-6" data-catch-up={state.status}>
			<div className={BOX} aria-busy={state.status === 'loading'}>
				<h2 id="catch-up-heading" className="text-xs font-semibold tracking-widest text-muted uppercase">
					Welcome back
				</h2>
				{shown ? <Summary catchUp={shown} open={open} onToggle={() => setOpen((o) => !o)} /> : null}
				{state.status === 'loading' ? <p className="mt-2 text-muted">Looking for what changed since your last visit…</p> : null}
				{state.status === 'unavailable' ? (
					<p className="mt-2 text-muted">What changed since your last visit could not be loaded; the rest of the page is up to date.</p>
				) : null}
			</div>
			{open && shown ? <AllChanges catchUp={shown} /> : null}
		</section>
	)
}

/**
 * The top of the player page: what changed since this browser's last visit (the account, the
 * game, the guides). Left out on the first visit, when tracking has only just begun.
 */
export function CatchUpSection({ name, firstVisit }: { name: string; firstVisit: boolean }) {
	return firstVisit ? null : <CatchUpBox name={name} />
}
