import { expect, test } from 'vitest'
import { SKILLS } from '#app/lib/skills.ts'
import { packRanks, packSkills, skillStates, unpackRanks, unpackSkills, type PackedSkill } from './snapshot-codec.ts'

test('skills survive packing, from 0 XP and unranked to 200M XP and rank 3 million', () => {
	const skills = SKILLS.map((_, id) => ({
		xp: [0, 1, 127, 128, 16_383, 16_384, 13_034_431, 200_000_000][id % 8]!,
		rank: id % 3 === 0 ? null : [1, 127, 128, 3_000_000][id % 4]!,
	}))
	const packed = packSkills(skills)
	expect(unpackSkills(packed)).toEqual(skills)
	expect(packed.length).toBeLessThan(29 * 8)
})

test('a mid-game account takes under 200 bytes', () => {
	const skills = SKILLS.map((_, id) => ({ xp: 3_000_000 + id * 250_000, rank: 150_000 + id * 10_000 }))
	expect(packSkills(skills).length).toBeLessThanOrEqual(29 * 7)
})

test('ranks alone survive packing; a snapshot without ranks costs a byte a skill for them', () => {
	const ranks = SKILLS.map((_, id) => (id % 4 === 0 ? null : 100_000 + id))
	expect(unpackRanks(packRanks(ranks))).toEqual(ranks)
	const xpOnly = SKILLS.map((_, id) => ({ xp: 3_000_000 + id * 250_000, rank: null }))
	const ranked = xpOnly.map((skill, id) => ({ ...skill, rank: 150_000 + id }))
	expect(packSkills(ranked).length - packSkills(xpOnly).length).toBe(29 * 2)
	expect(() => packRanks([1])).toThrow(/expected 29 ranks/)
})

test('bad input is refused rather than stored wrong', () => {
	expect(() => packSkills([{ xp: 1, rank: null }])).toThrow(/expected 29 skills/)
	expect(() => packSkills(SKILLS.map(() => ({ xp: -1, rank: null })))).toThrow(/cannot pack -1/)
	expect(() => unpackSkills(new Uint8Array([0x80]))).toThrow(/truncated/)
})

test('levels follow from XP: capped real level, virtual level past the cap', () => {
	const xp: PackedSkill[] = SKILLS.map(() => ({ xp: 0, rank: null }))
	xp[1] = { xp: 104_273_167, rank: 5 } // defence, cap 99
	xp[0] = { xp: 104_273_167, rank: null } // attack, cap 120
	const states = skillStates(xp)
	expect(states[1]).toEqual({ skill: 'defence', xp: 104_273_167, level: 99, virtualLevel: 120, rank: 5 })
	expect(skillStates(SKILLS.map(() => ({ xp: 200_000_000, rank: null })))[2]).toMatchObject({ level: 120, virtualLevel: 126 })
	expect(states[0]).toMatchObject({ level: 120, virtualLevel: 120 })
	expect(states[3]).toMatchObject({ skill: 'constitution', level: 10 })
})
