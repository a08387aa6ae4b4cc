/**
 * Groups' background work, for as long as the server runs (with TRACKER_REFRESH=on): the daily
 * roster sync of clan groups, then a round of members' profile fetches (`member-refresh.server.ts`).
 * Both claim their work through the database, so any number of instances share it and a restart
 * picks the schedule up where it was; every upstream call waits at the one gate, at group priority.
 */
import { setTimeout } from 'node:timers/promises'
import { runUntilShutdown } from '#app/server/background-work.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { databaseExists, getDatabase } from '#app/server/db/database.server.ts'
import { log } from '#app/server/log.server.ts'
import { getPlayerServices } from '#app/server/player-services.server.ts'
import { createMemberRefresher } from './member-refresh.server.ts'
import { getGroupsService } from './services.server.ts'

export function startGroupWork() {
	const { tracker, lookup } = getPlayerServices()
	const members = createMemberRefresher({ db: async () => (await getDatabase()).db, now: getClock().now, tracker, lookup })
	// Until the server shuts down: a shutdown wakes the pause, and the round under way ends the loop.
	runUntilShutdown(async (stopping) => {
		const pause = (ms: number) => setTimeout(ms, undefined, { signal: stopping, ref: false }).catch(() => {})
		while (!stopping.aborted) {
			let busy = false
			try {
				// Nothing stored yet (no PGlite folder): no group to work on.
				if (databaseExists()) {
					const synced = await getGroupsService().syncNextDue()
					const round = await members.runRound()
					busy = synced || (round.fetched > 0 && round.failed === 0)
				}
			} catch (error) {
				log.unexpected('groups: background round', error)
			}
			if (!busy) await pause(5000)
		}
	})
}
