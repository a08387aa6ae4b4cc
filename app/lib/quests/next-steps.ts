/**
 * A loaded player's next steps, for the home page card: a few quests they can start now and the
 * locked quest closest to opening. Pure: the browser feeds it the catalogue and the progress.
 */
import {
	checkCanStart,
	type PlayerProgress,
	type QuestCatalogueEntry,
} from '#app/lib/quests/artifacts.ts'
import { compareNames } from '#app/lib/quests/requirements.ts'
import type { SkillRequirement } from '#app/lib/quests/schema.ts'

interface NearestUnlock {
	quest: QuestCatalogueEntry
	/** The levels still missing, with the player's current level. */
	missingSkills: (SkillRequirement & { current: number })[]
	/** Total levels still to gain over those skills. */
	levelsToGo: number
}

export interface NextSteps {
	canStart: QuestCatalogueEntry[]
	nearestUnlock?: NearestUnlock
}

/**
 * `canStart`: quests the player has not done and can start now, the ones that open the most other
 * quests first (then easier first, then by name). `nearestUnlock`: among quests locked only by
 * fixed levels (every quest, part of a quest, group of alternatives and quest point done), the one
 * needing the fewest levels in total (then the fewest skills, then by name); undefined when none.
 */
export function nextSteps(
	catalogue: readonly QuestCatalogueEntry[],
	player: PlayerProgress,
	count = 3,
): NextSteps {
	const opens = new Map<string, number>()
	for (const entry of catalogue) {
		for (const prereq of entry.quests) opens.set(prereq, (opens.get(prereq) ?? 0) + 1)
	}
	const startable: QuestCatalogueEntry[] = []
	let nearest: NearestUnlock | undefined
	for (const entry of catalogue) {
		if (player.completed.has(entry.name)) continue
		const check = checkCanStart(entry, player)
		if (check.canStart) {
			startable.push(entry)
			continue
		}
		if (
			check.missingQuests.length > 0 ||
			check.missingPartial.length > 0 ||
			check.missingAnyOf.length > 0 ||
			check.questPointsShort > 0
		)
			continue
		const levelsToGo = check.missingSkills.reduce((sum, s) => sum + s.level - s.current, 0)
		const candidate = { quest: entry, missingSkills: check.missingSkills, levelsToGo }
		if (!nearest || closer(candidate, nearest)) nearest = candidate
	}
	startable.sort(
		(a, b) =>
			(opens.get(b.name) ?? 0) - (opens.get(a.name) ?? 0) ||
			a.difficulty - b.difficulty ||
			compareNames(a.name, b.name),
	)
	return { canStart: startable.slice(0, count), ...(nearest ? { nearestUnlock: nearest } : {}) }
}

function closer(a: NearestUnlock, b: NearestUnlock): boolean {
	if (a.levelsToGo !== b.levelsToGo) return a.levelsToGo < b.levelsToGo
	if (a.missingSkills.length !== b.missingSkills.length)
		return a.missingSkills.length < b.missingSkills.length
	return compareNames(a.quest.name, b.quest.name) < 0
}
