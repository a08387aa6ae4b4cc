import { expect, test } from 'vitest'
import { snapshotSchema } from '#app/tracker/api-types.ts'
import { parseHiscoresLite, parseProfile, parseQuests } from '#app/player/server/runemetrics.server.ts'
import { readFixture } from '#tests/fixtures/fake-upstream.ts'
import { sameProgress, toSnapshot } from './snapshot.ts'
import { testSnapshot } from './test-snapshots.ts'

const profile = () => {
	const parsed = parseProfile(JSON.parse(readFixture('profile_ok.json')))
	if (parsed.kind !== 'ok') throw new Error('expected a profile')
	return parsed
}
const hiscores = () => ({
	kind: 'ok' as const,
	...parseHiscoresLite(readFixture('hiscore_lite.txt')),
})
const quests = () => parseQuests(JSON.parse(readFixture('quests_ok.json')))
const at = new Date('2026-11-26T10:00:00Z')

test('a RuneMetrics snapshot: 29 skills in id order, totals, ranks, quests', () => {
	const snapshot = toSnapshot({ source: 'runemetrics', profile: profile(), quests: quests() }, at)
	expect(snapshotSchema.parse(snapshot)).toEqual(snapshot)
	expect(snapshot.takenAt).toBe('2026-11-26T10:00:00.000Z')
	expect(snapshot.skills.map((s) => s.skill).slice(0, 3)).toEqual(['attack', 'defence', 'strength'])
	expect(snapshot.skills[6]).toEqual({
		skill: 'magic',
		xp: 4260845,
		level: 87,
		virtualLevel: 87,
		rank: 387575,
	})
	expect(snapshot.skills[26]).toEqual({
		skill: 'invention',
		xp: 0,
		level: 1,
		virtualLevel: 1,
		rank: null,
	})
	expect([snapshot.totalLevel, snapshot.totalXp, snapshot.rank]).toEqual([2022, 51723722, 388800])
	expect([snapshot.questsComplete, snapshot.questsStarted]).toEqual([3, 1])
	// Quest points of the completed quests only.
	const done = quests().filter((q) => q.status === 'COMPLETED')
	expect(snapshot.questPoints).toBe(done.reduce((sum, q) => sum + (q.questPoints ?? 0), 0))
	expect(snapshot.questPoints).toBeGreaterThan(0)
})

test('without a quest list the quest points are unknown, the counts still come from the profile', () => {
	const snapshot = toSnapshot({ source: 'runemetrics', profile: profile(), quests: null }, at)
	expect(snapshot.questPoints).toBeNull()
	expect(snapshot.questsComplete).toBe(3)
	expect(toSnapshot({ source: 'runemetrics', profile: profile(), quests: [] }, at).questPoints).toBeNull()
})

test('a hiscores-only snapshot: no quests, unranked skills null, overall from the first line', () => {
	const snapshot = toSnapshot({ source: 'hiscores', hiscores: hiscores() }, at)
	expect(snapshotSchema.parse(snapshot)).toEqual(snapshot)
	expect(snapshot.source).toBe('hiscores')
	expect([snapshot.questPoints, snapshot.questsComplete, snapshot.questsStarted]).toEqual([null, null, null])
	expect([snapshot.totalLevel, snapshot.totalXp, snapshot.rank]).toEqual([2022, 51723722, 388795])
	expect(snapshot.skills[27]).toMatchObject({ skill: 'archaeology', xp: 0, level: 1, rank: null })
})

test('virtual levels past the cap and past 120; skills upstream left out read as level 1', () => {
	const base = profile()
	const skills = base.skills
		.filter((s) => s.id !== 5)
		.map((s) => (s.id === 1 ? { ...s, level: 99, xp: 104_273_167 } : s.id === 0 ? { ...s, level: 120, xp: 200_000_000 } : s))
	const snapshot = toSnapshot({ source: 'runemetrics', profile: { ...base, skills }, quests: null }, at)
	expect(snapshot.skills[1]).toMatchObject({ level: 99, virtualLevel: 120 })
	expect(snapshot.skills[0]).toMatchObject({ level: 120, virtualLevel: 126 })
	expect(snapshot.skills[5]).toEqual({
		skill: 'prayer',
		xp: 0,
		level: 1,
		virtualLevel: 1,
		rank: 446924,
	})
})

test('sameProgress: XP, levels and quests count; time, source and ranks do not', () => {
	const a = testSnapshot('2026-11-01T00:00:00.000Z', 1000)
	expect(sameProgress(a, { ...a })).toBe(true)
	expect(sameProgress(a, { ...a, takenAt: '2026-11-02T00:00:00.000Z', rank: 1, source: 'hiscores' })).toBe(true)
	const reranked = { ...a, skills: a.skills.map((s) => ({ ...s, rank: (s.rank ?? 0) + 7 })) }
	expect(sameProgress(a, reranked)).toBe(true)
	// A hiscores snapshot knows no quests: that alone is no progress.
	expect(sameProgress(a, { ...a, questPoints: null, questsComplete: null, questsStarted: null })).toBe(true)

	expect(sameProgress(a, testSnapshot('2026-11-02T00:00:00.000Z', 1000, { magic: 1001 }))).toBe(false)
	expect(sameProgress(a, { ...a, questsComplete: 6 })).toBe(false)
	expect(sameProgress(a, { ...a, questsStarted: 2 })).toBe(false)
	expect(sameProgress(a, { ...a, questPoints: 11 })).toBe(false)
	expect(sameProgress(a, { ...a, totalLevel: a.totalLevel + 1 })).toBe(false)
	const levelOnly = {
		...a,
		skills: a.skills.map((s, i) => (i === 3 ? { ...s, level: s.level + 1 } : s)),
	}
	expect(sameProgress(a, levelOnly)).toBe(false)
	expect(sameProgress(a, { ...a, skills: a.skills.slice(1) })).toBe(false)
})
