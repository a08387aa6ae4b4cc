import type { PlayerData } from '#app/player/types.ts'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import type { Levels } from './data.ts'
import type { PlannerPlayer } from './plan.ts'

/**
 * Whether the lookup says which quests the player has done. RuneMetrics lists every quest (done
 * or not) for a profile it shows; a private profile, a hiscores-only answer or an empty list
 * says nothing.
 */
export function knowsQuestProgress(data: Pick<PlayerData, 'source' | 'error' | 'quests'>): boolean {
	return data.source === 'runemetrics' && !data.error && data.quests.length > 0
}

/**
 * A player-data answer as the planner reads it. `questName` maps a RuneMetrics title to our
 * canonical name (titles we do not know are skipped).
 */
export function plannerPlayer(
	data: Pick<PlayerData, 'source' | 'error' | 'quests' | 'skillvalues'>,
	questName: (title: string) => string | undefined,
): PlannerPlayer {
	const levels: Levels = {}
	const xp: Partial<Record<SkillName, number>> = {}
	for (const skill of data.skillvalues) {
		const name = SKILLS[skill.id]?.name
		if (!name) continue
		levels[name] = skill.level
		xp[name] = skill.xp
	}
	if (!knowsQuestProgress(data)) return { levels, xp }
	const completed = new Set<string>()
	const started = new Set<string>()
	for (const quest of data.quests) {
		const name = questName(quest.title)
		if (!name) continue
		if (quest.status === 'COMPLETED') completed.add(name)
		else if (quest.status === 'STARTED') started.add(name)
	}
	return { completed, started, levels, xp }
}
