import { Link } from 'react-router'
import { formatDate } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { skillLabel } from '#app/lib/skills.ts'
import { trackedPlanHref, type TrackedPlan, type TrackedProgress } from './tracked-plan.ts'

/** XP done of XP needed per skill the plan trains, and its quests done (planner page and player page). */
export function TrackedProgressList({ progress, questsKnown = true }: { progress: TrackedProgress; questsKnown?: boolean }) {
	return (
		<ul className="mt-1 space-y-0.5">
			{progress.skills.map(({ skill, done, needed }) => (
				<li key={skill} data-tracked-skill={skill}>
					{skillLabel(skill)}: <span className="tabular-nums">{formatNumber(done)}</span> of{' '}
					<span className="tabular-nums">{formatNumber(needed)}</span> XP
				</li>
			))}
			{progress.questsNeeded > 0 ? (
				<li data-tracked-quests="">
					{questsKnown
						? `Quests: ${progress.questsDone} of ${progress.questsNeeded} done`
						: `Quests: ${progress.questsNeeded} in the plan; which are done is not known (a private profile shows none)`}
				</li>
			) : null}
		</ul>
	)
}

/** "Track this plan" on the planner page: the player's tracked plan and its progress since. */
export type PlanTracking = {
	tracked?: TrackedPlan
	/** Progress of the tracked plan for the account as loaded now. */
	progress?: TrackedProgress
	/** The page shows the tracked plan's own goals. */
	sameGoals: boolean
	onTrack: () => void
}

export function TrackedPlanProgress({ tracking }: { tracking: PlanTracking }) {
	const { tracked, progress, sameGoals } = tracking
	if (!tracked) return null
	const since = formatDate(tracked.setAt.slice(0, 10))
	if (!sameGoals || !progress) {
		return (
			<p className="mt-3 text-sm" data-plan-tracked="other">
				{tracked.player} tracks another plan since {since}:{' '}
				<Link to={trackedPlanHref(tracked)} className="text-link underline underline-offset-2">
					see its progress
				</Link>
				.
			</p>
		)
	}
	return (
		<section
			aria-labelledby="tracked-heading"
			className="mt-4 rounded-lg border border-line bg-raised px-3 py-2 text-sm"
			data-plan-tracked=""
		>
			<h3 id="tracked-heading" className="font-semibold">
				Progress since you tracked this plan on {since}
			</h3>
			<TrackedProgressList progress={progress} />
		</section>
	)
}
