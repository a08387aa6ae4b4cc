import { expect, test } from 'vitest'
import skillCaps from '../../data/game/skills.json' with { type: 'json' }
import { getSkill, SKILLS } from './skills.ts'

test('every cap comes from data/game/skills.json, the one place a cap is written', () => {
	const caps = skillCaps as Record<string, { cap: number }>
	expect(SKILLS).toHaveLength(29)
	for (const skill of SKILLS) expect(skill.cap, skill.name).toBe(caps[skill.name]!.cap)
	expect(getSkill('Mining')?.cap).toBe(110)
	expect(getSkill('attack')?.cap).toBe(120)
})

test('a cap with a caveat carries it from the data: Construction, raised to 120 without an update post found', () => {
	const caps = skillCaps as Record<string, { cap: number; note?: string }>
	expect(getSkill('construction')?.cap).toBe(120)
	expect(caps.construction!.note).toMatch(/^Raised to 120 .*We have not found the update post/)
	expect(getSkill('construction')?.capNote).toBe(caps.construction!.note)
	expect(getSkill('herblore')?.capNote).toBeUndefined()
})

test('raises the game data confirms are applied without a caveat', () => {
	expect(getSkill('hunter')).toMatchObject({ cap: 110, capNote: undefined })
	expect(getSkill('thieving')).toMatchObject({ cap: 120, capNote: undefined })
})
