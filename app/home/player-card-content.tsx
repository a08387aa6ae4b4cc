import { useEffect, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { useIronman } from '#app/components/settings/reader-settings.ts'
import type { PlannerData } from '#app/planner/data.ts'
import { nextSteps } from '#app/planner/next-steps.ts'
import { createPlanner, type Planner } from '#app/planner/plan.ts'
import { knowsQuestProgress, plannerPlayer } from '#app/planner/player.ts'
import { skillLabel } from '#app/lib/skills.ts'
import { formatDay } from '#app/lib/format-date.ts'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import type { CatchUp } from '#app/tracker/catch-up.ts'
import { accountLine, catchUpHref, hasNews, sinceText, TopChanges } from '#app/tracker/catch-up-summary.tsx'
import { playerPath } from '#app/lib/player-paths.ts'
import { type CatchUpState, useCatchUp, useRememberVisit } from '#app/tracker/use-catch-up.ts'
import { questPath } from '#app/quests/names.ts'

// The planner's data (every quest reduced to what planning needs), loaded with this card only.
let plannerPromise: Promise<Planner> | undefined
function loadPlanner() {
	plannerPromise ??= import('#app/generated/planner.json').then((m) => createPlanner(m.default as PlannerData))
	return plannerPromise
}

function usePlanner(): Planner | undefined {
	const [planner, setPlanner] = useState<Planner>()
	useEffect(() => {
		let live = true
		loadPlanner().then(
			(loaded) => live && setPlanner(loaded),
			() => {
				plannerPromise = undefined
			},
		)
		return () => {
			live = false
		}
	}, [])
	return planner
}

/**
 * "Since your last visit on …" in the card's own box: the account's gains, then the biggest game
 * update and guide change as links, and the way to the whole list (top of the player page).
 */
function CatchUpView({
	className,
	name,
	catchUp,
	onNextSteps,
}: {
	className: string
	name: string
	catchUp: CatchUp
	onNextSteps: () => void
}) {
	return (
		<section aria-labelledby="player-card-heading" className={className} data-card="player-catch-up">
			<h2 id="player-card-heading" className="text-xs font-semibold tracking-widest text-muted uppercase">
				Welcome back, {name}
			</h2>
			{/* Short date, and room for two lines: on a 320 px phone the day is the part that matters. */}
			<p className="mt-2 line-clamp-2 font-bold" data-catch-up-since={catchUp.since}>
				{sinceText(catchUp, formatDay)}
			</p>
			<p className="mt-1 truncate font-semibold" data-catch-up-account="">
				{accountLine(catchUp)}
			</p>
			<TopChanges catchUp={catchUp} className="mt-1" />
			<p className="mt-auto flex flex-wrap gap-x-4">
				<Link to={catchUpHref(name)} className="font-semibold text-link underline" data-catch-up-link="">
					Everything that changed
				</Link>
				<button type="button" onClick={onNextSteps} className="font-semibold text-link underline">
					Next steps
				</button>
			</p>
		</section>
	)
}

/** How long the card waits for the catch-up once next steps are ready, before showing them. */
const CATCH_UP_GRACE_MS = 1000

type CardView = { kind: 'catch-up'; shown: CatchUp } | { kind: 'steps'; shown: CatchUp | undefined }

/**
 * Decided once, so the box never swaps under the reader: the catch-up when it came (within the
 * grace time) with something new, else next steps (`shown` is the catch-up only if it said
 * "nothing new", which next steps then stand for).
 */
function useCardView(stepsReady: boolean, catchUp: CatchUpState): CardView | undefined {
	const [view, setView] = useState<CardView>()
	const [waited, setWaited] = useState(false)
	useEffect(() => {
		if (!stepsReady) return
		const timer = setTimeout(() => setWaited(true), CATCH_UP_GRACE_MS)
		return () => clearTimeout(timer)
	}, [stepsReady])
	useEffect(() => {
		if (view || !stepsReady || (catchUp.status === 'loading' && !waited)) return
		const ready = catchUp.status === 'ready' ? catchUp.catchUp : undefined
		setView(ready && hasNews(ready) ? { kind: 'catch-up', shown: ready } : { kind: 'steps', shown: ready })
	}, [view, stepsReady, catchUp, waited])
	return view
}

function Card({ className }: { className: string }) {
	const player = usePlayerData()
	const [ironman] = useIronman()
	const planner = usePlanner()
	const steps = useMemo(() => {
		if (player.status !== 'loaded' || !player.data || !planner) return undefined
		const plan = planner.plan([], plannerPlayer(player.data, planner.questName), { ironman })
		return nextSteps(plan, planner.data.quests)
	}, [player, planner, ironman])
	// Asked once the lookup answered (it records today's snapshot), for a returning player.
	const name = player.data?.name
	const catchUp = useCatchUp(name)
	const view = useCardView(steps !== undefined, catchUp)
	const [showSteps, setShowSteps] = useState(false)
	// The visit counts once the card has shown its answer: the catch-up, or next steps when it had
	// nothing new. A catch-up that came too late was not shown, so the next visit still gets it.
	useRememberVisit(name, view?.shown)

	const heading = (
		<h2 id="player-card-heading" className="text-xs font-semibold tracking-widest text-muted uppercase">
			Next steps for {player.data?.name ?? player.username}
		</h2>
	)
	if (player.status === 'error') {
		return (
			<section aria-labelledby="player-card-heading" className={className} data-card="player-error">
				{heading}
				<p className="mt-2 text-bad">{player.error}</p>
				<Link to="/quests" className="mt-auto font-semibold text-link underline">
					Look up another name
				</Link>
			</section>
		)
	}
	if (!steps || !player.data || !view) {
		return (
			<section aria-labelledby="player-card-heading" aria-busy="true" className={className} data-card="player-loading">
				{heading}
				<p className="mt-2 text-muted">Loading…</p>
			</section>
		)
	}
	if (view.kind === 'catch-up' && !showSteps) {
		return <CatchUpView className={className} name={player.data.name} catchUp={view.shown} onNextSteps={() => setShowSteps(true)} />
	}
	return (
		<section aria-labelledby="player-card-heading" className={className} data-card="player-steps">
			{heading}
			{!knowsQuestProgress(player.data) ? (
				<p className="mt-2 text-muted">RuneMetrics does not show this player's quests, so we cannot tell which ones are done.</p>
			) : (
				<>
					<p className="mt-2 font-semibold">Can start now</p>
					<ul className="mt-1 space-y-0.5" aria-label="Quests you can start now">
						{steps.canStart.map((q) => (
							<li key={q.slug} className="truncate">
								<Link to={questPath(q.slug)} className="text-link hover:underline">
									{q.name}
								</Link>
							</li>
						))}
						{steps.canStart.length === 0 ? <li className="text-muted">None right now.</li> : null}
					</ul>
					{steps.nearestUnlock ? (
						<p className="mt-2 line-clamp-2" data-nearest-unlock={steps.nearestUnlock.slug}>
							<span className="font-semibold">Nearest unlock: </span>
							<Link to={questPath(steps.nearestUnlock.slug)} className="text-link hover:underline">
								{steps.nearestUnlock.name}
							</Link>{' '}
							<span className="text-muted">
								({steps.nearestUnlock.missing.map((m) => (m.kind === 'level' ? `${m.level} ${skillLabel(m.skill)}` : m.name)).join(', ')})
							</span>
						</p>
					) : null}
				</>
			)}
			<p className="mt-auto flex flex-wrap gap-x-4">
				<Link to="/tools/plan" className="font-semibold text-link underline">
					Plan your account
				</Link>
				<Link to={playerPath(player.data.name)} className="font-semibold text-link underline" data-progress-link="">
					Your progress
				</Link>
			</p>
		</section>
	)
}

/** The loaded half of the home page's player card (its own chunk), in the card's fixed box. */
export default function PlayerCardContent({ className }: { className: string }) {
	return (
		<PlayerDataProvider>
			<Card className={className} />
		</PlayerDataProvider>
	)
}
