import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useIronman } from '#app/components/settings/reader-settings.ts'
import { queryClient } from '#app/lib/query-client.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { stepText } from '#app/planner/format.ts'
import { goalOptions, parseGoalsParam } from '#app/planner/goals.ts'
import type { PlannerData } from '#app/planner/data.ts'
import { createPlanner, FRESH_ACCOUNT, type Plan } from '#app/planner/plan.ts'
import { planEtas } from '#app/planner/plan-eta.ts'
import type { PlannerPlayerState } from '#app/planner/planner-player.tsx'
import { plannerPlayer } from '#app/planner/player.ts'
import { progressKey } from '#app/planner/progress.ts'
import { newTrackedPlan, readTrackedPlan, saveTrackedPlan, trackedProgress } from '#app/planner/tracked-plan.ts'
import type { PlanTracking } from '#app/planner/tracked-plan-progress.tsx'
import { usePlanProgress } from '#app/planner/use-plan-progress.ts'
import { setPlayerUsername, useStoredUsername } from '#app/player/username-store.ts'
import { paceQuery } from '#app/tracker/api.ts'

/** Plans and leaves a User Timing entry, `planner:plan`, that `npm run bench:plan` reads. */
function timed(run: () => Plan): Plan {
	const start = performance.now()
	const plan = run()
	performance.measure('planner:plan', { start, end: performance.now() })
	return plan
}

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

/** Changes one query parameter of the address in place (no history entry, no scroll). */
function useSetParam(name: string) {
	const [, setSearchParams] = useSearchParams()
	return useCallback(
		(value: string) =>
			setSearchParams(
				(params) => {
					const next = new URLSearchParams(params)
					if (value) next.set(name, value)
					else next.delete(name)
					return next
				},
				{ replace: true, preventScrollReset: true },
			),
		[name, setSearchParams],
	)
}

/**
 * Everything `/tools/plan` shows, from the address (goals, player), the reader's settings and
 * name, the player lookup, the tracker's pace and this browser's tracked plan.
 */
export function usePlanPage(data: PlannerData) {
	const planner = useMemo(() => createPlanner(data), [data])
	const options = useMemo(() => goalOptions(data), [data])
	const questName = useCallback((slug: string) => planner.questBySlug.get(slug)?.name ?? slug, [planner])

	// The query is read once the page runs in the browser: the prerendered HTML has none.
	const hydrated = useHydrated()
	const [searchParams] = useSearchParams()
	const goalInputs = useMemo(() => (hydrated ? parseGoalsParam(searchParams.get('goals')) : []), [hydrated, searchParams])
	// Whose plan: the link's player (a shared plan), else the reader's own stored name.
	const linkName = hydrated ? searchParams.get('player')?.trim() || undefined : undefined
	const stored = useStoredUsername()
	const name = linkName ?? stored
	const { goals, unknown } = useMemo(() => planner.resolveGoals(goalInputs), [planner, goalInputs])
	const goalSlugs = useMemo(() => goals.map((g) => g.slug), [goals])

	const setPlayerParam = useSetParam('player')
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
	const setGoalsParam = useSetParam('goals')
	const setGoals = useCallback((slugs: string[]) => setGoalsParam(slugs.join(',')), [setGoalsParam])

	// Whose account the plan is for: none (a fresh account), a loaded player, or not known yet.
	const [player, setPlayer] = useState<PlannerPlayerState>()
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
	const stepTexts = useMemo(() => plan?.steps.map((step) => ({ id: step.id, text: stepText(step, questName) })) ?? [], [plan, questName])
	const key = plan && goalSlugs.length > 0 ? progressKey(loaded ? loaded.name : '', goalSlugs, ironman) : undefined
	const progress = usePlanProgress(key, stepTexts)

	// ETAs at the player's own pace, from the tracker; without it (failed, not tracked) none.
	const { data: pace } = useQuery({ ...paceQuery(loaded?.name ?? ''), enabled: loaded !== undefined }, queryClient())
	const etas = useMemo(() => (plan && loaded && pace ? planEtas(plan.steps, pace, loaded.name) : undefined), [plan, loaded, pace])
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

	return {
		hydrated,
		options,
		questName,
		goals,
		unknown,
		goalSlugs,
		setGoals,
		name,
		onNameChange,
		player,
		setPlayer,
		loaded,
		ironman,
		plan,
		progress,
		etas,
		tracking,
	}
}
