import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router'
import type { Route } from './+types/tools.plan'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { GoalPicker } from '#app/components/planner/goal-picker.tsx'
import { PlanSteps } from '#app/components/planner/plan-steps.tsx'
import type { PlannerPlayerState } from '#app/components/planner/planner-player.tsx'
import { QuestOutlook } from '#app/components/planner/quest-outlook.tsx'
import { usePlanProgress } from '#app/components/planner/use-plan-progress.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { formatNumber, planAsText, stepText } from '#app/lib/planner/format.ts'
import { goalOptions, parseGoalsParam } from '#app/lib/planner/goals.ts'
import { createPlanner, FRESH_ACCOUNT, type Plan } from '#app/lib/planner/plan.ts'
import { plannerPlayer } from '#app/lib/planner/player.ts'
import { progressKey } from '#app/lib/planner/progress.ts'
import { skillLabel, type SkillName } from '#app/lib/skills.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { plannerData } from '#app/server/planner.server.ts'
import { setPlayerUsername, useStoredUsername } from '#app/player/username-store.ts'
import { useHydrated } from '#app/widgets/use-hydrated.ts'

const PlannerPlayer = lazy(() => import('#app/components/planner/planner-player.tsx'))

export function loader() {
	return { data: plannerData }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.page })

