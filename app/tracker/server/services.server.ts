/**
 * The player lookup and the tracker of this process, wired together: every upstream fetch the
 * lookup makes is recorded by the tracker, and the tracker's Update goes through the lookup (one
 * cache, one rate limit, one set of upstream errors). Created on first use.
 */
import { questCapeQuests } from '#app/planner/plan.ts'
import { getPlanner } from '#app/planner/server/planner.server.ts'
import { playerDataConfigFromEnv } from '#app/player/server/config.server.ts'
import { createPlayerDataCore, type PlayerLookup } from '#app/player/server/handler.server.ts'
import { finishBeforeExit } from '#app/server/background-work.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { databaseExists, getDatabase } from '#app/server/db/database.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createTracker, type Tracker } from './tracker.server.ts'

let services: { lookup: PlayerLookup; tracker: Tracker } | undefined

export function getPlayerServices(): { lookup: PlayerLookup; tracker: Tracker } {
	if (services) return services
	const clock = getClock()
	const tracker = createTracker({
		db: async () => (await getDatabase()).db,
		now: clock.now,
		fetchFresh: (player) => lookup.fetchFresh(player),
		questCape: {
			quests: questCapeQuests(getPlanner().data).map((quest) => quest.name),
			questName: (title) => getPlanner().questName(title),
		},
		stored: databaseExists,
	})
	const lookup: PlayerLookup = createPlayerDataCore({
		...playerDataConfigFromEnv(getEnv()),
		state: getSharedState(),
		now: clock.now,
		onFetched: (fetched) => finishBeforeExit(tracker.record(fetched)),
		onLookup: (player) => tracker.noteLookup(player),
	})
	services = { lookup, tracker }
	return services
}
