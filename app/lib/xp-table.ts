import type { SkillName } from '#app/lib/skills.ts'

/**
 * RS3 experience tables: the XP a level starts at. Every skill but Invention follows the classic
 * curve (each level costs ⌊(L + 300·2^(L/7))⌋ / 4 more, summed and rounded down), computed here
 * up to 120. Invention, the one elite skill, has its own published table, which no formula gives.
 */

const MAX_LEVEL = 120
/** The classic curve's last virtual level: 126 starts at 188,884,740 XP, under the 200M XP cap. */
const MAX_VIRTUAL_LEVEL = 126

/** Index = level; index 0 is unused. */
function standardTable(): number[] {
	const table = [0, 0]
	let points = 0
	for (let level = 1; level < MAX_VIRTUAL_LEVEL; level++) {
		points += Math.floor(level + 300 * 2 ** (level / 7))
		table.push(Math.floor(points / 4))
	}
	return table
}

const STANDARD_XP = standardTable()

/**
 * Invention's elite table, levels 1 to 120 (index = level − 1), as published by Jagex and listed
 * on the RuneScape Wiki's Experience page (checked against several independent copies; level 99
 * is 36,073,511 and level 120 is 80,618,654).
 */
const ELITE_XP: readonly number[] = [
	0, 830, 1861, 2902, 3980, 5126, 6380, 7787, 9400, 11275, 13605, 16372, 19656, 23546, 28134, 33520, 39809, 47109, 55535, 65209, 77190,
	90811, 106221, 123573, 143025, 164742, 188893, 215651, 245196, 277713, 316311, 358547, 404634, 454796, 509259, 568254, 632019, 700797,
	774834, 854383, 946227, 1044569, 1149696, 1261903, 1381488, 1508756, 1644015, 1787581, 1939773, 2100917, 2283490, 2476369, 2679917,
	2894505, 3120508, 3358307, 3608290, 3870846, 4146374, 4435275, 4758122, 5096111, 5449685, 5819299, 6205407, 6608473, 7028964, 7467354,
	7924122, 8399751, 8925664, 9472665, 10041285, 10632061, 11245538, 11882262, 12542789, 13227679, 13937496, 14672812, 15478994, 16313404,
	17176661, 18069395, 18992239, 19945833, 20930821, 21947856, 22997593, 24080695, 25259906, 26475754, 27728955, 29020233, 30350318,
	31719944, 33129852, 34580790, 36073511, 37608773, 39270442, 40978509, 42733789, 44537107, 46389292, 48291180, 50243611, 52247435,
	54303504, 56412678, 58575824, 60793812, 63067521, 65397835, 67785643, 70231841, 72737330, 75303019, 77929820, 80618654,
]

function isEliteSkill(skill: SkillName): boolean {
	return skill === 'invention'
}

/** The XP at which `level` starts in `skill` (level 1 is 0 XP). Levels are clamped to 1–120. */
export function xpForLevel(skill: SkillName, level: number): number {
	const clamped = Math.min(MAX_LEVEL, Math.max(1, Math.floor(level)))
	return isEliteSkill(skill) ? ELITE_XP[clamped - 1]! : STANDARD_XP[clamped]!
}

/** The level `xp` reaches in `skill` (at most 120). */
export function levelForXp(skill: SkillName, xp: number): number {
	return isEliteSkill(skill) ? highestLevelStarted(ELITE_XP, 1, MAX_LEVEL, xp) : highestLevelStarted(STANDARD_XP, 0, MAX_LEVEL, xp)
}

/**
 * The highest level in 1…`max` whose start (`table[level − offset]`, rising with the level) is at
 * most `xp`, by halving: snapshots decode levels for 29 skills each, thousands at a time.
 */
function highestLevelStarted(table: readonly number[], offset: number, max: number, xp: number): number {
	let low = 1
	let high = max
	while (low < high) {
		const mid = (low + high + 1) >> 1
		if (table[mid - offset]! <= xp) low = mid
		else high = mid - 1
	}
	return low
}

/**
 * The XP at which virtual `level` starts: past 120 up to 126 on the classic curve; Invention's
 * elite table stops at 120 here (see `virtualLevelForXp`). Undefined past those.
 */
export function xpForVirtualLevel(skill: SkillName, level: number): number | undefined {
	const whole = Math.max(1, Math.floor(level))
	if (isEliteSkill(skill)) return whole <= MAX_LEVEL ? xpForLevel(skill, whole) : undefined
	return STANDARD_XP[whole]
}

/**
 * The level `xp` would show with no cap: past 120 up to 126 on the classic curve. Invention stays
 * at most 120 (its elite table goes on to 150, but we do not have those figures).
 */
export function virtualLevelForXp(skill: SkillName, xp: number): number {
	if (isEliteSkill(skill)) return levelForXp(skill, xp)
	return highestLevelStarted(STANDARD_XP, 0, MAX_VIRTUAL_LEVEL, xp)
}
