import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { formatDate } from '#app/lib/format-date.ts'
import { normaliseQuestName } from '#app/quests/names.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'
import { TrackedProgressList } from './tracked-plan-progress.tsx'
import { readTrackedPlan, trackedPlanHref, trackedProgress, type TrackedPlan } from './tracked-plan.ts'

type Props = {
	/** The player whose page this is: the plan is kept per player. */
	name: string
	/** The tracker's latest snapshot: the XP now. */
	latest: Snapshot
	/** Titles of the quests the tracker has seen completed (RuneMetrics' spelling). */
	completedTitles: readonly string[]
}

function readPlan(name: string): TrackedPlan | undefined {
	try {
		return readTrackedPlan(localStorage, name)
	} catch {
		// Storage blocked: no tracked plan to show.
		return undefined
	}
}

/**
 * The plan this browser tracks for the player ("Track this plan" on /tools/plan) and the progress
 * since the day it was tracked: XP gained per skill (the tracker's latest snapshot against the XP
 * kept with the plan) up to what the plan needed, and the plan's quests done since. The plan lives
 * in this browser's storage, so the server renders nothing here (without JavaScript the page has
 * no such section); it appears after hydration, below the fold, where it shifts nothing in view.
 */
export function TrackedPlanSection({ name, latest, completedTitles }: Props) {
	const [tracked, setTracked] = useState<TrackedPlan>()
	useEffect(() => setTracked(readPlan(name)), [name])
	if (!tracked) return null

	const questsKnown = latest.questPoints !== null
	const done = new Set(completedTitles.map(normaliseQuestName))
	const progress = trackedProgress(tracked, {
		levels: {},
		xp: Object.fromEntries(latest.skills.map(({ skill, xp }) => [skill, xp])),
		completed: questsKnown ? new Set(tracked.quests.filter((quest) => done.has(normaliseQuestName(quest)))) : undefined,
	})
	return (
		<section aria-labelledby="tracked-plan" className="mt-10 render-when-near" data-player-plan="">
			<h2 id="tracked-plan" className="border-b border-line pb-1 text-2xl font-bold">
				Your tracked plan
			</h2>
			<p className="mt-2 text-sm text-muted">
				Progress since you tracked it on {formatDate(tracked.setAt.slice(0, 10))}, from the levels recorded here; the plan is kept in this
				browser.{' '}
				<Link to={trackedPlanHref(tracked)} className="text-link underline underline-offset-2">
					Open the plan
				</Link>
			</p>
			<div className="mt-2" data-plan-tracked="">
				<TrackedProgressList progress={progress} questsKnown={questsKnown} />
			</div>
		</section>
	)
}
