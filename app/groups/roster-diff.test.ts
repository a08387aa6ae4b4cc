import { describe, expect, it } from 'vitest'
import type { ClanRank } from './ranks.ts'
import { diffRoster, type RosterMember } from './roster-diff.ts'

const member = (name: string, rank: ClanRank, totalXp: number): RosterMember => ({
	key: name.toLowerCase(),
	name,
	rank,
	totalXp,
})
const t0 = new Date('2026-11-27T00:00:00Z')
const t1 = new Date('2026-11-28T00:00:00Z') // a day later: up to 240M XP fits

describe('diffRoster', () => {
	it('nothing changed, nothing to say (a case change is the same member)', () => {
		const members = [member('Zezima Jr', 'Owner', 100), member('Anna', 'Recruit', 50)]
		const renamed = [member('ZEZIMA JR', 'Owner', 120), member('Anna', 'Recruit', 50)]
		expect(diffRoster({ at: t0, members }, { at: t1, members: renamed })).toEqual({
			events: [],
			renames: [],
		})
	})

	it('joined, left and rank changed, dated with the new reading', () => {
		const previous = [member('Zezima Jr', 'Owner', 100), member('Anna', 'Recruit', 5_000_000_000), member('Bob', 'Corporal', 10)]
		const next = [member('Zezima Jr', 'Owner', 100), member('Bob', 'Sergeant', 10), member('Cleo', 'Recruit', 1_000)]
		const { events, renames } = diffRoster({ at: t0, members: previous }, { at: t1, members: next })
		expect(events).toEqual([
			{ type: 'left', at: t1, member: { key: 'anna', name: 'Anna' }, rank: 'Recruit' },
			{ type: 'joined', at: t1, member: { key: 'cleo', name: 'Cleo' }, rank: 'Recruit' },
			{
				type: 'rank-changed',
				at: t1,
				member: { key: 'bob', name: 'Bob' },
				from: 'Corporal',
				to: 'Sergeant',
			},
		])
		// Cleo has less XP than Anna had: not a rename.
		expect(renames).toEqual([])
	})

	it("suggests a rename when the gained member has at least the lost one's XP, within what the time allows", () => {
		const previous = [member('Old Name', 'Captain', 1_000_000_000)]
		const next = [member('New Name', 'Captain', 1_050_000_000)]
		const { events, renames } = diffRoster({ at: t0, members: previous }, { at: t1, members: next })
		expect(events.map((e) => e.type)).toEqual(['left', 'joined'])
		expect(renames).toEqual([{ from: { key: 'old name', name: 'Old Name' }, to: { key: 'new name', name: 'New Name' } }])
	})

	it('no rename when the gap is more than the elapsed time allows', () => {
		const previous = { at: t0, members: [member('Old Name', 'Captain', 1_000_000_000)] }
		const oneHour = new Date(t0.getTime() + 3_600_000)
		expect(diffRoster(previous, { at: oneHour, members: [member('New Name', 'Captain', 1_010_000_001)] }).renames).toEqual([])
		expect(diffRoster(previous, { at: oneHour, members: [member('New Name', 'Captain', 1_010_000_000)] }).renames).toHaveLength(1)
	})

	it('pairs each member once: same rank first, then the closest XP', () => {
		const previous = [member('Lost Low', 'Recruit', 1_000_000), member('Lost Gen', 'General', 2_000_000)]
		const next = [member('Got A', 'Recruit', 2_100_000), member('Got B', 'General', 2_500_000), member('Got C', 'Recruit', 1_200_000)]
		const { renames } = diffRoster({ at: t0, members: previous }, { at: t1, members: next })
		expect(renames.map((r) => `${r.from.name} → ${r.to.name}`)).toEqual(['Lost Low → Got C', 'Lost Gen → Got B'])
	})
})
