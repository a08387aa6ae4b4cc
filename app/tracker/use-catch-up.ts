import { useEffect, useState } from 'react'
import type { CatchUp } from '#app/tracker/catch-up.ts'
import { readLastVisit, sinceToAsk, visitAfterShowing, writeLastVisit } from '#app/tracker/last-visit.ts'

export type CatchUpState =
	| { status: 'loading' }
	/** Not tracked, or the request failed: nothing to show, and the visit is not recorded. */
	| { status: 'unavailable' }
	| { status: 'ready'; catchUp: CatchUp }

const TIMEOUT_MS = 8000

function todayUtc(): string {
	return new Date().toISOString().slice(0, 10)
}

/** `GET /api/v1/players/:name/catch-up` since this browser's last visit (fetched after hydration). */
export function useCatchUp(name: string | undefined): CatchUpState {
	const [state, setState] = useState<CatchUpState>({ status: 'loading' })
	useEffect(() => {
		if (!name) return
		const controller = new AbortController()
		const since = sinceToAsk(readLastVisit(name), todayUtc())
		const path = `/api/v1/players/${encodeURIComponent(name.replaceAll(' ', '_'))}/catch-up${since ? `?since=${since}` : ''}`
		setState({ status: 'loading' })
		// A catch-up that does not come is not worth holding the home card's next steps for.
		const timer = setTimeout(() => {
			controller.abort()
			setState({ status: 'unavailable' })
		}, TIMEOUT_MS)
		fetch(path, { signal: controller.signal, headers: { accept: 'application/json' } })
			.then(async (response) => {
				if (!response.ok) throw new Error(String(response.status))
				setState({ status: 'ready', catchUp: (await response.json()) as CatchUp })
			})
			.catch(() => {
				if (!controller.signal.aborted) setState({ status: 'unavailable' })
			})
			.finally(() => clearTimeout(timer))
		return () => {
			clearTimeout(timer)
			controller.abort()
		}
	}, [name])
	return state
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
