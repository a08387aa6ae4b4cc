/**
 * When a group member's profile is fetched again, so that their citadel cap is seen before newer
 * entries push it out of the 20 the adventurer's log shows. The pace is read from the log itself:
 * the time their 20 newest entries span. Until this week's cap is seen, a member is due again
 * after a quarter of that span (at that pace, five more entries), at least 30 minutes apart; once
 * it is seen, or when none of their groups has a citadel reset, after half (ten more entries), at
 * least an hour apart. Never more than a day. `scripts/bench/caps.ts` measures what each costs
 * and how many caps each misses.
 */
import { capWeeks, type CitadelReset } from './citadel-caps.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const MIN_CHECK_MS = HOUR
/** The floor while this week's cap has not been seen yet. */
export const CAP_PENDING_MIN_CHECK_MS = 30 * MINUTE
export const MAX_CHECK_MS = 24 * HOUR
/** Entries the adventurer's log shows. */
export const LOG_PAGE = 20

export type MemberScheduleInput = {
	/** Their newest stored log entries' dates (up to 20; fewer: the log has never held 20). */
	newest: readonly Date[]
	/** The citadel resets of their groups that have one. */
	resets: readonly CitadelReset[]
	/** Their newest citadel-cap entry seen, if any. */
	lastCap: Date | null
}

/** How long until the member is due again, in ms. */
export function memberCheckInterval(member: MemberScheduleInput, now: number): number {
	if (member.newest.length < LOG_PAGE) return MAX_CHECK_MS
	const span = now - Math.min(...member.newest.map((date) => date.getTime()))
	const [share, floor] = capPending(member, now) ? [4, CAP_PENDING_MIN_CHECK_MS] : [2, MIN_CHECK_MS]
	return Math.min(MAX_CHECK_MS, Math.max(floor, span / share))
}

/** This week's cap not seen yet: the week runs from the latest reset among their groups' to now. */
function capPending({ resets, lastCap }: MemberScheduleInput, now: number): boolean {
	if (resets.length === 0) return false
	const weekStart = Math.max(...resets.map((reset) => capWeeks(reset, new Date(now), 1)[0]!.start.getTime()))
	return lastCap === null || lastCap.getTime() < weekStart
}
