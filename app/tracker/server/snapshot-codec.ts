/**
 * The 29 skills of a snapshot as one small blob: per skill in id order, the XP then the rank
 * (0 = unranked or not known, else rank) as unsigned LEB128 varints. A mid-game account packs into
 * ~190 bytes where 58 int4 columns take 232 and two int4[] arrays ~270 (decision 0013).
 */
import type { SkillState } from '#app/tracker/api-types.ts'
import { SKILLS } from '#app/lib/skills.ts'
import { levelForXp, virtualLevelForXp } from '#app/lib/xp-table.ts'

export type PackedSkill = { xp: number; rank: number | null }

function writeVarints(values: readonly number[]): Uint8Array {
	const bytes: number[] = []
	for (const value of values) {
		if (!Number.isSafeInteger(value) || value < 0) throw new Error(`cannot pack ${value}`)
		let rest = value
		while (rest >= 0x80) {
			bytes.push((rest % 0x80) | 0x80)
			rest = Math.floor(rest / 0x80)
		}
		bytes.push(rest)
	}
	return Uint8Array.from(bytes)
}

function readVarints(bytes: Uint8Array, count: number): number[] {
	let offset = 0
	const values: number[] = []
	for (let i = 0; i < count; i++) {
		let value = 0
		let scale = 1
		for (;;) {
			const byte = bytes[offset++]
			if (byte === undefined) throw new Error('truncated varint blob')
			value += (byte & 0x7f) * scale
			if (byte < 0x80) break
			scale *= 0x80
		}
		values.push(value)
	}
	return values
}

export function packSkills(skills: readonly PackedSkill[]): Uint8Array {
	if (skills.length !== SKILLS.length) throw new Error(`expected ${SKILLS.length} skills, got ${skills.length}`)
	return writeVarints(skills.flatMap((skill) => [skill.xp, skill.rank ?? 0]))
}

export function unpackSkills(bytes: Uint8Array): PackedSkill[] {
	const values = readVarints(bytes, SKILLS.length * 2)
	return SKILLS.map((_, id) => ({ xp: values[id * 2]!, rank: values[id * 2 + 1] || null }))
}

/** The skills' ranks alone (id order, 0 = unranked or not known), as the player's row keeps the current ones. */
export function packRanks(ranks: ReadonlyArray<number | null>): Uint8Array {
	if (ranks.length !== SKILLS.length) throw new Error(`expected ${SKILLS.length} ranks, got ${ranks.length}`)
	return writeVarints(ranks.map((rank) => rank ?? 0))
}

export function unpackRanks(bytes: Uint8Array): Array<number | null> {
	return readVarints(bytes, SKILLS.length).map((rank) => rank || null)
}

/**
 * A skill's state as the API shows it, from its XP alone: levels follow from XP exactly, so they
 * are not stored (Constitution starts at 10).
 */
export function skillStates(skills: readonly PackedSkill[]): SkillState[] {
	return SKILLS.map((skill, id) => {
		const { xp, rank } = skills[id] ?? { xp: 0, rank: null }
		const floor = skill.name === 'constitution' ? 10 : 1
		const level = Math.max(floor, Math.min(skill.cap, levelForXp(skill.name, xp)))
		return { skill: skill.name, xp, level, virtualLevel: Math.max(level, virtualLevelForXp(skill.name, xp)), rank }
	})
}
