import { normalisePlayerName } from '#app/player/username.ts'

/**
 * "Your last visit", per player, in this browser's localStorage: the UTC day of the visit (`on`)
 * and the day the catch-up shown on it started from (`since`). A second visit the same day asks
 * for the same catch-up again, so a reload (or opening the player page after the home page) never
 * loses what there was to catch up on; the next day's catch-up starts from `on`.
 */
export type LastVisit = { on: string; since: string | null }

const KEY_PREFIX = 'player:last-visit:'
const DAY = /^\d{4}-\d{2}-\d{2}$/

export function parseLastVisit(raw: string | null): LastVisit | null {
	if (!raw) return null
	try {
		const { on, since } = JSON.parse(raw) as Record<string, unknown>
		if (typeof on !== 'string' || !DAY.test(on)) return null
		return { on, since: typeof since === 'string' && DAY.test(since) ? since : null }
	} catch {
		return null
	}
}

/** The day to ask the catch-up for; null lets the server choose (the player's last snapshot before today). */
export function sinceToAsk(last: LastVisit | null, today: string): string | null {
	if (!last) return null
	if (last.on === today) return last.since
	return last.on < today ? last.on : null
}

/** The record once a catch-up since `shown` has been shown today: unchanged on a second visit the same day. */
export function visitAfterShowing(last: LastVisit | null, today: string, shown: string | null): LastVisit {
	return last?.on === today ? last : { on: today, since: shown }
}

function storageKey(name: string): string {
	return `${KEY_PREFIX}${normalisePlayerName(name).key}`
}

export function readLastVisit(name: string): LastVisit | null {
	try {
		return parseLastVisit(localStorage.getItem(storageKey(name)))
	} catch {
		return null
	}
}

export function writeLastVisit(name: string, visit: LastVisit): void {
	try {
		localStorage.setItem(storageKey(name), JSON.stringify(visit))
	} catch {
		// Storage blocked: the next visit's catch-up starts from the last snapshot instead.
	}
}
