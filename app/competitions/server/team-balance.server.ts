/**
 * The auto-balance action: `balanceTeams` fed with each player's recent gains from the tracker
 * (total XP gained over the last `RECENT_DAYS` days, from their snapshots; 0 for a player the
 * tracker has not seen, who is listed as such).
 */
import type { PlayerName } from '#app/player/username.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { readWindowHistories } from '#app/tracker/server/tracker-store.server.ts'
import { balanceTeams } from '../balance.ts'
import { parseBalanceInput, type InputError } from '../competition-input.ts'

const RECENT_DAYS = 30

async function recentGains(db: Database, players: readonly PlayerName[], now: Date) {
	const from = new Date(now.getTime() - RECENT_DAYS * 86_400_000)
	const histories = await readWindowHistories(
		db,
		players.map((player) => player.key),
		from,
		now,
	)
	return players.map((player) => {
		const history = histories.get(player.key)
		const first = history?.before ?? history?.within[0]
		const last = history?.within.at(-1) ?? first
		return { ...player, tracked: history !== undefined, recentGain: first && last ? Math.max(0, last.totalXp - first.totalXp) : 0 }
	})
}

export async function balanceByRecentGains(
	db: Database,
	body: unknown,
	now: Date,
): Promise<{ kind: 'invalid'; errors: InputError[] } | { kind: 'balanced'; days: number; teams: ReturnType<typeof present> }> {
	const parsed = parseBalanceInput(body)
	if (!parsed.ok) return { kind: 'invalid', errors: parsed.errors }
	const gains = await recentGains(db, parsed.input.participants, now)
	const untracked = new Set(gains.filter((player) => !player.tracked).map((player) => player.key))
	return { kind: 'balanced', days: RECENT_DAYS, teams: present(balanceTeams(gains, parsed.input.teams), untracked) }
}

function present(teams: ReturnType<typeof balanceTeams>, untracked: ReadonlySet<string>) {
	return teams.map((team, index) => ({
		name: `Team ${index + 1}`,
		recentGain: team.totalGain,
		participants: team.members.map(({ name, key, recentGain }) => ({ name, recentGain, tracked: !untracked.has(key) })),
	}))
}
