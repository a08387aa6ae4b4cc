/**
 * Group members' profiles, fetched in the background so their adventurer's log is seen before a
 * citadel cap is pushed out of the 20 entries the profile shows. Members are tracked as group
 * members: fetched without a client, so they count against nobody's tracking share (group creation
 * has its own limit), through the tracker's Update at group priority (after anyone waiting on an
 * answer and competitions, before the daily refresh), within the one upstream budget.
 *
 * Each member is due again after half the time their 20 newest log entries span (at that pace, ten
 * more entries), between an hour and a day; a private profile a day later. Claims go through the
 * database (`skip locked`), so two instances never fetch one member twice, and the schedule
 * survives restarts. After each fetch the member's log is classified (`classifyPlayerLog`); the
 * tracker recorded what the fetch saw of the log (`tracker_log_coverage`). A fetch whose 20
 * entries do not reach back to the one before is a gap (entries pushed out unseen): counted and
 * logged after each round.
 */
import type { PlayerLookup } from '#app/player/server/handler.server.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import type { Tracker } from '#app/tracker/server/tracker.server.ts'
import { findPlayer, listActivities, listLogCoverage } from '#app/tracker/server/tracker-store.server.ts'
import { claimMemberCheck, classifyPlayerLog, scheduleMemberCheck } from './groups-store.server.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const MIN_CHECK_MS = HOUR
export const MAX_CHECK_MS = 24 * HOUR
/** A failed fetch is tried again after this long. */
const RETRY_MS = 15 * MINUTE
/** Failures in a row that end a round early. */
const FAILURES_BEFORE_PAUSE = 3
const LOG_PAGE = 20

/** When a member is due again: half the time their 20 newest entries span, within [1 hour, 1 day]. */
export function memberCheckInterval(newestEntries: readonly Date[], now: number): number {
	if (newestEntries.length < LOG_PAGE) return MAX_CHECK_MS
	const oldest = Math.min(...newestEntries.map((date) => date.getTime()))
	return Math.min(MAX_CHECK_MS, Math.max(MIN_CHECK_MS, (now - oldest) / 2))
}

export type MemberRefresherOptions = {
	db: () => Promise<Database>
	now: () => number
	tracker: Pick<Tracker, 'update'>
	lookup: Pick<PlayerLookup, 'fetchFresh'>
	/** Members fetched per round at most, claimed one at a time. */
	batch?: number
	log?: (line: string) => void
}

export type MemberRound = { fetched: number; failed: number; gaps: number }

export function createMemberRefresher(options: MemberRefresherOptions) {
	const log = options.log ?? serverLog.info
	const batch = options.batch ?? 10
	/** Since this process started: fetches of a log seen before (the only ones a gap can be told on), and those that left one. */
	const totals = { compared: 0, gaps: 0 }

	/** One member: fetched (or found fetched within the last minute); false when the upstream failed. */
	async function check(db: Database, member: { key: string; name: string }, round: MemberRound): Promise<boolean> {
		const player = { key: member.key, name: member.name }
		const before = await findPlayer(db, member.key)
		const spansBefore = before ? (await listLogCoverage(db, before.id)).length : 0
		const updated = await options.tracker.update(player, undefined, 'group')
		let ok = updated.kind === 'updated' || updated.kind === 'cooldown'
		if (updated.kind === 'not-found') {
			// Never tracked yet: the lookup's forced fetch records them (no client: nobody's share).
			const answer = await options.lookup.fetchFresh(player, { priority: 'group' })
			// 404: no such player (renamed or gone); checked again a day later.
			ok = answer.status === 200 || answer.status === 404
		}
		if (!ok) return false
		round.fetched += 1
		const now = options.now()
		const tracked = before ?? (await findPlayer(db, member.key))
		let interval = MAX_CHECK_MS
		if (tracked) {
			await classifyPlayerLog(db, tracked.id)
			const spans = await listLogCoverage(db, tracked.id)
			if (spans.length > 0) {
				if (spansBefore > 0) totals.compared += 1
				if (spansBefore > 0 && spans.length > spansBefore) {
					totals.gaps += 1
					round.gaps += 1
				}
				const newest = await listActivities(db, tracked.id, LOG_PAGE)
				interval = memberCheckInterval(
					newest.map((entry) => new Date(entry.date)),
					now,
				)
			}
		}
		await scheduleMemberCheck(db, member.key, new Date(now + interval))
		return true
	}

	return {
		async runRound(): Promise<MemberRound> {
			const round: MemberRound = { fetched: 0, failed: 0, gaps: 0 }
			const db = await options.db()
			let failuresInARow = 0
			for (let done = 0; done < batch && failuresInARow < FAILURES_BEFORE_PAUSE; done++) {
				const member = await claimMemberCheck(db, new Date(options.now()), RETRY_MS)
				if (!member) break
				if (await check(db, member, round)) failuresInARow = 0
				else {
					round.failed += 1
					failuresInARow += 1
				}
			}
			if (round.fetched + round.failed > 0) {
				const rate = totals.compared === 0 ? 0 : (100 * totals.gaps) / totals.compared
				log(
					`groups: fetched ${round.fetched} member profiles (${round.failed} failed, ${round.gaps} gaps); since start ${totals.gaps} gaps in ${totals.compared} fetches of a log seen before (${rate.toFixed(1)}%: entries pushed out of the 20 between two fetches)`,
				)
			}
			return round
		},
		/** Since this process started: fetches of a log seen before, and the gaps among them. */
		totals: () => ({ ...totals }),
	}
}
