import { SKILLS } from '#app/lib/skills.ts'
import { levelForXp, virtualLevelForXp } from '#app/lib/xp-table.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'

/**
 * A made-up snapshot for tests: every skill at `xp` unless `skills` says otherwise; levels and
 * totals follow from the XP.
 */
export function testSnapshot(
	takenAt: string,
	xp: number,
	skills: Partial<Record<(typeof SKILLS)[number]['name'], number>> = {},
	extra: Partial<Snapshot> = {},
): Snapshot {
	const states = SKILLS.map(({ name, cap }) => {
		const skillXp = skills[name] ?? xp
		const level = Math.min(cap, levelForXp(name, skillXp))
		return {
			skill: name,
			xp: skillXp,
			level,
			virtualLevel: virtualLevelForXp(name, skillXp),
			rank: 1000,
		}
	})
	return {
		takenAt,
		source: 'runemetrics',
		totalLevel: states.reduce((sum, s) => sum + s.level, 0),
		totalXp: states.reduce((sum, s) => sum + s.xp, 0),
		rank: 5000,
		questPoints: 10,
		questsComplete: 5,
		questsStarted: 1,
		skills: states,
		...extra,
	}
}
