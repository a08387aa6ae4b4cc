import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type ShouldRevalidateFunctionArgs, useSearchParams } from 'react-router'
import type { Route } from './+types/tools.plan'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageReport } from '#app/feedback/page-report.tsx'
import { ChosenGoals, GoalPicker, Presets } from '#app/planner/goal-picker.tsx'
import { PlanSection } from '#app/planner/plan-section.tsx'
import type { PlannerPlayerState } from '#app/planner/planner-player.tsx'
import { QuestOutlook } from '#app/planner/quest-outlook.tsx'
import { usePlanProgress } from '#app/planner/use-plan-progress.ts'
import { ironmanSetting, useIronman } from '#app/components/settings/reader-settings.ts'
import { SettingSwitch } from '#app/components/settings/setting-switch.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { stepText } from '#app/planner/format.ts'
import { goalOptions, parseGoalsParam } from '#app/planner/goals.ts'
import { createPlanner, FRESH_ACCOUNT, type Plan } from '#app/planner/plan.ts'
import { plannerPlayer } from '#app/planner/player.ts'
import { planEtas } from '#app/planner/plan-eta.ts'
import { progressKey } from '#app/planner/progress.ts'
import { newTrackedPlan, readTrackedPlan, saveTrackedPlan, trackedProgress } from '#app/planner/tracked-plan.ts'
import type { PlanTracking } from '#app/planner/tracked-plan-progress.tsx'
import { usePlanPace } from '#app/planner/use-plan-pace.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { plannerData } from '#app/planner/server/planner.server.ts'
import { setPlayerUsername, useStoredUsername } from '#app/player/username-store.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'

const PlannerPlayer = lazy(() => import('#app/planner/planner-player.tsx'))

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
	// The reader's "I play an ironman" setting: ironman-only levels count too.
	const [ironman] = useIronman()
	const plan = useMemo(
		() => (waiting ? undefined : timed(() => planner.plan(goalSlugs, account, { ironman }))),
		// `account` follows `loaded`; a new object each render must not recompute the plan.
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[planner, goalSlugs, loaded, waiting, ironman],
	)
	const stepTexts = useMemo(
		() => plan?.steps.map((step) => ({ id: step.id, text: stepText(step, questName) })) ?? [],
		[plan, questName],
	)
	const key = plan && goalSlugs.length > 0 ? progressKey(loaded ? loaded.name : '', goalSlugs, ironman) : undefined
	const progress = usePlanProgress(key, stepTexts)

	// ETAs at the player's own pace, from the tracker.
	const pace = usePlanPace(loaded?.name)
	const etas = useMemo(
		() => (plan && loaded && pace && pace !== 'unavailable' ? planEtas(plan.steps, pace, loaded.name) : undefined),
		[plan, loaded, pace],
	)
	// "Track this plan": kept in this browser, one per player.
	const [trackedVersion, setTrackedVersion] = useState(0)
	const tracked = useMemo(
		() => (loaded ? readTrackedPlan(browserStorage(), loaded.name) : undefined),
		// trackedVersion: read again after the reader tracks a plan.
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[loaded, trackedVersion],
	)
	const tracking: PlanTracking | undefined =
		loaded && plan && goalSlugs.length > 0
			? {
					tracked,
					progress: tracked ? trackedProgress(tracked, account) : undefined,
					sameGoals: tracked !== undefined && tracked.ironman === ironman && sameSet(tracked.goals, goalSlugs),
					onTrack: () => {
						saveTrackedPlan(browserStorage(), newTrackedPlan(loaded.name, goalSlugs, ironman, plan, account, new Date()))
						setTrackedVersion((version) => version + 1)
					},
				}
			: undefined

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
				<div className="mt-3 border-t border-line pt-3">
					<SettingSwitch setting={ironmanSetting} label="I play an ironman (count ironman-only levels)" />
				</div>
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
				ironman={ironman}
				player={player}
				goalsChosen={goalSlugs.length > 0}
				questName={questName}
				ticked={progress.ticked}
				confirmed={progress.confirmed}
				onToggle={progress.toggle}
				etas={etas}
				tracking={tracking}
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
			<section aria-labelledby="how-timed" className="mt-8 max-w-2xl print:hidden">
				<h2 id="how-timed" className="border-b border-line pb-1 text-xl font-bold">
					How the training time is estimated
				</h2>
				<p className="mt-3 text-sm leading-relaxed">
					With your name, the site keeps a daily record of your account. Your pace in a skill is the
					experience you gained in it over the last 30 days (counted in UTC days) divided by the days; with
					less than a week of records it is last month's experience from RuneMetrics instead. A step's time
					is the experience it still needs at that pace, shown as a range: your pace up to a quarter faster
					or slower. Skills are trained side by side, so the whole plan takes as long as its slowest skill.
					A skill you gained nothing in shows "no recent XP" rather than a guess, and quests are counted, not
					timed.
				</p>
			</section>

			<PageReport />
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary

function sameSet(a: readonly string[], b: readonly string[]): boolean {
	return a.length === b.length && a.every((item) => b.includes(item))
}

/** localStorage, or a storage that keeps nothing where the browser refuses it. */
function browserStorage(): Pick<Storage, 'getItem' | 'setItem'> {
	try {
		return window.localStorage
	} catch {
		return { getItem: () => null, setItem: () => {} }
	}
}
