/**
 * The daily refresh and the first-time backfill. Each round claims work through the database
 * (players someone looked at lately first, then the stalest; `skip locked`), so any number of
 * instances can run it without fetching a player twice, and every upstream call waits its turn at
 * the upstream gate (`#app/player/server/upstream-gate.server.ts`): the refresh before backfill,
 * both after anyone waiting on an answer, all within one budget for all instances. Repeated
 * upstream failures (429, 5xx, timeouts) pause the refresher for 15 minutes, and it says so.
 * On shutdown (`stopping`) a round claims nothing more and gives back what it had not finished.
 */
import { setTimeout } from 'node:timers/promises'
import type { PlayerLookup } from '#app/player/server/handler.server.ts'
import { createUpstreamClient, type UpstreamClient } from '#app/player/server/runemetrics.server.ts'
import { playerDataConfigFromEnv } from '#app/player/server/config.server.ts'
import type { UpstreamGate } from '#app/player/server/upstream-gate.server.ts'
import { runUntilShutdown } from '#app/server/background-work.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { databaseExists, getDatabase, type Database } from '#app/server/db/database.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import { SKILLS } from '#app/lib/skills.ts'
import type { MonthlyXp } from '#app/player/xp-monthly.ts'
import { backfillMonths } from '#app/tracker/xp-monthly.ts'
import * as store from './tracker-store.server.ts'

const DAY_MS = 86_400_000
/** Nobody viewed, updated or grouped the player for this long: dormant, no longer refreshed (a visit wakes them). */
export const DORMANT_AFTER_MS = 90 * DAY_MS
/** Players someone looked at within this long are refreshed before the others. */
const CARED_FOR_MS = 7 * DAY_MS
export const BACK_OFF_MS = 15 * 60_000
/** Failures in a row that start a back-off. */
const FAILURES_BEFORE_BACK_OFF = 3

export type RefresherOptions = {
	db: () => Promise<Database>
	now: () => number
	lookup: Pick<PlayerLookup, 'fetchFresh'>
	upstream: Pick<UpstreamClient, 'xpMonthly'>
	/** The upstream gate the lookup uses too (its budget is shared by all instances). */
	gate: Pick<UpstreamGate, 'run'>
	/** Players refreshed per round at most, claimed one at a time. */
	batch?: number
	log?: (line: string) => void
	/** Aborted when the server shuts down (the gate then refuses the calls still waiting). */
	stopping?: AbortSignal
}

export type RoundResult = { refreshed: number; failed: number; backfilled: number; backingOff: boolean }

export function createRefresher(options: RefresherOptions) {
	const log = options.log ?? serverLog.info
	const batch = options.batch ?? 10
	const stopping = () => options.stopping?.aborted === true
	let failuresInARow = 0
	let backOffUntil = 0

	/** Counts a failure; true when the refresher must stop and back off now. */
	function failed(why: string): boolean {
		failuresInARow += 1
		if (failuresInARow < FAILURES_BEFORE_BACK_OFF) return false
		backOffUntil = options.now() + BACK_OFF_MS
		failuresInARow = 0
		log(`tracker: upstream failed ${FAILURES_BEFORE_BACK_OFF} times in a row (last: ${why}); refresh and backfill back off for 15 minutes`)
		return true
	}

	async function backfill(db: Database): Promise<number> {
		const claims = await store.claimBackfills(db, new Date(options.now()), { limit: 1, retryMs: 15 * 60_000 })
		for (const claim of claims) {
			const histories: MonthlyXp[] = []
			try {
				for (const skill of SKILLS) {
					if (stopping()) break
					const history = await options.gate.run('backfill', () => options.upstream.xpMonthly(claim.name, skill.id))
					if (history) histories.push(history)
				}
			} catch (error) {
				if (stopping()) {
					await store.releaseBackfill(db, claim.id, claim.attempt, new Date(options.now()))
					return 0
				}
				await store.failBackfill(db, claim.id, claim.attempt)
				failed(error instanceof Error ? error.message : String(error))
				return 0
			}
			if (stopping()) {
				await store.releaseBackfill(db, claim.id, claim.attempt, new Date(options.now()))
				return 0
			}
			failuresInARow = 0
			await store.finishBackfill(db, claim.id, backfillMonths(histories))
		}
		return claims.length
	}

	/**
	 * One player per claim: a claim marks the player fetched, so an instance that stops loses at
	 * most the player it was fetching (refreshed a day later), and the Update button's cooldown
	 * counts from a fetch under way, not from one queued behind the budget waits of a batch.
	 * A player whose fetch failed goes back first in line, for the next round: claimed again in
	 * this one, a player that always fails would keep the others waiting.
	 */
	async function refresh(db: Database, result: RoundResult): Promise<void> {
		const failedKeys: string[] = []
		for (let done = 0; done < batch && options.now() >= backOffUntil && !stopping(); done++) {
			const claimedAt = new Date(options.now())
			const [claim] = await store.claimRefreshBatch(db, claimedAt, {
				limit: 1,
				staleMs: DAY_MS,
				activeMs: DORMANT_AFTER_MS,
				recentMs: CARED_FOR_MS,
				skipKeys: failedKeys,
			})
			if (!claim) break
			const answer = await options.lookup.fetchFresh({ name: claim.name, key: claim.key }, { priority: 'refresh' })
			// 404: renamed or gone; checked all the same (tried again tomorrow).
			if (answer.status === 200 || answer.status === 404) {
				failuresInARow = 0
				result.refreshed += 1
				continue
			}
			result.failed += 1
			failedKeys.push(claim.key)
			await store.releaseFetch(db, claim.key, claimedAt, claim.previous)
			// Refused by the gate because the server is stopping: not the upstream's failure.
			if (stopping()) break
			if (failed(`${claim.key}: HTTP ${answer.status}`)) break
		}
	}

	return {
		/** The refresh and one backfill side by side: the gate lets the refresh's calls go first. */
		async runRound(): Promise<RoundResult> {
			const result: RoundResult = { refreshed: 0, failed: 0, backfilled: 0, backingOff: false }
			if (stopping()) return result
			if (options.now() < backOffUntil) return { ...result, backingOff: true }
			const db = await options.db()
			const [backfilled] = await Promise.all([backfill(db), refresh(db, result)])
			result.backfilled = backfilled
			result.backingOff = options.now() < backOffUntil
			return result
		},
	}
}

/**
 * Runs rounds until the server shuts down: at once while there is work, else every 5 seconds (a
 * round with nothing due is two small queries). A shutdown wakes the pause and waits for the round
 * under way, which stops early (no round starts after it).
 */
export function startRefresher({ lookup, gate }: Pick<RefresherOptions, 'lookup' | 'gate'>) {
	const env = getEnv()
	const clock = getClock()
	runUntilShutdown(async (stopping) => {
		const refresher = createRefresher({
			db: async () => (await getDatabase()).db,
			now: clock.now,
			lookup,
			upstream: createUpstreamClient(playerDataConfigFromEnv(env)),
			gate,
			stopping,
		})
		const pause = (ms: number) => setTimeout(ms, undefined, { signal: stopping, ref: false }).catch(() => {})
		while (!stopping.aborted) {
			let busy = false
			try {
				// Nothing tracked yet (no PGlite folder): do not create one just to find it empty.
				if (databaseExists()) {
					const round = await refresher.runRound()
					busy = round.refreshed + round.failed + round.backfilled > 0 && !round.backingOff
				}
			} catch (error) {
				serverLog.unexpected('tracker: refresh round', error)
			}
			if (!busy) await pause(5000)
		}
	})
}
