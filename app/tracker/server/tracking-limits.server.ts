/** Who may start tracking new players: a daily share per client (an address) and an hourly one for the site. */
import type { Env } from '#app/server/env.server.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'

/** Why tracking did not start: this client's daily share, or everyone's hourly one, is used up. */
export type TrackingRefusal = { refused: 'client' | 'site'; perClientPerDay: number | false; perHour: number }

export type TrackingLimits = {
	/** New players one client (an address) may start tracking a day; false: no per-client limit. */
	perClientPerDay: number | false
	/** New players all clients together may start tracking an hour. */
	perHour: number
}

/** The tracking limits from the server env (RATE_LIMIT_DISABLED=1, for tests, lifts the per-client one). */
export function trackingLimitsFromEnv(
	env: Pick<Env, 'TRACKER_NEW_PLAYERS_PER_CLIENT_PER_DAY' | 'TRACKER_NEW_PLAYERS_PER_HOUR' | 'RATE_LIMIT_DISABLED'>,
): TrackingLimits {
	return {
		perClientPerDay: env.RATE_LIMIT_DISABLED ? false : env.TRACKER_NEW_PLAYERS_PER_CLIENT_PER_DAY,
		perHour: env.TRACKER_NEW_PLAYERS_PER_HOUR,
	}
}

const HOUR_MS = 3_600_000

/**
 * Whether `clientId` may start tracking one more player now (null) or why not; `count` takes that
 * start from both shares. Without limits, anyone's lookup starts tracking.
 */
export function trackingStarts(tracking: (TrackingLimits & { state: SharedState }) | undefined) {
	const perClient =
		tracking && tracking.perClientPerDay !== false
			? tracking.state.limiter('tracking-starts-client', { max: tracking.perClientPerDay, windowMs: 24 * HOUR_MS, refill: 'window' })
			: undefined
	const perSite = tracking
		? tracking.state.limiter('tracking-starts-site', { max: tracking.perHour, windowMs: HOUR_MS, refill: 'window' })
		: undefined

	return async function trackingStart(clientId: string, count: boolean): Promise<TrackingRefusal | null> {
		if (!tracking) return null
		const refusal = (refused: TrackingRefusal['refused']) => ({
			refused,
			perClientPerDay: tracking.perClientPerDay,
			perHour: tracking.perHour,
		})
		if (perClient && !(await perClient.peek(clientId)).allowed) return refusal('client')
		if (perSite && !(await perSite.peek('all')).allowed) return refusal('site')
		if (count) await Promise.all([perClient?.hit(clientId), perSite?.hit('all')])
		return null
	}
}
