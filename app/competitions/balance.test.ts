import { describe, expect, test } from 'vitest'
import { balanceTeams, type BalancePlayer } from './balance.ts'

const players = (...gains: number[]): BalancePlayer[] =>
	gains.map((recentGain, index) => ({ key: `p${index}`, name: `P${index}`, recentGain }))

const totals = (teams: ReturnType<typeof balanceTeams>) => teams.map((team) => team.totalGain)
const sizes = (teams: ReturnType<typeof balanceTeams>) => teams.map((team) => team.members.length)

describe('balanceTeams', () => {
	test('the biggest gainers are spread out, the totals come out even', () => {
		const teams = balanceTeams(players(10, 9, 8, 7, 6, 5, 4, 3), 2)
		expect(totals(teams)).toEqual([26, 26])
		expect(sizes(teams)).toEqual([4, 4])
	})

	test('every player is in exactly one team', () => {
		const list = players(...Array.from({ length: 23 }, (_, i) => (i * 7919) % 1000))
		const teams = balanceTeams(list, 4)
		const keys = teams.flatMap((team) => team.members.map((member) => member.key)).sort()
		expect(keys).toEqual(list.map((player) => player.key).sort())
		expect(sizes(teams).toSorted()).toEqual([5, 6, 6, 6])
	})

	test('sizes differ by one at most, even with one huge gainer', () => {
		// Without the size rule the 1000 would be alone against five.
		const teams = balanceTeams(players(1000, 10, 10, 10, 10, 10), 2)
		expect(sizes(teams)).toEqual([3, 3])
		expect(totals(teams)).toEqual([1020, 30])
	})

	test('random lists: the spread between teams is at most the largest single gain', () => {
		let seed = 42
		const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
		for (let round = 0; round < 50; round++) {
			const list = players(...Array.from({ length: 10 + Math.floor(random() * 90) }, () => Math.floor(random() * 5_000_000)))
			const count = 2 + Math.floor(random() * 4)
			const teams = balanceTeams(list, count)
			const largest = Math.max(...list.map((player) => player.recentGain))
			expect(Math.max(...totals(teams)) - Math.min(...totals(teams))).toBeLessThanOrEqual(largest)
			expect(Math.max(...sizes(teams)) - Math.min(...sizes(teams))).toBeLessThanOrEqual(1)
		}
	})

	test('the same list gives the same teams', () => {
		const list = players(5, 5, 5, 5, 3, 3)
		expect(balanceTeams(list, 3)).toEqual(balanceTeams(list.toReversed(), 3))
	})

	test('fewer than 2 teams, or more teams than players, is refused', () => {
		expect(() => balanceTeams(players(1, 2), 1)).toThrow(/from 2 to the number of players \(2\)/)
		expect(() => balanceTeams(players(1, 2), 3)).toThrow(RangeError)
		expect(() => balanceTeams(players(1, 2, 3), 2.5)).toThrow(RangeError)
	})
})
