/**
 * The one way a competition's update round reaches upstream: the tracker's Update (a forced fetch,
 * recorded, skipped when anyone fetched the player in the last minute), or the lookup's forced
 * fetch for a participant the tracker has never seen (its answer is recorded all the same).
 * Both wait their turn at the one upstream gate at competition priority, within the budget.
 */
import type { PlayerLookup } from '#app/player/server/handler.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { Tracker } from '#app/tracker/server/tracker.server.ts'

/** checked: fetched now or within the last minute; missing: no such player upstream; upstream-failing: not even tried. */
export type RefreshOutcome = 'checked' | 'missing' | 'failed' | 'upstream-failing'

export function participantRefresher(
	tracker: Pick<Tracker, 'update'>,
	lookup: Pick<PlayerLookup, 'fetchFresh'>,
): (player: PlayerName) => Promise<RefreshOutcome> {
	return async (player) => {
		const outcome = await tracker.update(player, undefined, 'competition')
		if (outcome.kind === 'updated' || outcome.kind === 'cooldown') return 'checked'
		if (outcome.kind === 'failed') return 'failed'
		if (outcome.kind === 'upstream-failing') return 'upstream-failing'
		const answer = await lookup.fetchFresh(player, { priority: 'competition' })
		return answer.status === 200 ? 'checked' : answer.status === 404 ? 'missing' : 'failed'
	}
}
