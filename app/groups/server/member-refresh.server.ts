/**
 * Group members' profiles, fetched in the background so their adventurer's log is seen before a
 * citadel cap is pushed out of the 20 entries the profile shows. Members are tracked as group
 * members: fetched without a client, so they count against nobody's tracking share (group creation
 * has its own limit), through the tracker's Update at group priority (after anyone waiting on an
 * answer and competitions, before the daily refresh), within the one upstream budget.
 *
 * Each member is due again by `memberCheckInterval` (`#app/groups/member-schedule.ts`): a quarter
 * of the time their 20 newest log entries span until this week's citadel cap is seen, half after
 * it or without a reset in any of their groups; a private profile a day later. Claims go through the
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
import { LOG_PAGE, MAX_CHECK_MS, memberCheckInterval } from '#app/groups/member-schedule.ts'
import { claimMemberCheck, classifyPlayerLog, readMemberCapState, scheduleMemberCheck } from './groups-store.server.ts'

const MINUTE = 60_000
/** A failed fetch is tried again after this long. */
const RETRY_MS = 15 * MINUTE
/** Failures in a row that end a round early. */
const FAILURES_BEFORE_PAUSE = 3

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
				const caps = await readMemberCapState(db, member.key, tracked.id)
				interval = memberCheckInterval({ newest: newest.map((entry) => new Date(entry.date)), ...caps }, now)
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
