import { describe, expect, test } from 'vitest'
import { classifyLogEntry } from '#app/groups/log-kinds.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { parseMetric } from './metrics.ts'
import { scoreCompetition, scoreProgress, scoreTeams, type ParticipantRecord, type WeightedMetric } from './scoring.ts'

const BASE = 50_000_000

const week = {
	startsAt: new Date('2026-12-01T18:00:00Z'),
	endsAt: new Date('2026-12-08T18:00:00Z'),
	frozenAt: null,
}

function metrics(...list: [string, number][]): WeightedMetric[] {
	return list.map(([raw, weight]) => {
		const parsed = parseMetric(raw)
		if (!parsed.ok) throw new Error(parsed.message)
		return { metric: parsed.metric, weight }
	})
}

function player(
	name: string,
	snapshots: ParticipantRecord['snapshots'],
	log: { date: string; text: string }[] | null = [],
): ParticipantRecord {
	return {
		key: name.toLowerCase(),
		name,
		snapshots,
		log: log && log.map((entry) => ({ date: entry.date, kind: classifyLogEntry(entry) })),
	}
}

const at = (time: string, skills: Parameters<typeof testSnapshot>[2] = {}) => testSnapshot(time, BASE, skills)

describe('scoreCompetition', () => {
	test('several skills summed, several metrics weighted; each part shown', () => {
		const standings = scoreCompetition(week, metrics(['magic+ranged', 1], ['attack', 2]), [
			player('Ann', [
				at('2026-12-01T18:05:00Z'),
				at('2026-12-03T12:00:00Z', {
					magic: BASE + 100_000,
					ranged: BASE + 50_000,
					attack: BASE + 10_000,
				}),
			]),
			player('Bob', [at('2026-12-01T18:01:00Z'), at('2026-12-05T12:00:00Z', { attack: BASE + 90_000 })]),
		])
		expect(standings.map((s) => [s.name, s.rank, s.score])).toEqual([
			['Bob', 1, 180_000],
			['Ann', 2, 170_000],
		])
		expect(standings[1]!.parts).toEqual([
			{ metric: 'magic+ranged', value: 150_000, points: 150_000 },
			{ metric: 'attack', value: 10_000, points: 20_000 },
		])
	})

	test('only snapshots within the competition count: the first at or after the start, the last at or before the end (none after the final round)', () => {
		const [ann] = scoreCompetition(week, metrics(['overall', 1]), [
			player('Ann', [
				at('2026-11-30T00:00:00Z', { magic: BASE - 1_000_000 }),
				at('2026-12-01T18:00:00Z'),
				at('2026-12-08T18:00:00Z', { magic: BASE + 5_000 }),
				at('2026-12-09T00:00:00Z', { magic: BASE + 9_000_000 }),
			]),
		])
		expect(ann).toMatchObject({
			score: 5_000,
			startSnapshotAt: '2026-12-01T18:00:00Z',
			endSnapshotAt: '2026-12-08T18:00:00Z',
		})
	})

	test('levels gained are real levels over every skill', () => {
		const [ann] = scoreCompetition(week, metrics(['levels', 1]), [
			player('Ann', [
				testSnapshot('2026-12-02T00:00:00Z', 0, { magic: 0, attack: 83 }),
				testSnapshot('2026-12-03T00:00:00Z', 0, { magic: 174, attack: 83 }),
			]),
		])
		// magic 1 → 3 (174 XP is level 3), attack stays 2.
		expect(ann!.parts[0]!.value).toBe(2)
	})

	test('a private profile: no data, not 0, ranked after everyone, even in a log metric', () => {
		const standings = scoreCompetition(week, metrics(['kills', 1]), [
			player('Hidden', [at('2026-12-02T00:00:00Z')], null),
			player('Shown', [at('2026-12-02T00:00:00Z')], []),
		])
		expect(standings.map((s) => [s.name, s.rank, s.score])).toEqual([
			['Shown', 1, 0],
			['Hidden', null, null],
		])
		expect(standings[1]!.parts).toEqual([{ metric: 'kills', value: null, points: null }])
	})

	test('no snapshot since the start is no data for XP; with a log metric beside it the log part still counts', () => {
		const [ann] = scoreCompetition(week, metrics(['magic', 1], ['caps', 10]), [
			player('Ann', [at('2026-11-30T00:00:00Z')], [{ date: '2026-12-02T10:00:00Z', text: 'Capped at my Clan Citadel.' }]),
		])
		expect(ann!.parts).toEqual([
			{ metric: 'magic', value: null, points: null },
			{ metric: 'caps', value: 1, points: 10 },
		])
		expect(ann!.score).toBe(10)
	})

	test('log metrics: one boss across the singular and plural lines, any boss, matching drops, caps; only within the dates', () => {
		const log = [
			{ date: '2026-11-30T10:00:00Z', text: 'I killed 50 Amascuts.' },
			{ date: '2026-12-02T10:00:00Z', text: 'I killed 12 Amascuts.' },
			{ date: '2026-12-02T11:00:00Z', text: 'I killed  Amascut.' },
			{ date: '2026-12-03T11:00:00Z', text: 'I killed  Vorago.' },
			{ date: '2026-12-04T11:00:00Z', text: 'I found a pair of Dragon Rider boots.' },
			{ date: '2026-12-04T12:00:00Z', text: 'I found some Dragon bones.' },
			{ date: '2026-12-05T12:00:00Z', text: 'Capped at my Clan Citadel.' },
			{ date: '2026-12-09T12:00:00Z', text: 'I killed  Vorago.' },
		]
		const [ann] = scoreCompetition(
			week,
			metrics(['kills:amascuts', 1], ['kills', 1], ['drops:dragon rider boots', 1], ['drops', 1], ['caps', 1]),
			[player('Ann', [at('2026-12-01T18:00:00Z')], log)],
		)
		expect(ann!.parts.map((part) => [part.metric, part.value])).toEqual([
			['kills:amascuts', 13],
			['kills', 14],
			['drops:dragon rider boots', 1],
			['drops', 2],
			['caps', 1],
		])
		expect(ann!.reachedAt).toBe('2026-12-05T12:00:00Z')
	})

	test('ties: who reached the score first ranks first; the same score at the same time shares a rank', () => {
		const standings = scoreCompetition(week, metrics(['magic', 1]), [
			player('Late', [at('2026-12-01T18:00:00Z'), at('2026-12-06T00:00:00Z', { magic: BASE + 1_000 })]),
			player('Early', [
				at('2026-12-01T18:00:00Z'),
				at('2026-12-02T00:00:00Z', { magic: BASE + 1_000 }),
				// A later snapshot with no more magic does not move when the score was reached.
				at('2026-12-07T00:00:00Z', { magic: BASE + 1_000, attack: BASE + 5 }),
			]),
			player('Same', [at('2026-12-01T18:00:00Z'), at('2026-12-02T00:00:00Z', { magic: BASE + 1_000 })]),
			player('Zero', [at('2026-12-01T18:00:00Z')]),
		])
		expect(standings.map((s) => [s.name, s.rank, s.reachedAt])).toEqual([
			['Early', 1, '2026-12-02T00:00:00Z'],
			['Same', 1, '2026-12-02T00:00:00Z'],
			['Late', 3, '2026-12-06T00:00:00Z'],
			['Zero', 4, null],
		])
	})

	test('a tie on a log metric is broken by the entry that completed the score', () => {
		const kill = (date: string) => ({ date, text: 'I killed  Vorago.' })
		const standings = scoreCompetition(week, metrics(['kills:vorago', 1]), [
			player('A', [], [kill('2026-12-02T00:00:00Z'), kill('2026-12-04T00:00:00Z')]),
			player('B', [], [kill('2026-12-03T00:00:00Z'), kill('2026-12-03T01:00:00Z')]),
		])
		expect(standings.map((s) => [s.name, s.score, s.rank])).toEqual([
			['B', 2, 1],
			['A', 2, 2],
		])
	})

	test('an XP drop is left out and flagged; the count goes on from the snapshot after it', () => {
		const [ann] = scoreCompetition(week, metrics(['overall', 1]), [
			player('Ann', [
				at('2026-12-02T00:00:00Z'),
				at('2026-12-03T00:00:00Z', { magic: BASE + 1_000 }),
				at('2026-12-04T00:00:00Z', { magic: BASE - 5_000_000, attack: BASE + 7_000 }),
				at('2026-12-05T00:00:00Z', { magic: BASE - 4_999_000, attack: BASE + 7_000 }),
			]),
		])
		expect(ann!.score).toBe(2_000)
		expect(ann!.flagged).toEqual([
			{
				from: '2026-12-03T00:00:00Z',
				to: '2026-12-04T00:00:00Z',
				reason: 'xp-drop',
				detail: 'magic',
			},
		])
	})

	test('a gain faster than any account can make is left out and flagged', () => {
		const [ann] = scoreCompetition(week, metrics(['magic', 1]), [
			player('Ann', [
				at('2026-12-02T00:00:00Z'),
				// 30M in one hour: over 10M an hour.
				at('2026-12-02T01:00:00Z', { magic: BASE + 30_000_000 }),
				// 9M in the next hour fits.
				at('2026-12-02T02:00:00Z', { magic: BASE + 39_000_000 }),
			]),
		])
		expect(ann!.score).toBe(9_000_000)
		expect(ann!.flagged).toEqual([
			{
				from: '2026-12-02T00:00:00Z',
				to: '2026-12-02T01:00:00Z',
				reason: 'too-fast',
				detail: '30000000 XP',
			},
		])
	})

	test('a hiscores snapshot listing an unranked skill as 0 is neither a drop nor, later, a gain', () => {
		const hiscores = { ...at('2026-12-03T00:00:00Z', { magic: 0 }), source: 'hiscores' as const }
		const [ann] = scoreCompetition(week, metrics(['magic', 1]), [
			player('Ann', [at('2026-12-02T00:00:00Z'), hiscores, at('2026-12-04T00:00:00Z', { magic: BASE + 300 })]),
		])
		expect(ann).toMatchObject({ score: 300, flagged: [] })
	})

	test('a competition over the turn of a month and of a year', () => {
		const newYear = {
			startsAt: new Date('2026-12-28T00:00:00Z'),
			endsAt: new Date('2027-01-04T00:00:00Z'),
			frozenAt: new Date('2027-01-04T00:30:00Z'),
		}
		const standings = scoreCompetition(newYear, metrics(['woodcutting', 1], ['drops', 1000]), [
			player(
				'Ann',
				[
					at('2026-12-27T23:59:59Z', { woodcutting: BASE - 77 }),
					at('2026-12-28T00:00:30Z'),
					at('2026-12-31T23:00:00Z', { woodcutting: BASE + 400_000 }),
					at('2027-01-01T01:00:00Z', { woodcutting: BASE + 1_000_000 }),
					// After the freeze: not the final round's.
					at('2027-01-04T00:30:01Z', { woodcutting: BASE + 9_000_000 }),
				],
				[
					{ date: '2026-12-31T23:59:00Z', text: 'I found a Seismic wand.' },
					{ date: '2027-01-01T00:01:00Z', text: 'I found some Dragon bones.' },
					{ date: '2027-01-04T00:01:00Z', text: 'I found some Dragon bones.' },
				],
			),
		])
		expect(standings[0]).toMatchObject({
			score: 1_002_000,
			parts: [
				{ metric: 'woodcutting', value: 1_000_000, points: 1_000_000 },
				{ metric: 'drops', value: 2, points: 2000 },
			],
			reachedAt: '2027-01-01T01:00:00Z',
			startSnapshotAt: '2026-12-28T00:00:30Z',
			endSnapshotAt: '2027-01-01T01:00:00Z',
		})
	})
})

