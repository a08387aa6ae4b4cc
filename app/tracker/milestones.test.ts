import { afterEach, expect, test } from 'vitest'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import { xpForLevel, xpForVirtualLevel } from '#app/lib/xp-table.ts'
import type { Backfill, Milestones } from '#app/tracker/api-types.ts'
import { milestonesOf, questCapeCount } from './milestones.ts'
import { etaToXp, MAX_XP, paceOf, type Pace } from './pace.ts'
import { testSnapshot } from './test-snapshots.ts'

const now = Date.parse('2026-11-26T15:00:00Z')

function rates(perDay: Partial<Record<SkillName, number>>): Record<SkillName, number> {
	return Object.fromEntries(SKILLS.map(({ name }) => [name, perDay[name] ?? 0])) as Record<SkillName, number>
}

function pace(perDay: Partial<Record<SkillName, number>>): Pace {
	return { source: 'snapshots', from: '2026-10-27T00:00:00.000Z', to: '2026-11-26T15:00:00.000Z', days: 30.625, xpPerDay: rates(perDay) }
}

/** Every skill at `xp` unless `skills` (XP) says otherwise. */
function account(xp: number, skills: Partial<Record<SkillName, number>> = {}) {
	return SKILLS.map(({ name }) => ({ skill: name, xp: skills[name] ?? xp }))
}

/** Every skill at the start of `level` (Invention's table differs) unless `skills` (XP) says otherwise. */
function atLevel(level: number, skills: Partial<Record<SkillName, number>> = {}) {
	return SKILLS.map(({ name }) => ({ skill: name, xp: skills[name] ?? xpForLevel(name, level) }))
}

const ofSkill = (milestones: Pick<Milestones, 'skills'>, skill: SkillName) => milestones.skills.filter((m) => m.skill === skill)
const accountMilestone = <K extends Milestones['account'][number]['kind']>(milestones: Pick<Milestones, 'account'>, kind: K) =>
	milestones.account.find((m): m is Extract<Milestones['account'][number], { kind: K }> => m.kind === kind)

test('each skill: the next level, 99, its cap from the game data when above 99, and 200M XP, each with an ETA', () => {
	const xp = xpForLevel('magic', 80)
	const result = milestonesOf({ skills: atLevel(80), pace: pace({ magic: 50_000 }), questCape: null })
	const magic = ofSkill(result, 'magic')
	expect(magic.map((m) => [m.kind, m.level])).toEqual([
		['next-level', 81],
		['99', 99],
		['cap', 120],
		['200m', null],
	])
	expect(magic[0]).toMatchObject({ targetXp: xpForLevel('magic', 81), xpNeeded: xpForLevel('magic', 81) - xp, virtual: false })
	expect(magic[0]!.eta).toEqual({
		...etaToXp('magic', xp, xpForLevel('magic', 81), 50_000),
		text: expect.stringMatching(/^about \d+(–\d+)? days?$/),
	})
	// Caps come from data/game/skills.json: 110 for Mining, none above 99 for Defence.
	expect(ofSkill(result, 'mining').find((m) => m.kind === 'cap')?.level).toBe(110)
	expect(ofSkill(result, 'defence').map((m) => m.kind)).toEqual(['next-level', '99', '200m'])
	// Nearest first: Magic's next level (the one skill with a pace) leads.
	expect(result.skills[0]).toMatchObject({ skill: 'magic', kind: 'next-level' })
	expect(result.skills.findIndex((m) => m.skill === 'magic' && m.kind === '200m')).toBeLessThan(
		result.skills.findIndex((m) => m.eta?.kind === 'no-recent-xp'),
	)
})

test('zero rate: "no recent XP in" the skill instead of a number, for skills and for max', () => {
	const result = milestonesOf({ skills: atLevel(60), pace: pace({ magic: 10_000 }), questCape: null })
	const attack = ofSkill(result, 'attack')[0]!
	expect(attack.eta).toEqual({ kind: 'no-recent-xp', skill: 'attack', text: 'no recent XP in Attack' })
	expect(accountMilestone(result, 'max')).toMatchObject({ skillsLeft: 29, eta: { kind: 'no-recent-xp' } })
	// Without any pace there is no ETA at all, and the message says why.
	const none = milestonesOf({ skills: account(0), pace: null, questCape: null })
	expect(none.skills.every((m) => m.eta === null)).toBe(true)
	expect(none.pace).toBeNull()
	expect(none.message).toContain('week of history')
})

