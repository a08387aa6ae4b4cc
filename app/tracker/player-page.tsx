import { type ReactNode, useEffect, useState } from 'react'
import { Form, Link, useLocation, useRevalidator } from 'react-router'
import type { PlayerSummary } from '#app/tracker/api-types.ts'
import { CatchUpSection } from '#app/tracker/catch-up-section.tsx'
import { formatDateTime, formatTimeOfDay } from '#app/lib/format-date.ts'
import { GainsSection } from '#app/tracker/gains-section.tsx'
import { HistorySection } from '#app/tracker/history-section.tsx'
import { MilestonesSection } from '#app/tracker/milestones-section.tsx'
import type { PlayerPageView, UpdateNotice } from '#app/tracker/page-data.ts'
import { TOP_GAINERS_PATH } from '#app/lib/player-paths.ts'
import { NAME_CHANGES_PATH, PRIVACY_PATH } from '#app/tracker/paths.ts'
import { RecordsSection } from '#app/tracker/records-section.tsx'
import { CapCaveats, SkillsTable } from '#app/tracker/skills-table.tsx'
import { AdventurersLogSection, QuestTimelineSection } from '#app/tracker/timeline-sections.tsx'

const note = 'mt-4 rounded-lg border p-3 text-sm'

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
	return (
		<div className="rounded-lg border border-line bg-raised px-4 py-3">
			<dt className="text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
			<dd className="mt-1 font-semibold">{children}</dd>
		</div>
	)
}

const NOTICES: Record<UpdateNotice, { text: string; tone: 'ok' | 'bad' }> = {
	updated: { text: 'Updated: new progress recorded.', tone: 'ok' },
	unchanged: { text: 'Updated: nothing has changed since the last update.', tone: 'ok' },
	cooldown: {
		text: 'Already updated in the last minute: try again when the button is back.',
		tone: 'bad',
	},
	failed: {
		text: 'RuneMetrics did not answer: nothing was lost, try again in a minute.',
		tone: 'bad',
	},
	limited: {
		text: 'Too many lookups and updates from your address: try again in a minute.',
		tone: 'bad',
	},
	'upstream-failing': {
		text: 'RuneMetrics is failing or asking us to slow down right now: nothing was lost, try again in a minute.',
		tone: 'bad',
	},
}

function cooldownMs(summary: PlayerSummary, now: string): number {
	return Math.max(0, Date.parse(summary.canUpdateAt) - Date.parse(now))
}

/**
 * The Update button: a plain POST form (the action redirects back here). During the cooldown it
 * is disabled and says when it can be pressed; with JavaScript it comes back by itself.
 */
function UpdateForm({ summary, now }: { summary: PlayerSummary; now: string }) {
	const [waiting, setWaiting] = useState(() => cooldownMs(summary, now) > 0)
	useEffect(() => {
		const wait = cooldownMs(summary, now)
		setWaiting(wait > 0)
		if (wait <= 0) return
		const timer = setTimeout(() => setWaiting(false), wait)
		return () => clearTimeout(timer)
	}, [summary, now])
	return (
		<Form method="post" className="flex flex-wrap items-center gap-3" data-update-form="">
			<button
				type="submit"
				name="intent"
				value="update"
				disabled={waiting}
				className="rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-fg disabled:cursor-not-allowed disabled:opacity-60"
			>
				Update
			</button>
			<span className="text-sm text-muted" data-cooldown="" aria-live="polite">
				{waiting
					? `Updated less than a minute ago: you can update again at ${formatTimeOfDay(summary.canUpdateAt)}.`
					: 'Fetches the latest levels from RuneMetrics now.'}
			</span>
		</Form>
	)
}

const POLL_MS = 5000
const POLL_TRIES = 24

/** While the monthly backfill runs, reloads the data every 5 s for two minutes, then stops. */
function useBackfillPoll(pending: boolean): 'polling' | 'gave-up' | 'idle' {
	const revalidator = useRevalidator()
	const [tries, setTries] = useState(0)
	useEffect(() => {
		if (!pending || tries >= POLL_TRIES) return
		const timer = setTimeout(() => {
			setTries((n) => n + 1)
			void revalidator.revalidate()
		}, POLL_MS)
		return () => clearTimeout(timer)
	}, [pending, tries, revalidator])
	if (!pending) return 'idle'
	return tries >= POLL_TRIES ? 'gave-up' : 'polling'
}

