/**
 * What the account planner reads: every quest reduced to what planning needs, and the goal
 * presets. Written at build time to app/generated/planner.json (scripts/build/planner-data.ts).
 * No zod and no React: the browser and the server both plan from it.
 */
import { questSlug } from '#app/quests/names.ts'
import type { Quest, SkillRequirement } from '#app/quests/schema.ts'
import type { SkillName } from '#app/lib/skills.ts'

/** Skill → level. */
export type Levels = Partial<Record<SkillName, number>>

/** Part of another quest, needed before a quest can start. */
export interface PlannerPartial {
	/** The quest to take part of the way (canonical name). */
	quest: string
	/** How far, in a few words ("the first tomb"). */
	until: string
	/** What reaching that point needs. */
	needs: { quests: string[]; skills: Levels; questPoints?: number }
}

export interface PlannerQuest {
	name: string
	slug: string
	aliases?: string[]
	/** Quest points it awards. */
	questPoints: number
	/** Quests to complete first (canonical names). */
	quests: string[]
	/** Its own level requirements. */
	skills: Levels
	/** Quest points needed to start it. */
	questPointsNeeded?: number
	/** Requirements in free text: the player ticks them off by hand. */
	other?: string[]
	/** Parts of other quests needed first. */
	partial?: PlannerPartial[]
	/** Groups of alternative levels: each group is met by any one of its levels. */
	anyOf?: Levels[]
	/** Levels only ironman accounts need (on top of `skills`). */
	ironman?: Levels
}

interface PresetBase {
	/** Used in URLs (`goals=`); never the slug of a quest. */
	slug: string
	label: string
	aliases?: string[]
	description: string
}

/** A goal that is a quest under another name: Prifddinas is Plague's End. */
interface UnlockPreset extends PresetBase {
	kind: 'unlock'
	/** The quest that grants it (canonical name). */
	quest: string
}

/** Every quest that awards quest points. */
interface QuestCapePreset extends PresetBase {
	kind: 'quest-cape'
}

export type PlannerPreset = UnlockPreset | QuestCapePreset

export interface PlannerData {
	quests: PlannerQuest[]
	presets: PlannerPreset[]
}

function toLevels(skills: readonly SkillRequirement[]): Levels {
	const levels: Levels = {}
	for (const { skill, level } of skills) levels[skill] = Math.max(level, levels[skill] ?? 0)
	return levels
}

/**
 * A quest record reduced to what the planner needs; empty fields are left out. A quest needed
 * past its completion ("with 100 %") is a prerequisite plus a step to tick by hand.
 */
export function toPlannerQuest(quest: Quest): PlannerQuest {
	const req = quest.requirements
	const fully = req.fully
	const other = [...fully.map((f) => `${f.quest}: ${f.until}`), ...req.other]
	const ironman = toLevels(req.ironman?.skill ?? [])
	return {
		name: quest.name,
		slug: questSlug(quest.name),
		...(quest.aliases?.length ? { aliases: quest.aliases } : {}),
		questPoints: quest.questPoints,
		quests: [...new Set([...req.quest, ...fully.map((f) => f.quest)])],
		skills: toLevels(req.skill),
		...(req.questPoints ? { questPointsNeeded: req.questPoints } : {}),
		...(other.length ? { other } : {}),
		...(req.partial.length
			? {
					partial: req.partial.map((p) => ({
						quest: p.quest,
						until: p.until,
						needs: {
							quests: [...p.needs.quest],
							skills: toLevels(p.needs.skill),
							...(p.needs.questPoints ? { questPoints: p.needs.questPoints } : {}),
						},
					})),
				}
			: {}),
		...(req.anyOf.length ? { anyOf: req.anyOf.map((group) => toLevels(group.skill)) } : {}),
		...(Object.keys(ironman).length ? { ironman } : {}),
	}
}
