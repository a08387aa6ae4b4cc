import { z } from 'zod'

/**
 * The 29 RS3 skills in hiscores/RuneMetrics id order (id = index).
 * `cap` is the highest real level (late 2026): 99 for most skills; 110 for the gathering and
 * production skills raised in 2024–2025; 120 for the elite and combat skills (Attack, Strength,
 * Ranged and Magic since March 2026). Invention's 150 is a virtual level, so its cap is 120.
 * Sources: the update posts cited by content/guides/whats-changed.md (110 Mining & Smithing,
 * Woodcutting & Fletching & Firemaking, Runecrafting, Crafting; the Combat Style Modernisation).
 * Hunter, Thieving and Construction stay at 99 because none of those posts raises them: no source
 * here says more, so check them again when a new level-cap update is announced.
 */
export const SKILLS = [
	{ id: 0, name: 'attack', label: 'Attack', cap: 120 },
	{ id: 1, name: 'defence', label: 'Defence', cap: 99 },
	{ id: 2, name: 'strength', label: 'Strength', cap: 120 },
	{ id: 3, name: 'constitution', label: 'Constitution', cap: 99 },
	{ id: 4, name: 'ranged', label: 'Ranged', cap: 120 },
	{ id: 5, name: 'prayer', label: 'Prayer', cap: 99 },
	{ id: 6, name: 'magic', label: 'Magic', cap: 120 },
	{ id: 7, name: 'cooking', label: 'Cooking', cap: 99 },
	{ id: 8, name: 'woodcutting', label: 'Woodcutting', cap: 110 },
	{ id: 9, name: 'fletching', label: 'Fletching', cap: 110 },
	{ id: 10, name: 'fishing', label: 'Fishing', cap: 99 },
	{ id: 11, name: 'firemaking', label: 'Firemaking', cap: 110 },
	{ id: 12, name: 'crafting', label: 'Crafting', cap: 110 },
	{ id: 13, name: 'smithing', label: 'Smithing', cap: 110 },
	{ id: 14, name: 'mining', label: 'Mining', cap: 110 },
	{ id: 15, name: 'herblore', label: 'Herblore', cap: 120 },
	{ id: 16, name: 'agility', label: 'Agility', cap: 99 },
	{ id: 17, name: 'thieving', label: 'Thieving', cap: 99 },
	{ id: 18, name: 'slayer', label: 'Slayer', cap: 120 },
	{ id: 19, name: 'farming', label: 'Farming', cap: 120 },
	{ id: 20, name: 'runecrafting', label: 'Runecrafting', cap: 110 },
	{ id: 21, name: 'hunter', label: 'Hunter', cap: 99 },
	{ id: 22, name: 'construction', label: 'Construction', cap: 99 },
	{ id: 23, name: 'summoning', label: 'Summoning', cap: 99 },
	{ id: 24, name: 'dungeoneering', label: 'Dungeoneering', cap: 120 },
	{ id: 25, name: 'divination', label: 'Divination', cap: 99 },
	{ id: 26, name: 'invention', label: 'Invention', cap: 120 },
	{ id: 27, name: 'archaeology', label: 'Archaeology', cap: 120 },
	{ id: 28, name: 'necromancy', label: 'Necromancy', cap: 120 },
] as const

export type SkillName = (typeof SKILLS)[number]['name']

export const SKILL_NAMES = SKILLS.map((s) => s.name) as [SkillName, ...SkillName[]]

export const skillNameSchema = /* @__PURE__ */ z.enum(SKILL_NAMES, {
	error: (issue) => `"${String(issue.input)}" is not an RS3 skill (expected one of: ${SKILL_NAMES.join(', ')})`,
})

const byName = new Map<string, (typeof SKILLS)[number]>(SKILLS.map((s) => [s.name, s]))

export function getSkill(name: string) {
	return byName.get(name.toLowerCase())
}

export function skillLabel(name: string): string {
	return getSkill(name)?.label ?? name.charAt(0).toUpperCase() + name.slice(1)
}