describe('the final round: the first snapshot after the end, by the freeze, is the end value', () => {
	const END = '2026-12-08T18:00:00Z'
	const after = (minutes: number) => new Date(Date.parse(END) + minutes * 60_000).toISOString()

	test('its snapshot counts (dated at the end for the tie-break); a second one does not; nor is it a start value', () => {
		const [ann, bob] = scoreCompetition(week, metrics(['magic', 1]), [
			player('Ann', [
				at('2026-12-01T18:00:00Z'),
				at('2026-12-08T12:00:00Z', { magic: BASE + 1_000 }),
				at(after(5), { magic: BASE + 3_000 }),
				at(after(20), { magic: BASE + 9_000 }),
			]),
			player('Bob', [at('2026-11-30T00:00:00Z'), at(after(5), { magic: BASE + 3_000 })]),
		])
		expect(bob).toMatchObject({ score: null, startSnapshotAt: null, endSnapshotAt: null })
		expect(ann).toMatchObject({
			score: 3_000,
			startSnapshotAt: '2026-12-01T18:00:00Z',
			endSnapshotAt: after(5),
			reachedAt: '2026-12-08T18:00:00.000Z',
			flagged: [],
		})
	})

	test('levels gained count to the final round too', () => {
		const [ann] = scoreCompetition(week, metrics(['levels', 1]), [
			player('Ann', [
				testSnapshot('2026-12-02T00:00:00Z', 0, { magic: 0 }),
				testSnapshot('2026-12-08T17:00:00Z', 0, { magic: 83 }),
				testSnapshot(after(10), 0, { magic: 174 }),
				testSnapshot(after(30), 0, { magic: 1_154 }),
			]),
		])
		// magic 1 → 2 before the end, → 3 by the final round; → 10 later does not count.
		expect(ann!.parts[0]!.value).toBe(2)
	})

	test('only up to the freeze: a snapshot after it does not count, and the last one at or before the end does', () => {
		const frozen = { ...week, frozenAt: new Date(after(15)) }
		const history = (finalAt: string) => [
			at('2026-12-01T18:00:00Z'),
			at('2026-12-08T17:00:00Z', { magic: BASE + 1_000 }),
			at(finalAt, { magic: BASE + 4_000 }),
		]
		const standings = scoreCompetition(frozen, metrics(['magic', 1]), [
			player('On time', history(after(15))),
			player('Late', history(after(16))),
		])
		expect(standings.map((s) => [s.name, s.score, s.endSnapshotAt])).toEqual([
			['On time', 4_000, after(15)],
			['Late', 1_000, '2026-12-08T17:00:00Z'],
		])
	})

	test('not frozen: only up to an hour after the end', () => {
		const history = (finalAt: string) => [at('2026-12-08T00:00:00Z'), at(finalAt, { magic: BASE + 4_000 })]
		const standings = scoreCompetition(week, metrics(['magic', 1]), [
			player('On time', history(after(60))),
			player('Late', history(after(61))),
		])
		expect(standings.map((s) => [s.name, s.score, s.endSnapshotAt])).toEqual([
			['On time', 4_000, after(60)],
			['Late', 0, '2026-12-08T00:00:00Z'],
		])
	})

	test('its step is flagged like any other: more XP than the time allows is left out', () => {
		const [ann] = scoreCompetition(week, metrics(['magic', 1]), [
			player('Ann', [at('2026-12-08T17:00:00Z'), at(after(5), { magic: BASE + 30_000_000 })]),
		])
		expect(ann).toMatchObject({ score: 0, endSnapshotAt: after(5) })
		expect(ann!.flagged).toEqual([{ from: '2026-12-08T17:00:00Z', to: after(5), reason: 'too-fast', detail: '30000000 XP' }])
	})

	test('ties: a score reached before the end ranks first; two reached in the final round share a rank', () => {
		const reached = (time: string) => [at('2026-12-01T18:00:00Z'), at(time, { magic: BASE + 1_000 })]
		const standings = scoreCompetition(week, metrics(['magic', 1]), [
			player('Final A', reached(after(40))),
			player('Before', reached('2026-12-08T17:59:00Z')),
			player('Final B', reached(after(2))),
		])
		expect(standings.map((s) => [s.name, s.rank, s.reachedAt])).toEqual([
			['Before', 1, '2026-12-08T17:59:00Z'],
			['Final A', 2, '2026-12-08T18:00:00.000Z'],
			['Final B', 2, '2026-12-08T18:00:00.000Z'],
		])
	})

	test("the score over time ends at the end with the final round's step", () => {
		const ann = player('Ann', [at('2026-12-02T00:00:00Z'), at(after(5), { magic: BASE + 3_000 })])
		expect(scoreProgress(week, metrics(['magic', 1]), ann)).toEqual([
			{ at: '2026-12-01T18:00:00.000Z', score: 0 },
			{ at: '2026-12-08T18:00:00.000Z', score: 3_000 },
		])
	})
})

