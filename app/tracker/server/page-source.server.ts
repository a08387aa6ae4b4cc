import { z } from 'zod'
import type { PlayerName } from '#app/player/username.ts'
import { getClock } from '#app/server/clock.server.ts'
import { getDatabase } from '#app/server/db/database.server.ts'
import type { PlayerPageSource } from './player-page.server.ts'
import { getPlayerServices } from './services.server.ts'
import { isOptedOut } from './tracker-store.server.ts'

const errorBodySchema = z.object({ error: z.object({ message: z.string() }) })

function errorMessage(body: string): string {
	try {
		const parsed = errorBodySchema.safeParse(JSON.parse(body))
		if (parsed.success) return parsed.data.error.message
	} catch {
		// Not JSON: the generic message below.
	}
	return 'RuneMetrics and the hiscores did not answer.'
}

/**
 * The player page over the tracker's server functions. A visit is a lookup: a player seen for the
 * first time is looked up through the player lookup (its cache, rate limit and errors), which
 * records them and queues the monthly backfill.
 */
export function getPlayerPageSource(clientId: string): PlayerPageSource {
	const { lookup, tracker } = getPlayerServices()
	const clock = getClock()
	const empty = { name: '', quests: [], activities: [], snapshots: [] }

	async function open(player: PlayerName): ReturnType<PlayerPageSource['open']> {
		const known = await tracker.summary(player.key)
		if (known) {
			tracker.noteLookup(player)
			return { kind: 'tracked', summary: known, firstVisit: false }
		}
		// Blocked names: no upstream call at all.
		if (await isOptedOut((await getDatabase()).db, player.key)) return { kind: 'opted-out' }
		const answer = await lookup(
			'GET',
			new URLSearchParams({ username: player.name, quests: 'true' }),
			clientId,
		)
		if (answer.status === 404) return { kind: 'unknown' }
		if (answer.status !== 200) return { kind: 'upstream-error', message: errorMessage(answer.body) }
		// A cached answer from before tracking was not recorded: fetch it afresh (recorded).
		const summary =
			(await tracker.summary(player.key)) ??
			((await lookup.fetchFresh(player)).status === 200 ? await tracker.summary(player.key) : null)
		return summary ? { kind: 'tracked', summary, firstVisit: true } : { kind: 'unknown' }
	}

	return {
		open,
		async gains(player, query) {
			const gains = await tracker.gains(player.key, query)
			if (!gains) throw new Error(`tracker: ${player.key} vanished while its page was built`)
			return gains
		},
		async snapshots(player, limit) {
			return ((await tracker.snapshots(player.key, { from: null, to: null, limit })) ?? empty)
				.snapshots
		},
		async quests(player) {
			return (await tracker.questTimeline(player.key)) ?? empty
		},
		async activities(player) {
			return (await tracker.activities(player.key)) ?? empty
		},
		milestones: (player) => tracker.milestones(player.key),
		async records(player) {
			const records = await tracker.records(player.key)
			if (!records) throw new Error(`tracker: ${player.key} vanished while its page was built`)
			return records
		},
		async update(player) {
			const before = await tracker.summary(player.key)
			const outcome = await tracker.update(player)
			if (outcome.kind === 'cooldown') return 'cooldown'
			if (outcome.kind !== 'updated') return 'failed'
			return outcome.summary.latest.takenAt === before?.latest.takenAt ? 'unchanged' : 'updated'
		},
		now: () => new Date(clock.now()),
	}
}
