/**
 * "Auto-balance": split players into `teamCount` teams of about equal recent gains. Greedy
 * (longest processing time first): the biggest gainer goes to the team with the least so far,
 * and so on down. Team sizes differ by one at most, so a team is not one strong player against
 * many weak ones. Deterministic: equal gains are taken in name order.
 */
export type BalancePlayer = { key: string; name: string; recentGain: number }

export type BalancedTeam = { members: BalancePlayer[]; totalGain: number }

export function balanceTeams(players: readonly BalancePlayer[], teamCount: number): BalancedTeam[] {
	if (!Number.isInteger(teamCount) || teamCount < 2 || teamCount > players.length)
		throw new RangeError(`Teams: from 2 to the number of players (${players.length}), not ${teamCount}.`)
	const capacity = Math.ceil(players.length / teamCount)
	// Only this many teams may reach `capacity`; the rest stop one below it.
	let fullTeamsLeft = players.length - (capacity - 1) * teamCount
	const teams: BalancedTeam[] = Array.from({ length: teamCount }, () => ({
		members: [],
		totalGain: 0,
	}))
	const order = players.toSorted((a, b) => b.recentGain - a.recentGain || a.name.localeCompare(b.name))
	for (const player of order) {
		const open = teams.filter((team) => team.members.length < capacity - 1 || (team.members.length === capacity - 1 && fullTeamsLeft > 0))
		const team = open.reduce((best, next) =>
			next.totalGain < best.totalGain || (next.totalGain === best.totalGain && next.members.length < best.members.length) ? next : best,
		)
		if (team.members.length === capacity - 1) fullTeamsLeft -= 1
		team.members.push(player)
		team.totalGain += player.recentGain
	}
	return teams
}