describe('scoreTeams', () => {
	test('a team scores its members summed, each member shown; no-data members count for nothing', () => {
		const standings = scoreCompetition(week, metrics(['magic', 1]), [
			player('A', [at('2026-12-02T00:00:00Z'), at('2026-12-03T00:00:00Z', { magic: BASE + 500 })]),
			player('B', [at('2026-12-02T00:00:00Z'), at('2026-12-04T00:00:00Z', { magic: BASE + 700 })]),
			player('C', [at('2026-12-02T00:00:00Z'), at('2026-12-03T00:00:00Z', { magic: BASE + 1_000 })]),
			player('D', []),
			player('E', []),
		])
		const teams = scoreTeams(standings, [
			{ name: 'Red', members: ['a', 'b'] },
			{ name: 'Blue', members: ['c', 'd'] },
			{ name: 'Gone', members: ['e'] },
		])
		expect(teams.map((team) => [team.name, team.rank, team.score, team.members.map((m) => [m.name, m.score])])).toEqual([
			[
				'Red',
				1,
				1_200,
				[
					['B', 700],
					['A', 500],
				],
			],
			[
				'Blue',
				2,
				1_000,
				[
					['C', 1_000],
					['D', null],
				],
			],
			['Gone', null, null, [['E', null]]],
		])
		expect(teams[0]!.reachedAt).toBe('2026-12-04T00:00:00Z')
	})

	test('equal team totals: the team that completed its total first ranks first', () => {
		const standings = scoreCompetition(week, metrics(['magic', 1]), [
			player('A', [at('2026-12-02T00:00:00Z'), at('2026-12-05T00:00:00Z', { magic: BASE + 500 })]),
			player('B', [at('2026-12-02T00:00:00Z'), at('2026-12-03T00:00:00Z', { magic: BASE + 500 })]),
			player('C', [at('2026-12-02T00:00:00Z'), at('2026-12-04T00:00:00Z', { magic: BASE + 1_000 })]),
		])
		const teams = scoreTeams(standings, [
			{ name: 'Early start', members: ['a', 'b'] },
			{ name: 'Solo', members: ['c'] },
		])
		expect(teams.map((team) => [team.name, team.rank])).toEqual([
			['Solo', 1],
			['Early start', 2],
		])
	})
})

