import { expect, test } from 'vitest'
import {
	competitionAnnouncements,
	logAnnouncements,
	normaliseLogMatch,
	questCapeAnnouncements,
	rosterAnnouncements,
	type MemberLogEntry,
} from './announcements.ts'
import { getSkill } from '#app/lib/skills.ts'

const competition = {
	title: 'Magic week',
	url: 'https://guide.example/competitions/7',
	startsAt: '2026-12-01T18:00:00.000Z',
	endsAt: '2026-12-08T18:00:00.000Z',
}
const group = { name: 'Some Clan', url: 'https://guide.example/groups/3' }

test('competition announcements are keyed by competition and event; "finished" carries the top 3', () => {
	const top = [
		{ name: 'A', score: 30 },
		{ name: 'B', score: 20 },
		{ name: 'C', score: 10 },
		{ name: 'D', score: 5 },
	]
	expect(competitionAnnouncements(7, competition, ['started', 'ending-soon'], top)).toEqual([
		{ key: 'competition:7:started', event: { kind: 'competition-started', competition } },
		{ key: 'competition:7:ending-soon', event: { kind: 'competition-ending-soon', competition } },
	])
	expect(competitionAnnouncements(7, competition, ['finished'], top)).toEqual([
		{ key: 'competition:7:finished', event: { kind: 'competition-finished', competition, top: top.slice(0, 3) } },
	])
	expect(competitionAnnouncements(7, competition, ['starting-soon'], [])[0]!.event.kind).toBe('competition-starting-soon')
})

test('roster: joins and leaves are announced, each keyed by player and time; rank changes and renames are not', () => {
	const at = new Date('2026-11-28T10:00:00Z')
	const events = [
		{ at, type: 'joined', playerKey: 'zezima', playerName: 'Zezima' },
		{ at, type: 'left', playerKey: 'anna', playerName: 'Anna' },
		{ at, type: 'rank-changed', playerKey: 'bob', playerName: 'Bob' },
		{ at, type: 'renamed', playerKey: 'bobby', playerName: 'Bobby' },
	]
	expect(rosterAnnouncements(3, group, events)).toEqual([
		{ key: 'group:3:joined:zezima:2026-11-28T10:00:00.000Z', event: { kind: 'member-joined', group, player: 'Zezima' } },
		{ key: 'group:3:left:anna:2026-11-28T10:00:00.000Z', event: { kind: 'member-left', group, player: 'Anna' } },
	])
})

test("log: 99, 120 and 200M are milestones; drops and kills are announced only when they match the group's list", () => {
	const entry = (patch: Partial<MemberLogEntry>): MemberLogEntry => ({
		playerKey: 'zezima',
		name: 'Zezima',
		occurredAt: new Date('2026-11-28T10:00:00Z'),
		kind: 'level',
		skill: null,
		subject: null,
		amount: null,
		...patch,
	})
	const magic = getSkill('magic')!.id
	const entries = [
		entry({ kind: 'level', skill: magic, amount: 99 }),
		entry({ kind: 'level', skill: magic, amount: 98 }),
		entry({ kind: 'level', skill: getSkill('invention')!.id, amount: 120 }),
		entry({ kind: 'xp-milestone', skill: magic, amount: 200_000_000 }),
		entry({ kind: 'xp-milestone', skill: magic, amount: 50_000_000 }),
		entry({ kind: 'drop', subject: 'a pair of Dragon Rider boots' }),
		entry({ kind: 'drop', subject: 'some Dragon bones' }),
		entry({ kind: 'boss-kill', subject: 'Voragos', amount: 5 }),
		entry({ kind: 'boss-kill', subject: 'Telos', amount: 1 }),
	]
	const found = logAnnouncements(3, group, entries, ['dragon rider boots', 'vorago'].map(normaliseLogMatch))
	expect(found.map((item) => item.event)).toEqual([
		{ kind: 'milestone', group, player: 'Zezima', milestone: { type: 'level', level: 99, skill: 'magic' } },
		{ kind: 'milestone', group, player: 'Zezima', milestone: { type: 'level', level: 120, skill: 'invention' } },
		{ kind: 'milestone', group, player: 'Zezima', milestone: { type: '200m', skill: 'magic' } },
		{ kind: 'log-match', group, player: 'Zezima', entry: { type: 'drop', item: 'a pair of Dragon Rider boots' } },
		{ kind: 'log-match', group, player: 'Zezima', entry: { type: 'kill', boss: 'Voragos', count: 5 } },
	])
	// Each keyed by player, time, kind and subject: found again, the same keys.
	expect(new Set(found.map((item) => item.key)).size).toBe(5)
	expect(logAnnouncements(3, group, entries, []).map((item) => item.event.kind)).toEqual(['milestone', 'milestone', 'milestone'])
	expect(normaliseLogMatch('  Dragon   Rider Boots ')).toBe('dragon rider boots')
})

test('the quest cape: once every cape quest is done, the last seen complete from `since`; never for a cape held before tracking', () => {
	// Two cape quests; the miniquest awards no quest points, so it does not count. RuneMetrics' spelling is read as the catalogue's.
	const cape = {
		quests: ["Cook's Assistant", 'Dragon Slayer I'],
		questName: (title: string) => (title === 'Dragon Slayer' ? 'Dragon Slayer I' : title),
	}
	const since = new Date('2026-11-27T00:00:00Z')
	const member = (name: string, completions: [string, string | null][]) => ({
		playerKey: name.toLowerCase(),
		name,
		completions: completions.map(([title, at]) => ({ title, completedAt: at === null ? null : new Date(at) })),
	})
	const announced = questCapeAnnouncements(
		3,
		group,
		[
			// Capped by a fetch after tracking began: announced.
			member('Zezima', [
				["Cook's Assistant", null],
				['Dragon Slayer', '2026-11-28T10:00:00Z'],
			]),
			// Everything done at the first fetch (a clan just added): never.
			member('Anna', [
				["Cook's Assistant", null],
				['Dragon Slayer', null],
				['Bar Crawl (miniquest)', '2026-11-28T10:00:00Z'],
			]),
			// One cape quest left; a miniquest does not make up for it.
			member('Bob', [
				["Cook's Assistant", '2026-11-28T10:00:00Z'],
				['Bar Crawl (miniquest)', '2026-11-28T10:00:00Z'],
			]),
			// Capped long ago (a week back); a quest done since is not the cape.
			member('Cy', [
				["Cook's Assistant", '2026-11-20T10:00:00Z'],
				['Dragon Slayer', '2026-11-20T11:00:00Z'],
				['Some New Quest', '2026-11-28T10:00:00Z'],
			]),
		],
		cape,
		since,
	)
	expect(announced).toEqual([
		{ key: 'group:3:quest-cape:zezima', event: { kind: 'milestone', group, player: 'Zezima', milestone: { type: 'quest-cape' } } },
	])
	expect(
		questCapeAnnouncements(3, group, [member('Zezima', [['Dragon Slayer', '2026-11-28T10:00:00Z']])], { ...cape, quests: [] }, since),
	).toEqual([])
})