export const meta: Route.MetaFunction = ({ matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	return [
		{ title: `Account planner - ${SITE_NAME}` },
		{
			name: 'description',
			content:
				'Pick a quest, a cape or an unlock like Prifddinas and get the ordered quests and training your RuneScape 3 account still needs, with XP to go per skill.',
		},
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}/tools/plan` },
	]
}

// Goals and the player live in the query; the data never changes with it.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

/** Plans and leaves a User Timing entry, `planner:plan`, that `npm run bench:plan` reads. */
function timed(run: () => Plan): Plan {
	const start = performance.now()
	const plan = run()
	performance.measure('planner:plan', { start, end: performance.now() })
	return plan
}

const buttonClass =
	'inline-flex items-center gap-1.5 rounded-md border border-line px-3 py-1.5 text-sm font-medium hover:bg-raised disabled:opacity-50'

export default function PlannerRoute({ loaderData }: Route.ComponentProps) {
	const { data } = loaderData
	const planner = useMemo(() => createPlanner(data), [data])
	const options = useMemo(() => goalOptions(data), [data])
	const questName = useCallback((slug: string) => planner.questBySlug.get(slug)?.name ?? slug, [planner])

	// The query is read once the page runs in the browser: the prerendered HTML has none.
	const hydrated = useHydrated()
	const [searchParams, setSearchParams] = useSearchParams()
	const goalInputs = useMemo(
		() => (hydrated ? parseGoalsParam(searchParams.get('goals')) : []),
		[hydrated, searchParams],
	)
	// Whose plan: the link's player (a shared plan), else the reader's own stored name.
	const linkName = hydrated ? searchParams.get('player')?.trim() || undefined : undefined
	const stored = useStoredUsername()
	const name = linkName ?? stored
	const { goals, unknown } = useMemo(() => planner.resolveGoals(goalInputs), [planner, goalInputs])
	const goalSlugs = useMemo(() => goals.map((g) => g.slug), [goals])

	const setPlayerParam = useCallback(
		(value: string) =>
			setSearchParams(
				(params) => {
					const next = new URLSearchParams(params)
					if (value) next.set('player', value)
					else next.delete('player')
					return next
				},
				{ replace: true, preventScrollReset: true },
			),
		[setSearchParams],
	)
	// The address bar always holds the plan, name included. It follows the reader's own name
	// (changed here or in the header) unless the page was opened for someone else's.
	const lastStored = useRef(stored)
	useEffect(() => {
		if (!hydrated) return
		const following = linkName === undefined || linkName === lastStored.current
		lastStored.current = stored
		if (following && (linkName ?? '') !== stored) setPlayerParam(stored)
	}, [hydrated, linkName, stored, setPlayerParam])
	// A name typed in the planner's box becomes the reader's name too.
	const onNameChange = useCallback(
		(value: string) => {
			setPlayerUsername(value)
			setPlayerParam(value.trim())
		},
		[setPlayerParam],
	)

	const [player, setPlayer] = useState<PlannerPlayerState>()
	const setGoals = useCallback(
		(slugs: string[]) =>
			setSearchParams(
				(params) => {
					const next = new URLSearchParams(params)
					if (slugs.length > 0) next.set('goals', slugs.join(','))
					else next.delete('goals')
					return next
				},
				{ replace: true, preventScrollReset: true },
			),
		[setSearchParams],
	)

	// Whose account the plan is for: none (a fresh account), a loaded player, or not known yet.
	const loaded = player?.status === 'loaded' && player.data ? player.data : undefined
	const waiting = !player || player.status === 'loading'
	const account = loaded ? plannerPlayer(loaded, planner.questName) : FRESH_ACCOUNT
	const plan = useMemo(
		() => (waiting ? undefined : timed(() => planner.plan(goalSlugs, account))),
		// `account` follows `loaded`; a new object each render must not recompute the plan.
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[planner, goalSlugs, loaded, waiting],
	)
	const stepTexts = useMemo(
		() => plan?.steps.map((step) => ({ id: step.id, text: stepText(step, questName) })) ?? [],
		[plan, questName],
	)
	const key = plan && goalSlugs.length > 0 ? progressKey(loaded ? loaded.name : '', goalSlugs) : undefined
	const progress = usePlanProgress(key, stepTexts)

	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8" data-hydrated={hydrated}>
			<div className="print:hidden">
				<Breadcrumbs
					items={[
						{ path: '/tools', label: 'Tools' },
						{ path: '/tools/plan', label: 'Account planner' },
					]}
				/>
			</div>
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Account planner</h1>
			<p className="mt-2 max-w-2xl text-muted print:hidden">
				Choose what you want to reach: a quest, the Quest Point Cape or an unlock such as Prifddinas. With
				your RuneScape name, the plan lists only what your account still needs, in an order you can follow.
			</p>

			<section aria-labelledby="goals-heading" className="mt-6 rounded-lg border border-line bg-raised p-4 print:hidden">
				<h2 id="goals-heading" className="sr-only">
					Goals
				</h2>
				<GoalPicker options={options} chosen={new Set(goalSlugs)} onAdd={(slug) => setGoals([...goalSlugs, slug])} />
				<ChosenGoals
					goals={goals}
					onRemove={(slug) => setGoals(goalSlugs.filter((g) => g !== slug))}
				/>
				{unknown.length > 0 ? (
					<p className="mt-3 text-sm text-bad" role="alert">
						Not a quest or unlock we know: {unknown.join(', ')}.
					</p>
				) : null}
				<Presets
					presets={options.filter((o) => o.kind !== 'quest' && !goalSlugs.includes(o.slug))}
					onAdd={(slug) => setGoals([...goalSlugs, slug])}
				/>
			</section>

			<div className="mt-4 min-h-36 print:hidden">
				{hydrated ? (
					<Suspense fallback={null}>
						<PlannerPlayer name={name} onNameChange={onNameChange} onChange={setPlayer} />
					</Suspense>
				) : null}
			</div>

			<PlanSection
				plan={plan}
				player={player}
				goalsChosen={goalSlugs.length > 0}
				questName={questName}
				ticked={progress.ticked}
				confirmed={progress.confirmed}
				onToggle={progress.toggle}
			/>

			{plan?.questProgressKnown ? (
				<QuestOutlook plan={plan} questName={questName} whose={loaded ? `${loaded.name}'s account` : 'a fresh account'} />
			) : null}

			<section aria-labelledby="how-ordered" className="mt-10 max-w-2xl print:hidden">
				<h2 id="how-ordered" className="border-b border-line pb-1 text-xl font-bold">
					How this order is chosen
				</h2>
				<p className="mt-3 text-sm leading-relaxed">
					Every quest comes after all the quests it needs, and anything your account has already done is
					left out. When several quests could come next, the planner takes one you could start straight
					away with the levels and quest points you will have by then; when none is ready, it takes the
					one needing the least new training, counted in experience points, and puts that training just
					before it. A quest held back only by its quest-point requirement waits while other quests can
					still add points. Ties go alphabetically, so the same account and goals always give the same
					plan. Experience comes from the RS3 experience table (Invention has its own, steeper one),
					counted from the experience you have now; boosts are not counted.
				</p>
			</section>
		</main>
	)
}

