import { useQuery } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { queryClient } from '#app/lib/query-client.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { catchUpQuery } from '#app/tracker/api.ts'
import type { CatchUp } from '#app/tracker/catch-up.ts'
import { readLastVisit, sinceToAsk, visitAfterShowing, writeLastVisit } from '#app/tracker/last-visit.ts'

export type CatchUpState =
	| { status: 'loading' }
	/** Not tracked, or the request failed or timed out: nothing to show, and the visit is not recorded. */
	| { status: 'unavailable' }
	| { status: 'ready'; catchUp: CatchUp }

function todayUtc(): string {
	return new Date().toISOString().slice(0, 10)
}

/** The catch-up query (`#app/tracker/api.ts`) since this browser's last visit, asked after hydration. */
export function useCatchUp(name: string | undefined): CatchUpState {
	const hydrated = useHydrated()
	// Read once per name: recording this visit (useRememberVisit) must not ask again.
	const since = useMemo(() => (hydrated && name ? sinceToAsk(readLastVisit(name), todayUtc()) : null), [hydrated, name])
	const query = useQuery({ ...catchUpQuery(name ?? '', since), enabled: hydrated && name !== undefined }, queryClient())
	if (query.data) return { status: 'ready', catchUp: query.data }
	return query.isError ? { status: 'unavailable' } : { status: 'loading' }
}

/**
 * Records today's visit once `shown` is on screen (call it from the component that shows it):
 * after showing, not before, and a second visit today keeps the first one's starting day.
 */
export function useRememberVisit(name: string | undefined, shown: CatchUp | undefined): void {
	useEffect(() => {
		if (!name || !shown) return
		const today = todayUtc()
		writeLastVisit(name, visitAfterShowing(readLastVisit(name), today, shown.since))
	}, [name, shown])
}
