import { useState } from 'react'
import { Link } from 'react-router'
import { formatNumber } from '#app/lib/format-number.ts'
import { planAsText } from '#app/planner/format.ts'
import type { Plan } from '#app/planner/plan.ts'
import { skillLabel, type SkillName } from '#app/lib/skills.ts'
import { playerPath } from '#app/lib/player-paths.ts'
import { PlanSteps } from './plan-steps.tsx'
import type { PlannerPlayerState } from './planner-player.tsx'
import type { PlanEtas } from './plan-eta.ts'
import { TrackedPlanProgress, type PlanTracking } from './tracked-plan-progress.tsx'
import { buttonClass } from './ui.ts'

function Totals({ plan, etas }: { plan: Plan; etas: PlanEtas | undefined }) {
	const xp = Object.entries(plan.totals.xpBySkill) as [SkillName, number][]
	const totalXp = xp.reduce((sum, [, value]) => sum + value, 0)
	return (
		<div className="mt-4">
			{/* One card per row on the narrowest phones, two from 360 px, three from 480: a total such
			    as 1,830,547 or an ETA range must never run past its card. */}
			<dl className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-3" data-plan-totals="">
				<div className="min-w-0 rounded-lg border border-line bg-raised px-3 py-2" data-plan-total="">
					<dt className="text-xs font-semibold tracking-wider text-muted uppercase">Quests left</dt>
					<dd className="text-xl font-bold whitespace-nowrap tabular-nums">{plan.totals.quests}</dd>
				</div>
				<div className="min-w-0 rounded-lg border border-line bg-raised px-3 py-2" data-plan-total="">
					<dt className="text-xs font-semibold tracking-wider text-muted uppercase">Quest points earned</dt>
					<dd className="text-xl font-bold whitespace-nowrap tabular-nums">{plan.totals.questPoints}</dd>
				</div>
				<div className="min-w-0 rounded-lg border border-line bg-raised px-3 py-2" data-plan-total="">
					<dt className="text-xs font-semibold tracking-wider text-muted uppercase">XP to train</dt>
					<dd className="text-xl font-bold whitespace-nowrap tabular-nums">{formatNumber(totalXp)}</dd>
				</div>
				{etas?.plan && etas.plan.kind !== 'done' ? (
					<div className="min-w-0 rounded-lg border border-line bg-raised px-3 py-2" data-plan-total="" data-plan-eta="">
						<dt className="text-xs font-semibold tracking-wider text-muted uppercase">Training time</dt>
						<dd className="text-lg leading-snug font-bold">{etas.plan.text}</dd>
					</div>
				) : null}
			</dl>
			{etas ? (
				<p className="mt-2 text-sm text-muted" data-plan-eta-note={etas.status}>
					{etas.message}
				</p>
			) : null}
			{xp.length > 0 ? (
				<details className="mt-3 text-sm">
					<summary className="cursor-pointer font-medium">XP to train per skill</summary>
					<table className="mt-2 w-full max-w-sm">
						<thead className="sr-only">
							<tr>
								<th scope="col">Skill</th>
								<th scope="col">XP</th>
							</tr>
						</thead>
						<tbody>
							{xp.map(([skill, value]) => (
								<tr key={skill} className="border-b border-line">
									<th scope="row" className="py-1 text-left font-normal">
										{skillLabel(skill)}
									</th>
									<td className="py-1 text-right tabular-nums">{formatNumber(value)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</details>
			) : null}
		</div>
	)
}

/** "Your plan": whose it is, its controls, notices, totals and the steps. */
export function PlanSection({
	plan,
	ironman,
	player,
	goalsChosen,
	questName,
	ticked,
	confirmed,
	onToggle,
	etas,
	tracking,
}: {
	plan: Plan | undefined
	etas?: PlanEtas
	tracking?: PlanTracking
	/** Ironman-only levels are counted. */
	ironman: boolean
	player: PlannerPlayerState | undefined
	goalsChosen: boolean
	questName: (slug: string) => string
	ticked: ReadonlySet<string>
	confirmed: string[]
	onToggle: (id: string, on: boolean) => void
}) {
	const [copied, setCopied] = useState<string>()
	const loaded = player?.status === 'loaded' ? player.data : undefined
	const whose = `${loaded ? `${loaded.name}'s account` : 'a fresh account'}${ironman ? ', ironman levels included' : ''}`

	async function copy(text: string, what: string) {
		try {
			await navigator.clipboard.writeText(text)
			setCopied(what)
		} catch {
			setCopied('Copying is blocked in this browser')
		}
	}

	return (
		<section aria-labelledby="plan-heading" className="mt-8" data-plan="">
			<div className="flex flex-wrap items-end justify-between gap-3">
				<h2 id="plan-heading" className="text-2xl font-bold">
					Your plan
					{plan && goalsChosen ? <span className="block text-sm font-normal text-muted">For {whose}</span> : null}
				</h2>
				{plan && goalsChosen ? (
					<div className="flex flex-wrap gap-2 print:hidden">
						{loaded && tracking ? (
							<button type="button" onClick={tracking.onTrack} className={buttonClass} data-track-plan="">
								Track this plan
							</button>
						) : null}
						{loaded ? (
							<Link to={playerPath(loaded.name)} className={buttonClass} data-progress-link="">
								Your progress
							</Link>
						) : null}
						{loaded ? (
							<button type="button" onClick={() => player?.refetch()} disabled={player?.isFetching} className={buttonClass}>
								{player?.isFetching ? 'Refreshing…' : 'Refresh from RuneMetrics'}
							</button>
						) : null}
						<button type="button" onClick={() => void copy(window.location.href, 'Link copied')} className={buttonClass}>
							Copy link
						</button>
						<button
							type="button"
							onClick={() => void copy(planAsText(plan, questName, ticked), 'Plan copied as text')}
							className={buttonClass}
						>
							Copy as text
						</button>
						<button type="button" onClick={() => window.print()} className={buttonClass}>
							Print
						</button>
					</div>
				) : null}
			</div>
			<p role="status" className="mt-1 min-h-5 text-sm text-ok print:hidden">
				{copied}
			</p>
			<PlanBody
				plan={plan}
				etas={etas}
				tracking={tracking}
				player={player}
				goalsChosen={goalsChosen}
				questName={questName}
				ticked={ticked}
				confirmed={confirmed}
				onToggle={onToggle}
			/>
		</section>
	)
}

function PlanBody({
	plan,
	etas,
	tracking,
	player,
	goalsChosen,
	questName,
	ticked,
	confirmed,
	onToggle,
}: {
	plan: Plan | undefined
	etas: PlanEtas | undefined
	tracking: PlanTracking | undefined
	player: PlannerPlayerState | undefined
	goalsChosen: boolean
	questName: (slug: string) => string
	ticked: ReadonlySet<string>
	confirmed: string[]
	onToggle: (id: string, on: boolean) => void
}) {
	if (!plan) {
		return (
			<p className="mt-3 text-muted" data-plan-state="loading">
				{player?.username ? `Loading ${player.username}'s account…` : 'Loading the planner…'}
			</p>
		)
	}
	if (!goalsChosen) {
		return (
			<p className="mt-3 text-muted" data-plan-state="no-goals">
				Add a goal above to see the quests and training it takes.
			</p>
		)
	}
	const loaded = player?.status === 'loaded' ? player.data : undefined
	return (
		<>
			{player?.status === 'error' ? (
				<p className="mt-3 rounded-md border border-bad/50 bg-bad-bg px-3 py-2 text-sm" role="alert" data-plan-state="player-error">
					Could not load “{player.username}”: {player.error}. The plan below is for a fresh account.
				</p>
			) : null}
			{!player?.username ? (
				<p className="mt-3 rounded-md border border-line bg-raised px-3 py-2 text-sm print:hidden" data-plan-state="fresh">
					This plan is for a fresh account: every quest to do and every level from 1. Enter your RuneScape name above to plan from your own
					account.
				</p>
			) : null}
			{loaded && !plan.questProgressKnown ? (
				<p className="mt-3 rounded-md border border-warn/50 bg-raised px-3 py-2 text-sm" data-plan-state="progress-unknown">
					{loaded.name}'s quest progress is unknown (the RuneMetrics profile is private or unavailable), so every quest of the chain is
					listed. Levels come from the hiscores.
				</p>
			) : null}
			{confirmed.length > 0 ? (
				<div className="mt-3 rounded-md border border-ok/50 bg-ok-bg px-3 py-2 text-sm print:hidden" data-plan-confirmed="">
					<p className="font-semibold">
						Done, says RuneMetrics: {confirmed.length} step{confirmed.length === 1 ? '' : 's'} since your last visit
					</p>
					<ul className="mt-1 list-disc pl-5">
						{confirmed.slice(0, 10).map((text) => (
							<li key={text}>{text}</li>
						))}
					</ul>
				</div>
			) : null}
			{tracking?.tracked ? <TrackedPlanProgress tracking={tracking} /> : null}
			{plan.steps.length === 0 ? (
				<p className="mt-4 rounded-md border border-ok/50 bg-ok-bg px-3 py-2 font-medium" data-plan-state="done">
					Nothing left to do: {loaded ? `${loaded.name} has` : 'you have'} everything these goals need.
				</p>
			) : (
				<>
					<Totals plan={plan} etas={etas} />
					<PlanSteps
						etas={etas?.steps}
						steps={plan.steps}
						ticked={ticked}
						onToggle={onToggle}
						questName={questName}
						progressUnknown={!plan.questProgressKnown}
					/>
				</>
			)}
		</>
	)
}
