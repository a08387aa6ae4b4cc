import { afterAll, beforeAll, expect, test } from 'vitest'
import type { SkillName } from '#app/lib/skills.ts'
import { normalisePlayerName } from '#app/player/username.ts'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import { parseMetric } from '../metrics.ts'
import { createCompetition } from './competitions-store.server.ts'
import { readCompetitionWithStandings } from './standings.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
})

const START = '2026-12-01T18:00:00.000Z'
const END = '2026-12-08T18:00:00.000Z'

function fetchOf(
	name: string,
	when: string,
	xp: Partial<Record<SkillName, number>>,
	options: { private?: boolean; log?: { date: string; text: string }[] } = {},
) {
	return recordFetch(handle.db, {
		key: normalisePlayerName(name).key,
		name,
		fetchedAt: new Date(when),
		snapshot: snapshotOf(xp, options.private ? null : undefined),
		quests: null,
		activities: (options.log ?? []).map((entry) => ({ ...entry, details: '' })),
	})
}

const metric = (name: string) => {
	const parsed = parseMetric(name)
	if (!parsed.ok) throw new Error(name)
	return parsed.metric
}

test("standings from the tracker's snapshots and log, with the start value of a player unchanged at the start", async () => {
	// Zezima: changed at the start round and later; a kill before the start does not count.
	await fetchOf('Zezima', '2026-11-30T10:00:00Z', { magic: 1_000 })
	await fetchOf(
		'Zezima',
		'2026-12-01T18:05:00Z',
		{ magic: 2_000 },
		{
			log: [
				{ date: '2026-11-30T09:00:00.000Z', text: 'I killed 5 Voragos.' },
				{ date: '2026-12-01T18:01:00.000Z', text: 'I killed 3 Voragos.' },
			],
		},
	)
	await fetchOf('Zezima', '2026-12-03T18:00:00Z', { magic: 7_000 })
	// Anna: checked after the start, nothing new: her snapshot from before is her start value.
	await fetchOf('Anna', '2026-11-29T10:00:00Z', { magic: 500 })
	await fetchOf('Anna', '2026-12-01T18:02:00Z', { magic: 500 })
	// Bob: last checked before the start: no data yet.
	await fetchOf('Bob', '2026-11-29T10:00:00Z', { magic: 500 })
	// Priv: a private profile (hiscores only): XP counts, the log is "no data".
	await fetchOf('Priv', '2026-12-01T18:03:00Z', { magic: 100 }, { private: true })
	await fetchOf('Priv', '2026-12-02T18:03:00Z', { magic: 600 }, { private: true })
	const players = ['Zezima', 'Anna', 'Bob', 'Priv', 'Never Seen'].map((name) => normalisePlayerName(name))
	const id = await createCompetition(
		handle.db,
		{
			title: 'Magic week',
			startsAt: new Date(START),
			endsAt: new Date(END),
			groupId: null,
			codeHash: 'hash',
			metrics: [
				{ metric: metric('magic'), weight: 1 },
				{ metric: metric('kills:vorago'), weight: 100 },
			],
			participants: players,
			teams: [
				{ name: 'Red', members: ['zezima', 'anna', 'bob'] },
				{ name: 'Blue', members: ['priv', 'never seen'] },
			],
		},
		new Date('2026-11-28T10:00:00Z'),
	)
	const result = (await readCompetitionWithStandings(handle.db, id))!
	const row = (key: string) => result.standings.find((standing) => standing.key === key)!
	expect(row('zezima')).toMatchObject({
		rank: 1,
		score: 5_300,
		parts: [
			{ metric: 'magic', value: 5_000, points: 5_000 },
			{ metric: 'kills:vorago', value: 3, points: 300 },
		],
		startSnapshotAt: '2026-12-01T18:05:00.000Z',
	})
	expect(row('priv')).toMatchObject({
		rank: 2,
		score: 500,
		parts: [
			{ metric: 'magic', value: 500 },
			{ metric: 'kills:vorago', value: null, points: null },
		],
	})
	expect(row('anna')).toMatchObject({
		rank: 3,
		score: 0,
		parts: [{ value: 0 }, { value: 0 }],
		startSnapshotAt: START,
	})
	// Bob's log is visible (no entries within: 0), his XP has no snapshot within: no data.
	expect(row('bob').parts).toEqual([
		{ metric: 'magic', value: null, points: null },
		{ metric: 'kills:vorago', value: 0, points: 0 },
	])
	expect(row('never seen')).toMatchObject({ rank: null, score: null })
	expect(result.teams?.map((team) => [team.name, team.score])).toEqual([
		['Red', 5_300],
		['Blue', 500],
	])
	expect(result.lastCheckedAt).toMatchObject({
		anna: '2026-12-01T18:02:00.000Z',
		'never seen': null,
	})
	// The chart's top 5: those with data, in rank order, each from 0 at the start.
	expect(result.topProgress.map((row) => [row.key, row.progress.at(-1)?.score])).toEqual([
		['zezima', 5_300],
		['priv', 500],
		['anna', 0],
		['bob', 0],
	])
	expect(result.topProgress[0]!.progress[0]).toEqual({ at: START, score: 0 })
	expect(result.competition).not.toHaveProperty('codeHash')
	expect(await readCompetitionWithStandings(handle.db, id + 1)).toBeNull()
})
