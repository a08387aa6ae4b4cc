/**
 * The player lookup and the tracker of this process, wired together: every upstream fetch the
 * lookup makes is recorded by the tracker, and the tracker's Update goes through the lookup (one
 * cache, one rate limit, one set of upstream errors). Every upstream call of the process (lookup,
 * Update, refresh, backfill) waits its turn at one gate, whose budget all instances share.
 * Created on first use.
 */
import { questCapeQuests } from '#app/planner/plan.ts'
import { getPlanner } from '#app/planner/server/planner.server.ts'
import { playerDataConfigFromEnv } from '#app/player/server/config.server.ts'
import { createPlayerDataCore, type PlayerLookup } from '#app/player/server/handler.server.ts'
import { finishBeforeExit, shutdownSignal } from '#app/server/background-work.server.ts'
import { budgetLimit, createUpstreamGate, type UpstreamGate } from '#app/player/server/upstream-gate.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { databaseExists, getDatabase } from '#app/server/db/database.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createTracker, trackingLimitsFromEnv, type Tracker } from './tracker.server.ts'

type PlayerServices = { lookup: PlayerLookup; tracker: Tracker; gate: UpstreamGate }
let services: PlayerServices | undefined

export function getPlayerServices(): PlayerServices {
	if (services) return services
	const clock = getClock()
	const env = getEnv()
	const state = getSharedState()
	const gate = createUpstreamGate({
		rps: env.TRACKER_UPSTREAM_RPS,
		budget: state.limiter('tracker-upstream', budgetLimit(env.TRACKER_UPSTREAM_RPS)),
		// Real time, not the test-only shiftable clock: the budget is about real seconds.
		now: Date.now,
		sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
		log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
		stopping: shutdownSignal,
	})
	const tracker = createTracker({
		db: async () => (await getDatabase()).db,
		now: clock.now,
		fetchFresh: (player, requestedBy, priority) => lookup.fetchFresh(player, { requestedBy, priority }),
		upstreamFailing: () => gate.failing(),
		tracking: { state, ...trackingLimitsFromEnv(env) },
		questCape: {
			quests: questCapeQuests(getPlanner().data).map((quest) => quest.name),
			questName: (title) => getPlanner().questName(title),
		},
		stored: databaseExists,
	})
	const lookup: PlayerLookup = createPlayerDataCore({
		...playerDataConfigFromEnv(getEnv()),
		state,
		gate,
		now: clock.now,
		onFetched: (fetched) => finishBeforeExit(tracker.record(fetched)),
		onLookup: (player) => tracker.noteLookup(player),
	})
	services = { lookup, tracker, gate }
	return services
}