function ChosenGoals({
	goals,
	onRemove,
}: {
	goals: { slug: string; label: string }[]
	onRemove: (slug: string) => void
}) {
	if (goals.length === 0) return null
	return (
		<ul className="mt-3 flex flex-wrap gap-2" aria-label="Chosen goals">
			{goals.map((goal) => (
				<li key={goal.slug} className="flex items-center gap-1 rounded-full border border-accent/60 bg-bg py-1 pr-1 pl-3 text-sm">
					{goal.label}
					<button
						type="button"
						onClick={() => onRemove(goal.slug)}
						className="rounded-full px-2 text-muted hover:bg-raised hover:text-fg"
						aria-label={`Remove ${goal.label}`}
					>
						×
					</button>
				</li>
			))}
		</ul>
	)
}

function Presets({ presets, onAdd }: { presets: { slug: string; label: string }[]; onAdd: (slug: string) => void }) {
	if (presets.length === 0) return null
	return (
		<div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
			<span className="text-muted">Popular:</span>
			{presets.map((preset) => (
				<button key={preset.slug} type="button" onClick={() => onAdd(preset.slug)} className={buttonClass}>
					<span className="sr-only">Add </span>
					{preset.label}
				</button>
			))}
		</div>
	)
}

function Totals({ plan }: { plan: Plan }) {
	const xp = Object.entries(plan.totals.xpBySkill) as [SkillName, number][]
	const totalXp = xp.reduce((sum, [, value]) => sum + value, 0)
	return (
		<div className="mt-4">
			<dl className="grid grid-cols-3 gap-3" data-plan-totals="">
				<div className="rounded-lg border border-line bg-raised px-3 py-2">
					<dt className="text-xs font-semibold tracking-wider text-muted uppercase">Quests left</dt>
					<dd className="text-xl font-bold tabular-nums">{plan.totals.quests}</dd>
				</div>
				<div className="rounded-lg border border-line bg-raised px-3 py-2">
					<dt className="text-xs font-semibold tracking-wider text-muted uppercase">Quest points earned</dt>
					<dd className="text-xl font-bold tabular-nums">{plan.totals.questPoints}</dd>
				</div>
				<div className="rounded-lg border border-line bg-raised px-3 py-2">
					<dt className="text-xs font-semibold tracking-wider text-muted uppercase">XP to train</dt>
					<dd className="text-xl font-bold tabular-nums">{formatNumber(totalXp)}</dd>
				</div>
			</dl>
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

function PlanSection({
	plan,
	player,
	goalsChosen,
	questName,
	ticked,
	confirmed,
	onToggle,
}: {
	plan: Plan | undefined
	player: PlannerPlayerState | undefined
	goalsChosen: boolean
	questName: (slug: string) => string
	ticked: ReadonlySet<string>
	confirmed: string[]
	onToggle: (id: string, on: boolean) => void
}) {
	const [copied, setCopied] = useState<string>()
	const loaded = player?.status === 'loaded' ? player.data : undefined
	const whose = loaded ? `${loaded.name}'s account` : 'a fresh account'

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
	player,
	goalsChosen,
	questName,
	ticked,
	confirmed,
	onToggle,
}: {
	plan: Plan | undefined
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
					This plan is for a fresh account: every quest to do and every level from 1. Enter your RuneScape
					name above to plan from your own account.
				</p>
			) : null}
			{loaded && !plan.questProgressKnown ? (
				<p className="mt-3 rounded-md border border-warn/50 bg-raised px-3 py-2 text-sm" data-plan-state="progress-unknown">
					{loaded.name}'s quest progress is unknown (the RuneMetrics profile is private or unavailable), so
					every quest of the chain is listed. Levels come from the hiscores.
				</p>
			) : null}
			{confirmed.length > 0 ? (
				<div className="mt-3 rounded-md border border-ok/50 bg-ok-bg px-3 py-2 text-sm print:hidden" data-plan-confirmed="">
					<p className="font-semibold">Done, says RuneMetrics: {confirmed.length} step{confirmed.length === 1 ? '' : 's'} since your last visit</p>
					<ul className="mt-1 list-disc pl-5">
						{confirmed.slice(0, 10).map((text) => (
							<li key={text}>{text}</li>
						))}
					</ul>
				</div>
			) : null}
			{plan.steps.length === 0 ? (
				<p className="mt-4 rounded-md border border-ok/50 bg-ok-bg px-3 py-2 font-medium" data-plan-state="done">
					Nothing left to do: {loaded ? `${loaded.name} has` : 'you have'} everything these goals need.
				</p>
			) : (
				<>
					<Totals plan={plan} />
					<PlanSteps
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

export const ErrorBoundary = GeneralErrorBoundary
