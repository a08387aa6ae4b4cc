/**
 * The composition root of the player lookup and the tracker for this process: every upstream
 * fetch the lookup makes is recorded by the tracker, and the tracker's Update goes through the
 * lookup (one cache, one rate limit, one set of upstream errors). Every upstream call of the
 * process (lookup, Update, refresh, backfill, groups) waits its turn at one gate, whose budget all
 * instances share. A player's opt-out also takes them out of every group, and a name change
 * applied moves their competitions' participant rows (`followRename`). Created on first use.
 */
import { renameInCompetitions } from '#app/competitions/server/competitions-store.server.ts'
import { removePlayerFromGroups } from '#app/groups/server/groups-store.server.ts'
import type { RenameHook } from '#app/groups/server/name-changes-store.server.ts'
import { questCapeQuests } from '#app/planner/plan.ts'
import { getPlanner } from '#app/planner/server/planner.server.ts'
import { playerDataConfigFromEnv } from '#app/player/server/config.server.ts'
import { createPlayerDataCore, type PlayerLookup } from '#app/player/server/handler.server.ts'
import { budgetLimit, createUpstreamGate, type UpstreamGate } from '#app/player/server/upstream-gate.server.ts'
import { finishBeforeExit, shutdownSignal } from '#app/server/background-work.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { databaseExists, getDatabase, type Database } from '#app/server/db/database.server.ts'
import { getEnv, type Env } from '#app/server/env.server.ts'
import { getSharedState, type SharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createPlayerPageSource } from '#app/tracker/server/page-source.server.ts'
import type { PlayerPageSource } from '#app/tracker/server/player-page.server.ts'
import type { QuestCape } from '#app/tracker/server/player-history.server.ts'
import { createTracker, type Tracker } from '#app/tracker/server/tracker.server.ts'
import { trackingLimitsFromEnv } from '#app/tracker/server/tracking-limits.server.ts'

type PlayerServices = { lookup: PlayerLookup; tracker: Tracker; gate: UpstreamGate }
let services: PlayerServices | undefined

export function getPlayerServices(): PlayerServices {
	services ??= createPlayerServices({
		env: getEnv(),
		state: getSharedState(),
		now: getClock().now,
		db: async () => (await getDatabase()).db,
		stored: databaseExists,
	})
	return services
}

/** The services over a database, env, shared state and clock of the caller's choosing (`getPlayerServices`, tests). */
export function createPlayerServices({
	env,
	state,
	now,
	db,
	stored,
}: {
	env: Env
	state: SharedState
	now: () => number
	db: () => Promise<Database>
	stored?: () => boolean
}): PlayerServices {
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
		db,
		now,
		fetchFresh: (player, requestedBy, priority) => lookup.fetchFresh(player, { requestedBy, priority }),
		upstreamFailing: () => gate.failing(),
		tracking: { state, ...trackingLimitsFromEnv(env) },
		questCape: questCapeRule(),
		stored,
		// An opt-out takes the player out of every group too, in the same transaction.
		onOptOut: removePlayerFromGroups,
	})
	const lookup: PlayerLookup = createPlayerDataCore({
		...playerDataConfigFromEnv(env),
		state,
		gate,
		now,
		onFetched: (fetched) => finishBeforeExit(tracker.record(fetched)),
		onLookup: (player) => tracker.noteLookup(player),
	})
	return { lookup, tracker, gate }
}

/**
 * The quest cape's quests (the planner's rule: every quest awarding quest points, so neither
 * miniquests nor sagas) and RuneMetrics' titles read as the catalogue names them: the player
 * page's count and the groups' quest cape milestone.
 */
export function questCapeRule(): QuestCape {
	return {
		quests: questCapeQuests(getPlanner().data).map((quest) => quest.name),
		questName: (title) => getPlanner().questName(title),
	}
}

/**
 * What follows a name change applied, in its transaction (the groups' name-change service calls
 * it; groups' own members follow inside the groups' store): the competitions' participants.
 */
export const followRename: RenameHook = (tx, from, to) => renameInCompetitions(tx, from, to)

/** The player page's reads and Update for one request by `clientId`. */
export function playerPageSource(clientId: string): PlayerPageSource {
	const { lookup, tracker } = getPlayerServices()
	return createPlayerPageSource({ lookup, tracker, state: getSharedState(), now: getClock().now }, clientId)
}