test('a rate from the backfill only: ETAs at last month’s pace, said in the message', () => {
	const backfill: Backfill = {
		state: 'done',
		months: [{ month: '2026-10', totalXpGained: 310_000, skills: [{ skill: 'magic', xpGained: 310_000 }] }],
	}
	// Two days of snapshots are too few: October's 310,000 Magic XP over 31 days is the pace.
	const snapshots = [testSnapshot('2026-11-24T09:00:00Z', 0), testSnapshot('2026-11-26T09:00:00Z', 0)]
	const backfillPace = paceOf(snapshots, backfill, now)
	const result = milestonesOf({ skills: account(0), pace: backfillPace, questCape: null })
	expect(result.pace).toMatchObject({ source: 'backfill', from: '2026-10-01T00:00:00.000Z', days: 31 })
	expect(result.message).toContain('October 2026')
	const magic99 = ofSkill(result, 'magic').find((m) => m.kind === '99')!
	expect(magic99.eta).toMatchObject(etaToXp('magic', 0, xpForLevel('magic', 99), 10_000))
})

test('a level past the cap: the next level is virtual, by XP alone; no 99 or cap milestone', () => {
	const defenceXp = 15_000_000 // past 99 (13,034,431) and virtual 100 (14,391,160) in a 99-cap skill
	const miningXp = xpForLevel('mining', 110) + 1
	const magicXp = xpForLevel('magic', 99)
	const result = milestonesOf({
		skills: account(0, { defence: defenceXp, mining: miningXp, magic: magicXp }),
		pace: pace({ defence: 100_000 }),
		questCape: null,
	})
	const defence = ofSkill(result, 'defence')
	expect(defence.map((m) => [m.kind, m.level, m.virtual])).toEqual([
		['next-level', 101, true],
		['200m', null, false],
	])
	expect(defence[0]!.targetXp).toBe(xpForVirtualLevel('defence', 101))
	expect(defence[0]!.eta?.kind).toBe('range')
	// Mining at its cap of 110: virtual 111 next.
	expect(ofSkill(result, 'mining')[0]).toMatchObject({ kind: 'next-level', level: 111, virtual: true })
	// Magic at 99 in a 120 skill: 100 is a real level; the cap 120 is its own milestone.
	expect(ofSkill(result, 'magic').map((m) => [m.kind, m.level, m.virtual])).toEqual([
		['next-level', 100, false],
		['cap', 120, false],
		['200m', null, false],
	])
	// Past virtual 126 (188,884,740 XP) only 200M is left.
	expect(
		ofSkill(milestonesOf({ skills: account(0, { attack: 190_000_000 }), pace: null, questCape: null }), 'attack').map((m) => m.kind),
	).toEqual(['200m'])
})

test('a skill at 200M XP has no further XP milestone; an account with every skill there has none', () => {
	const result = milestonesOf({ skills: account(0, { magic: MAX_XP }), pace: pace({ magic: 0 }), questCape: null })
	expect(ofSkill(result, 'magic')).toEqual([])
	const maxed = milestonesOf({ skills: account(MAX_XP), pace: pace({}), questCape: { left: 0, total: 283 } })
	expect(maxed.skills).toEqual([])
	expect(maxed.account).toEqual([])
})

