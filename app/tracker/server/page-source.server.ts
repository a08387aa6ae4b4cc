import { z } from 'zod'
import type { PlayerName } from '#app/player/username.ts'
import { getClock } from '#app/server/clock.server.ts'
import { getDatabase } from '#app/server/db/database.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import type { PlayerPageSource } from './player-page.server.ts'
import { getPlayerServices } from './services.server.ts'
import type { PlayerReads } from './tracker.server.ts'
import { isOptedOut } from './tracker-store.server.ts'

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

/**
 * The player page over the tracker's server functions, for one request. A visit is a lookup: a
 * player seen for the first time is looked up through the player lookup (its cache, rate limit,
 * upstream gate and errors), which records them and queues the monthly backfill, within the
 * client's and the site's tracking limits. The player's row is found once per request and every
 * section is read from it.
 */
export function getPlayerPageSource(clientId: string): PlayerPageSource {
	const { lookup, tracker } = getPlayerServices()
	const clock = getClock()
	const found = new Map<string, PlayerReads>()

	async function reads(player: PlayerName): Promise<PlayerReads> {
		const known = found.get(player.key) ?? (await tracker.forPlayer(player.key))
		if (!known) throw new Error(`tracker: ${player.key} vanished while its page was built`)
		found.set(player.key, known)
		return known
	}

	async function trackedSummary(player: PlayerName) {
		const known = await tracker.forPlayer(player.key)
		const summary = await known?.summary()
		if (!known || !summary) return null
		found.set(player.key, known)
		return summary
	}

	async function open(player: PlayerName): ReturnType<PlayerPageSource['open']> {
		const known = await trackedSummary(player)
		if (known) {
			tracker.noteLookup(player)
			return { kind: 'tracked', summary: known, firstVisit: false }
		}
		// Blocked names: no upstream call at all.
		if (await isOptedOut((await getDatabase()).db, player.key)) return { kind: 'opted-out' }
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
		if (!(await getSharedState().expiringSet('first-visit-fetch').add(player.key, FIRST_VISIT_FETCH_COOLDOWN_MS)))
			return { kind: 'unknown' }
		const fresh = await lookup.fetchFresh(player, { requestedBy: clientId })
		const summary = fresh.status === 200 ? await trackedSummary(player) : null
		return summary ? { kind: 'tracked', summary, firstVisit: true } : { kind: 'unknown' }
	}

	return {
		open,
		gains: async (player, query) => (await reads(player)).gains(query),
		snapshots: async (player, limit) => (await (await reads(player)).snapshots({ from: null, to: null, limit })).snapshots,
		quests: async (player) => (await reads(player)).questTimeline(),
		activities: async (player) => (await reads(player)).activities(),
		milestones: async (player) => (await reads(player)).milestones(),
		records: async (player) => (await reads(player)).records(),
		async update(player) {
			// The page's Update counts against the client's lookup limit, like the API's.
			if (!(await lookup.hitLimit(clientId)).allowed) return 'limited'
			const before = await tracker.summary(player.key)
			const outcome = await tracker.update(player, clientId)
			if (outcome.kind === 'cooldown') return 'cooldown'
			if (outcome.kind === 'upstream-failing') return 'upstream-failing'
			if (outcome.kind !== 'updated') return 'failed'
			return outcome.summary.latest.takenAt === before?.latest.takenAt ? 'unchanged' : 'updated'
		},
		now: () => new Date(clock.now()),
	}
}