describe('scoreProgress', () => {
	test('the score over time: 0 at the start, then after each step and log entry that added, left-out steps not counted', () => {
		const gwen = player(
			'Gwen',
			[
				at('2026-12-02T00:00:00Z'),
				at('2026-12-03T00:00:00Z', { attack: BASE + 1_000 }),
				// No account gains 500M XP in a day: left out, as in the standings.
				at('2026-12-04T00:00:00Z', { attack: BASE + 500_001_000 }),
				at('2026-12-04T06:00:00Z', { attack: BASE + 500_001_000 }),
				at('2026-12-05T00:00:00Z', { attack: BASE + 500_003_000 }),
			],
			[{ date: '2026-12-03T12:00:00Z', text: 'I killed 2 Voragos.' }],
		)
		const weighted = metrics(['attack', 2], ['kills:vorago', 100])
		const progress = scoreProgress(week, weighted, gwen)
		expect(progress).toEqual([
			{ at: '2026-12-01T18:00:00.000Z', score: 0 },
			{ at: '2026-12-03T00:00:00Z', score: 2_000 },
			{ at: '2026-12-03T12:00:00Z', score: 2_200 },
			{ at: '2026-12-05T00:00:00Z', score: 6_200 },
		])
		expect(progress.at(-1)!.score).toBe(scoreCompetition(week, weighted, [gwen])[0]!.score)
	})

	test('no data: no progress', () => {
		expect(scoreProgress(week, metrics(['kills', 1]), player('Hidden', [], null))).toEqual([])
	})
})
