import { normalisePlayerName } from '#app/player/username.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { PLAYERS_PATH } from '#app/dashboard/paths.ts'
import type { DashboardPlayersData } from '#app/tracker/dashboard-players.tsx'
import type { Tracker } from './tracker.server.ts'

/** `?q=` (the start of a name) and the outcome of the last delete (`?deleted=…&blocked=1`). */
export async function findForDashboard(tracker: Pick<Tracker, 'findPlayers'>, url: URL): Promise<Omit<DashboardPlayersData, 'error'>> {
	const query = (url.searchParams.get('q') ?? '').trim().slice(0, 12)
	const rows = query ? await tracker.findPlayers(normalisePlayerName(query).key) : []
	const deletedName = url.searchParams.get('done')
	return {
		query,
		players: rows.map((row) => ({
			key: row.key,
			name: row.name,
			trackedSince: row.trackedSince.toISOString(),
			lastCheckedAt: row.lastCheckedAt.toISOString(),
		})),
		done: deletedName
			? {
					name: deletedName,
					deleted: url.searchParams.get('deleted') === '1',
					blocked: url.searchParams.get('blocked') === '1',
				}
			: null,
	}
}

/** Deletes a player's whole history, and with `block` keeps the name from being tracked again. */
export async function deleteFromDashboard(
	tracker: Pick<Tracker, 'deletePlayer'>,
	rawName: FormDataEntryValue | null,
	block: boolean,
): Promise<{ ok: true; location: string } | { ok: false; error: string }> {
	const player = parsePlayerName(typeof rawName === 'string' ? rawName : '')
	if (!player.success) return { ok: false, error: player.message }
	const { deleted } = await tracker.deletePlayer(player.data.key, { block })
	const back = new URLSearchParams({
		done: player.data.name,
		deleted: deleted ? '1' : '0',
		blocked: block ? '1' : '0',
	})
	return { ok: true, location: `${PLAYERS_PATH}?${back}` }
}