test('total level to the next hundred: every skill gains at its own rate, each up to its cap', () => {
	const level50 = xpForLevel('magic', 50)
	// 29 skills at 50: total 1450, so 1500 is next; only Magic moves, so it takes Magic 50 more levels.
	const result = milestonesOf({ skills: atLevel(50), pace: pace({ magic: 100_000 }), questCape: null })
	const total = accountMilestone(result, 'total-level')!
	expect(total).toMatchObject({ current: 1450, target: 1500 })
	const magicTo100 = etaToXp('magic', level50, xpForLevel('magic', 100), 100_000)
	expect(total.eta).toMatchObject({ kind: 'range', minDays: magicTo100.kind === 'range' ? magicTo100.minDays : -1 })
	expect(total.eta).toMatchObject({ maxDays: magicTo100.kind === 'range' ? magicTo100.maxDays : -1 })
	// A target past what the moving skills can reach names the stalled skill with most levels left.
	const stalled = milestonesOf({
		skills: atLevel(99, { magic: xpForLevel('magic', 119) }),
		pace: pace({ magic: 1_000_000 }),
		questCape: null,
	})
	// Total 28 × 99 + 119 = 2891: 2900 needs 9 more levels, Magic has 1 left.
	expect(accountMilestone(stalled, 'total-level')).toMatchObject({
		current: 2891,
		target: 2900,
		eta: { kind: 'no-recent-xp', skill: 'attack' },
	})
	// The last hundred is the highest total there is, not a round number past it.
	const nearMax = milestonesOf({
		skills: account(MAX_XP, { defence: xpForLevel('defence', 98) }),
		pace: pace({ defence: 1_000 }),
		questCape: null,
	})
	const highest = SKILLS.reduce((sum, { cap }) => sum + cap, 0)
	expect(accountMilestone(nearMax, 'total-level')).toMatchObject({ current: highest - 1, target: highest })
})

test('max (every skill 99) is its slowest skill; the Quest Point Cape is counted, not timed', () => {
	const skills = atLevel(99, { magic: xpForLevel('magic', 98), prayer: xpForLevel('prayer', 97) })
	const result = milestonesOf({ skills, pace: pace({ magic: 100_000, prayer: 100_000 }), questCape: { left: 12, total: 283 } })
	const prayer = etaToXp('prayer', xpForLevel('prayer', 97), xpForLevel('prayer', 99), 100_000)
	expect(accountMilestone(result, 'max')).toMatchObject({ skillsLeft: 2, eta: prayer })
	expect(accountMilestone(result, 'quest-cape')).toEqual({ kind: 'quest-cape', questsLeft: 12, questsTotal: 283 })
	// Biggest first: the account's milestones come before the skills' in the answer.
	expect(result.account.map((m) => m.kind)).toEqual(['total-level', 'max', 'quest-cape'])
	// Quest list unknown (a private profile): still listed, with no count.
	expect(accountMilestone(milestonesOf({ skills, pace: null, questCape: null }), 'quest-cape')).toMatchObject({ questsLeft: null })
})

test('month boundaries: a March pace from February’s backfill counts its 28 days', () => {
	const backfill: Backfill = {
		state: 'done',
		months: [{ month: '2027-02', totalXpGained: 280_000, skills: [{ skill: 'magic', xpGained: 280_000 }] }],
	}
	const result = milestonesOf({ skills: account(0), pace: paceOf([], backfill, Date.parse('2027-03-03T00:00:00Z')), questCape: null })
	expect(result.pace?.days).toBe(28)
	const magic = ofSkill(result, 'magic')[0]!
	// Level 2 at 83 XP, at 10,000 a day: a day.
	expect(magic.eta).toMatchObject({ kind: 'range', minDays: 1, maxDays: 1, text: 'about 1 day' })
})

afterEach(() => {
	delete process.env.TZ
})

test('UTC days: the same milestones whatever the server’s time zone', () => {
	const snapshots = [testSnapshot('2026-10-01T00:00:00Z', 0), testSnapshot('2026-11-26T23:00:00Z', 0, { magic: 300_000 })]
	const lateEvening = Date.parse('2026-11-26T23:30:00Z')
	const results = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles'].map((zone) => {
		process.env.TZ = zone
		return milestonesOf({ skills: snapshots[1]!.skills, pace: paceOf(snapshots, null, lateEvening), questCape: null })
	})
	expect(results[0]!.pace?.from).toBe('2026-10-27T00:00:00.000Z')
	expect(results[1]).toEqual(results[0])
	expect(results[2]).toEqual(results[0])
})

test('the Quest Point Cape counts the quests that award points and are not done', () => {
	expect(questCapeCount(['A', 'B', 'C'], new Set(['B', 'Not a cape quest']))).toEqual({ left: 2, total: 3 })
	expect(questCapeCount(['A'], null)).toBeNull()
})
