/**
 * The tracker: a player's stored history behind one object. `player(key)` is the one way into a
 * player's history (their row is read once, every answer comes from that handle); the rest grows
 * it (`player-update.server.ts`), reads the boards (`gains-board.server.ts`) or serves the
 * dashboard (`player-admin.server.ts`). Put together with the player lookup in
 * `#app/server/player-services.server.ts`.
 */
import type { PlayerName } from '#app/player/username.ts'
import type { UpstreamPriority } from '#app/player/server/upstream-gate.server.ts'
import type { PlayerDataAnswer } from '#app/player/server/handler.server.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createGainsBoards } from './gains-board.server.ts'
import { createPlayerAdmin, type OptOutHook } from './player-admin.server.ts'
import { openPlayerHistory, type QuestCape } from './player-history.server.ts'
import { createPlayerUpdates } from './player-update.server.ts'
import * as store from './tracker-store.server.ts'
import type { TrackingLimits } from './tracking-limits.server.ts'

export type TrackerOptions = {
	db: () => Promise<Database>
	now: () => number
	/** The lookup's forced fetch (it records through `record`), for the client who asked. */
	fetchFresh: (player: PlayerName, requestedBy?: string, priority?: UpstreamPriority) => Promise<PlayerDataAnswer>
	/** Seconds until the upstream is worth trying again while it fails (the upstream gate), else null. */
	upstreamFailing?: () => number | null
	/** Bounds on who may start tracking new players; none: anyone's lookup starts tracking. */
	tracking?: TrackingLimits & { state: SharedState }
	questCape?: QuestCape
	/** False while nothing was ever stored (no PGlite folder yet): boards answer empty rather than create one. */
	stored?: () => boolean
	/** Removes what other features keep about a player who opts out, in the opt-out's transaction. */
	onOptOut?: OptOutHook
	log?: (line: string) => void
}

export type Tracker = ReturnType<typeof createTracker>

export function createTracker(options: TrackerOptions) {
	const { db, now } = options
	/** One tracked player's history; null when the player is not tracked (or opted out). */
	const player = async (key: string) => openPlayerHistory(await db(), key, { now, questCape: options.questCape })
	const boards = createGainsBoards(options)
	const admin = createPlayerAdmin(options)
	const updates = createPlayerUpdates({
		...options,
		summary: async (key) => (await player(key))?.summary() ?? null,
		log: options.log ?? serverLog.error,
	})

	return {
		player,
		/** Whether the name was removed at its owner's request (never tracked again, never looked up for the history). */
		optedOut: async (key: string) => store.isOptedOut(await db(), key),
		...updates,
		gainsBoard: boards.gainsBoard,
		findPlayers: admin.findPlayers,
		async deletePlayer(key: string, deleteOptions: { block: boolean }) {
			const deleted = await admin.deletePlayer(key, deleteOptions)
			boards.forgetCounts()
			return deleted
		},
	}
}
