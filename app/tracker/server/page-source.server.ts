import { z } from 'zod'
import type { PlayerLookup } from '#app/player/server/handler.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'
import type { PlayerHistory } from './player-history.server.ts'
import type { PlayerPageSource } from './player-page.server.ts'
import type { Tracker } from './tracker.server.ts'

const errorBodySchema = z.object({ error: z.object({ message: z.string() }) })
const skillsSchema = z.object({ skillvalues: z.array(z.unknown()).min(1) })

function hasSkills(body: string): boolean {
	try {
		return skillsSchema.safeParse(JSON.parse(body)).success
	} catch {
		return false
	}
}

function errorMessage(body: string): string {
	try {
		const parsed = errorBodySchema.safeParse(JSON.parse(body))
		if (parsed.success) return parsed.data.error.message
	} catch {
		// Not JSON: the generic message below.
	}
	return 'RuneMetrics and the hiscores did not answer.'
}

/** A first visit forces a fetch (when the cached answer was not recorded) at most this often per player. */
const FIRST_VISIT_FETCH_COOLDOWN_MS = 60_000

/** What the player page's source needs: the lookup, the tracker, and the shared state for first visits. */
export type PlayerPageServices = {
	lookup: Pick<PlayerLookup, 'recordedLookup' | 'fetchFresh' | 'hitLimit'>
	tracker: Tracker
	state: Pick<SharedState, 'expiringSet'>
	now: () => number
}

/**
 * The player page over the tracker, for one request. A visit is a lookup: a player seen for the
 * first time is looked up through the player lookup (its cache, rate limit, upstream gate and
 * errors), which records them and queues the monthly backfill, within the client's and the site's
 * tracking limits. The player's history is opened once per request and every section is read from
 * it.
 */
export function createPlayerPageSource({ lookup, tracker, state, now }: PlayerPageServices, clientId: string): PlayerPageSource {
	const opened = new Map<string, PlayerHistory>()

	function history(player: PlayerName): PlayerHistory {
		const known = opened.get(player.key)
		if (!known) throw new Error(`tracker: the page read ${player.key} before opening it`)
		return known
	}

	/** The summary of a tracked player (keeping their history for the sections), else null. */
	async function trackedSummary(player: PlayerName) {
		const known = await tracker.player(player.key)
		const summary = await known?.summary()
		if (!known || !summary) return null
		opened.set(player.key, known)
		return summary
	}

	async function open(player: PlayerName): ReturnType<PlayerPageSource['open']> {
		const known = await trackedSummary(player)
		if (known) {
			tracker.noteLookup(player)
			return { kind: 'tracked', summary: known, firstVisit: false }
		}
		// Blocked names: no upstream call at all.
		if (await tracker.optedOut(player.key)) return { kind: 'opted-out' }
		const answer = await lookup.recordedLookup(player, clientId)
		if (answer.status === 404) return { kind: 'unknown' }
		if (answer.status !== 200) return { kind: 'upstream-error', message: errorMessage(answer.body) }
		const recorded = await trackedSummary(player)
		if (recorded) return { kind: 'tracked', summary: recorded, firstVisit: true }
		// Private and not ranked by the hiscores: nothing to record, and the answer (cached like
		// any other) says so until it expires; no forced fetch.
		if (!hasSkills(answer.body)) return { kind: 'unknown' }
		const refusal = await tracker.trackingRefusal(clientId)
		if (refusal) return { kind: 'not-tracked', ...refusal }
		// A cached answer from before (not recorded then): fetched afresh, at most once a minute per player.
		if (!(await state.expiringSet('first-visit-fetch').add(player.key, FIRST_VISIT_FETCH_COOLDOWN_MS))) return { kind: 'unknown' }
		const fresh = await lookup.fetchFresh(player, { requestedBy: clientId })
		const summary = fresh.status === 200 ? await trackedSummary(player) : null
		return summary ? { kind: 'tracked', summary, firstVisit: true } : { kind: 'unknown' }
	}

	return {
		open,
		gains: (player, query) => history(player).gains(query),
		snapshots: async (player, limit) => (await history(player).snapshots({ from: null, to: null, limit })).snapshots,
		quests: (player) => history(player).questTimeline(),
		activities: (player) => history(player).activities(),
		milestones: (player) => history(player).milestones(),
		records: (player) => history(player).records(),
		async update(player) {
			// The page's Update counts against the client's lookup limit, like the API's.
			if (!(await lookup.hitLimit(clientId)).allowed) return 'limited'
			const before = await (await tracker.player(player.key))?.summary()
			const outcome = await tracker.update(player, clientId)
			if (outcome.kind === 'cooldown') return 'cooldown'
			if (outcome.kind === 'upstream-failing') return 'upstream-failing'
			if (outcome.kind !== 'updated') return 'failed'
			return outcome.summary.latest.takenAt === before?.latest.takenAt ? 'unchanged' : 'updated'
		},
		now: () => new Date(now()),
	}
}
