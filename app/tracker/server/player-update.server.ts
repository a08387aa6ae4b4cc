/**
 * How a player's history grows: every upstream fetch of the lookup is recorded (within the tracking
 * limits for a new player), lookups keep a player in the daily refresh, and the Update button
 * forces a fetch at most once a minute per player, all instances together.
 */
import { LRUCache } from 'lru-cache'
import type { FetchedPlayer } from '#app/player/server/config.server.ts'
import type { PlayerDataAnswer } from '#app/player/server/handler.server.ts'
import type { UpstreamPriority } from '#app/player/server/upstream-gate.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { Database } from '#app/server/db/database.server.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'
import type { PlayerSummary } from '#app/tracker/api-types.ts'
import { toSnapshot } from '#app/tracker/snapshot.ts'
import { UPDATE_COOLDOWN_MS } from './player-history.server.ts'
import * as store from './tracker-store.server.ts'
import { trackingStarts, type TrackingLimits } from './tracking-limits.server.ts'

/** After a failed forced fetch, the next one waits this long (not the whole cooldown, not nothing). */
export const FAILED_FETCH_COOLDOWN_MS = 30_000
/** A lookup moves "last looked up" at most this often per player (one write, not one per lookup). */
const LOOKUP_NOTE_INTERVAL_MS = 3_600_000

export type UpdateOutcome =
	| { kind: 'updated'; summary: PlayerSummary }
	| { kind: 'cooldown'; retryAfterSeconds: number; summary: PlayerSummary }
	| { kind: 'not-found' }
	/** The upstream fetch failed: the lookup's own error answer (502/504…), nothing stored changed. */
	| { kind: 'failed'; answer: PlayerDataAnswer; retryAfterSeconds: number }
	/** The upstream is failing right now: not even tried. */
	| { kind: 'upstream-failing'; retryAfterSeconds: number }

export type PlayerUpdateOptions = {
	db: () => Promise<Database>
	now: () => number
	/** The lookup's forced fetch (it records through `record`), for the client who asked. */
	fetchFresh: (player: PlayerName, requestedBy?: string, priority?: UpstreamPriority) => Promise<PlayerDataAnswer>
	/** Seconds until the upstream is worth trying again while it fails (the upstream gate), else null. */
	upstreamFailing?: () => number | null
	/** Bounds on who may start tracking new players; none: anyone's lookup starts tracking. */
	tracking?: TrackingLimits & { state: SharedState }
	/** The player's summary as stored now (after a fetch, or during the cooldown). */
	summary: (key: string) => Promise<PlayerSummary | null>
	log: (line: string) => void
}

export function createPlayerUpdates(options: PlayerUpdateOptions) {
	const { now, summary, log } = options
	const noted = new LRUCache<string, number>({ max: 10_000 })
	const trackingStart = trackingStarts(options.tracking)

	function noteLookup(player: Pick<PlayerName, 'key'>): void {
		const time = now()
		if (time - (noted.get(player.key) ?? 0) < LOOKUP_NOTE_INTERVAL_MS) return
		noted.set(player.key, time)
		options
			.db()
			.then((db) => store.touchLookup(db, player.key, new Date(time)))
			.catch((error: unknown) => log(`tracker: noting a lookup failed: ${error instanceof Error ? error.message : String(error)}`))
	}

	return {
		/**
		 * The lookup's `onFetched`: one snapshot (when changed), quests and log entries. A player not
		 * tracked yet is only recorded within the tracking limits of the client who asked.
		 */
		async record(fetched: FetchedPlayer): Promise<void> {
			const db = await options.db()
			if (fetched.requestedBy !== undefined && options.tracking && !(await store.findPlayer(db, fetched.player.key))) {
				const refused = await trackingStart(fetched.requestedBy, true)
				if (refused) return
			}
			const fetchedAt = new Date(fetched.fetchedAt)
			await store.recordFetch(db, {
				key: fetched.player.key,
				name: fetched.name,
				fetchedAt,
				snapshot: toSnapshot(fetched.data, fetchedAt),
				quests: fetched.data.source === 'runemetrics' ? fetched.data.quests : null,
				activities: fetched.activities,
			})
		},

		/** The lookup's `onLookup`, the page's visits and Updates: keeps the player in the daily refresh (and wakes a dormant one). */
		noteLookup,

		/** Why a lookup by `clientId` would not start tracking a new player now; null when it would. */
		trackingRefusal: (clientId: string) => trackingStart(clientId, false),

		/**
		 * The Update button: a fetch now, unless this player was fetched (by anyone, for any reason)
		 * within the last minute.
		 */
		async update(player: PlayerName, requestedBy?: string, priority?: UpstreamPriority): Promise<UpdateOutcome> {
			const db = await options.db()
			const time = new Date(now())
			const failing = options.upstreamFailing?.()
			if (failing)
				return (await store.findPlayer(db, player.key)) ? { kind: 'upstream-failing', retryAfterSeconds: failing } : { kind: 'not-found' }
			const claim = await store.claimFetch(db, player.key, time, UPDATE_COOLDOWN_MS)
			if (!claim.claimed) {
				if (claim.retryAt === null) return { kind: 'not-found' }
				const current = await summary(player.key)
				if (!current) return { kind: 'not-found' }
				const retryAfterSeconds = Math.max(1, Math.ceil((claim.retryAt.getTime() - time.getTime()) / 1000))
				return { kind: 'cooldown', retryAfterSeconds, summary: current }
			}
			noteLookup(player)
			const answer = await options.fetchFresh(player, requestedBy, priority)
			if (answer.status !== 200) {
				// A short cooldown stays, so Updates do not hammer an upstream that just failed.
				const retryAt = new Date(time.getTime() + FAILED_FETCH_COOLDOWN_MS - UPDATE_COOLDOWN_MS)
				await store.releaseFetch(db, player.key, time, retryAt > claim.previous ? retryAt : claim.previous)
				return { kind: 'failed', answer, retryAfterSeconds: FAILED_FETCH_COOLDOWN_MS / 1000 }
			}
			const updated = await summary(player.key)
			return updated ? { kind: 'updated', summary: updated } : { kind: 'not-found' }
		},
	}
}