/** `plan`: the tracked-plan section (the planner's), shown after the milestones; the route puts it in. */
export function PlayerPage({ view, plan }: { view: PlayerPageView; plan: ReactNode }) {
	const { summary, gains, gainsQuery, chart, quests, activities, milestones, records, firstVisit, notice, now } = view
	const location = useLocation()
	const poll = useBackfillPoll(summary.backfill.state === 'pending')
	const shown = notice ? NOTICES[notice] : null

	return (
		<>
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{summary.name}</h1>
			{/* Server-rendered and the largest text at the top: the catch-up box below fills in after
			    hydration and must not become the page's largest paint (LCP). */}
			<p className="mt-2 max-w-2xl text-muted">
				Levels, XP gained, quest dates and the adventurer’s log of {summary.name} over time, from public RuneMetrics and hiscores data.{' '}
				<Link to={PRIVACY_PATH} className="text-link underline">
					What we keep
				</Link>
			</p>
			<CatchUpSection name={summary.name} firstVisit={firstVisit} />
			<dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
				<Fact label="Tracked since">
					<time dateTime={summary.trackedSince}>{formatDateTime(summary.trackedSince)}</time>
				</Fact>
				<Fact label="Last updated">
					<time dateTime={summary.lastCheckedAt}>{formatDateTime(summary.lastCheckedAt)}</time>
				</Fact>
				<Fact label="Source">{summary.profile === 'public' ? 'RuneMetrics' : 'Hiscores (private profile)'}</Fact>
				<Fact label="Quest points">{summary.latest.questPoints ?? <span className="font-normal text-muted">Not shown</span>}</Fact>
			</dl>
			<div className="mt-4">
				<UpdateForm summary={summary} now={now} />
			</div>

			{shown ? (
				<p
					role="status"
					data-notice={notice}
					className={`${note} ${shown.tone === 'ok' ? 'border-ok/50 bg-ok-bg text-ok' : 'border-bad/50 bg-bad-bg text-bad'}`}
				>
					{shown.text}
				</p>
			) : null}
			{firstVisit ? (
				<p className={`${note} border-line bg-raised`} data-first-visit="">
					<strong>We started tracking {summary.name} now.</strong> Gains show from the next update; come back tomorrow, or press Update
					after playing.
				</p>
			) : null}
			{summary.profile === 'private' ? (
				<p className={`${note} border-warn/50 text-warn`} data-private="">
					This RuneMetrics profile is private, so levels come from the hiscores: no quests and no adventurer’s log, and skills the hiscores
					do not rank show as level 1. The history kept before stays.
				</p>
			) : null}
			{summary.possibleNameChangeAt ? (
				<p className={`${note} border-warn/50 text-warn`} data-name-change="">
					On {formatDateTime(summary.possibleNameChangeAt)} this name’s XP changed in a way no account could manage in the time (a skill
					lost XP, or gained more than the fastest training allows): the name has probably moved to another account. That change counts on
					no top-gainers board and in no record. If the player took a new name,{' '}
					<Link to={NAME_CHANGES_PATH} className="underline">
						tell us the new one
					</Link>
					: their history follows them.
				</p>
			) : null}
			{summary.backfill.state === 'pending' ? (
				<p className={`${note} border-line bg-raised`} data-backfill="pending">
					Fetching up to 12 months of monthly gains from RuneMetrics: they join the chart in a minute or two.{' '}
					{poll === 'gave-up' ? 'This is taking longer than usual. ' : null}
					<Link to={`${location.pathname}${location.search}`} className="text-link underline">
						Check again
					</Link>
				</p>
			) : null}

			<section aria-labelledby="levels" className="mt-10">
				<h2 id="levels" className="border-b border-line pb-1 text-2xl font-bold">
					Levels
				</h2>
				<p className="mt-2 text-sm text-muted">Virtual levels past the cap (up to 126) are worked out from XP.</p>
				<div className="mt-3">
					<SkillsTable snapshot={summary.latest} />
					<CapCaveats snapshot={summary.latest} />
				</div>
			</section>

			{milestones ? <MilestonesSection milestones={milestones} /> : null}
			{plan}
			<GainsSection name={summary.name} gains={gains} query={gainsQuery} chart={chart.subject} />
			<HistorySection
				name={summary.name}
				subject={chart.subject}
				points={chart.points}
				gainsQuery={gainsQuery}
				backfillState={summary.backfill.state}
			/>
			<RecordsSection records={records} />
			<p className="mt-3 text-sm">
				<Link to={TOP_GAINERS_PATH} className="text-link underline">
					Top gainers this week
				</Link>{' '}
				among tracked players.
			</p>
			<QuestTimelineSection quests={quests} />
			<AdventurersLogSection activities={activities} />
		</>
	)
}
