/** The orders the skill overview can show its skills in. */
export type SkillOrder = 'game' | 'lowest'

type Ordered = { skill: string }

/**
 * The skills in the chosen order: as the game lists them, or the player's lowest levels first
 * (ties by experience, then game order). Without levels, always game order.
 */
export function orderSkills<T extends Ordered>(
	skills: readonly T[],
	order: SkillOrder,
	player?: { levelOf: (skill: string) => number; xpOf: (skill: string) => number },
): T[] {
	if (order === 'game' || !player) return [...skills]
	const position = new Map(skills.map((s, i) => [s.skill, i]))
	return [...skills].sort(
		(a, b) =>
			player.levelOf(a.skill) - player.levelOf(b.skill) ||
			player.xpOf(a.skill) - player.xpOf(b.skill) ||
			position.get(a.skill)! - position.get(b.skill)!,
	)
}
