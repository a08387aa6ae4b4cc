import skillCaps from '../../data/game/skills.json' with { type: 'json' }

/**
 * The 29 RS3 skills in hiscores/RuneMetrics id order (id = index), with `cap`, the highest real
 * level, from data/game/skills.json (the one place a cap is written, with its sources and the day
 * it was raised; the build checks that file). Invention's 150 is a virtual level, so its cap is 120.
 */
const SKILL_LIST = [
	{ id: 0, name: 'attack', label: 'Attack' },
	{ id: 1, name: 'defence', label: 'Defence' },
	{ id: 2, name: 'strength', label: 'Strength' },
	{ id: 3, name: 'constitution', label: 'Constitution' },
	{ id: 4, name: 'ranged', label: 'Ranged' },
	{ id: 5, name: 'prayer', label: 'Prayer' },
	{ id: 6, name: 'magic', label: 'Magic' },
	{ id: 7, name: 'cooking', label: 'Cooking' },
	{ id: 8, name: 'woodcutting', label: 'Woodcutting' },
	{ id: 9, name: 'fletching', label: 'Fletching' },
	{ id: 10, name: 'fishing', label: 'Fishing' },
	{ id: 11, name: 'firemaking', label: 'Firemaking' },
	{ id: 12, name: 'crafting', label: 'Crafting' },
	{ id: 13, name: 'smithing', label: 'Smithing' },
	{ id: 14, name: 'mining', label: 'Mining' },
	{ id: 15, name: 'herblore', label: 'Herblore' },
	{ id: 16, name: 'agility', label: 'Agility' },
	{ id: 17, name: 'thieving', label: 'Thieving' },
	{ id: 18, name: 'slayer', label: 'Slayer' },
	{ id: 19, name: 'farming', label: 'Farming' },
	{ id: 20, name: 'runecrafting', label: 'Runecrafting' },
	{ id: 21, name: 'hunter', label: 'Hunter' },
	{ id: 22, name: 'construction', label: 'Construction' },
	{ id: 23, name: 'summoning', label: 'Summoning' },
	{ id: 24, name: 'dungeoneering', label: 'Dungeoneering' },
	{ id: 25, name: 'divination', label: 'Divination' },
	{ id: 26, name: 'invention', label: 'Invention' },
	{ id: 27, name: 'archaeology', label: 'Archaeology' },
	{ id: 28, name: 'necromancy', label: 'Necromancy' },
] as const

type SkillCaps = Record<(typeof SKILL_LIST)[number]['name'], { cap: number; note?: string }>

/** `capNote`: what a reader should know about the cap, e.g. a reported raise no update post confirms. */
export const SKILLS = SKILL_LIST.map((skill) => {
	const { cap, note } = (skillCaps as SkillCaps)[skill.name]
	return { ...skill, cap, capNote: note }
})

export type SkillName = (typeof SKILLS)[number]['name']

export const SKILL_NAMES = SKILLS.map((s) => s.name) as [SkillName, ...SkillName[]]

const byName = new Map<string, (typeof SKILLS)[number]>(SKILLS.map((s) => [s.name, s]))

export function getSkill(name: string) {
	return byName.get(name.toLowerCase())
}

export function skillLabel(name: string): string {
	return getSkill(name)?.label ?? name.charAt(0).toUpperCase() + name.slice(1)
}
