import type { GuideRequirementData } from './guide-index.schema.ts'

/** A loaded player, as the guide index checks it. */
export type GuidePlayer = {
	/** Undefined when the player's quest list is not known (private or missing profile). */
	hasCompleted: ((quest: string) => boolean) | undefined
	/** A skill's level; undefined (not in the data) counts as level 1, as in the game. */
	levelOf: (skill: string) => number | undefined
	/** The player's quest points; undefined until known. */
	questPoints: number | undefined
}

export type GuideState =
	/** The guide's quest is done. */
	| { kind: 'completed' }
	/** Every quest, level and the quest-point threshold the guide names is reached. */
	| { kind: 'met' }
	/** Counts of what is still missing (0 for a part that is met or not known). */
	| { kind: 'not-met'; quests: number; skills: number; questPoints: number }
	/** Nothing missing as far as we know, but the quests (or quest points) cannot be checked yet. */
	| { kind: 'unknown'; reason: 'quests-hidden' | 'checking' }
	/** The guide names nothing a player can be checked against. */
	| { kind: 'none' }

/** Where a player stands with one guide of an index page. */
export function guideState(requirement: GuideRequirementData | undefined, player: GuidePlayer): GuideState {
	if (!requirement) return { kind: 'none' }
	const { quest, quests, skills, questPoints } = requirement
	if (!quest && quests.length === 0 && skills.length === 0 && questPoints === 0) return { kind: 'none' }

	const { hasCompleted } = player
	if (quest && hasCompleted?.(quest)) return { kind: 'completed' }
	const missingSkills = skills.filter((s) => (player.levelOf(s.skill) ?? 1) < s.level).length
	const missingQuests = hasCompleted ? quests.filter((q) => !hasCompleted(q)).length : 0
	// Quest points come from the completed quests: unknown when those are.
	const have = hasCompleted ? player.questPoints : undefined
	const pointsShort = questPoints > 0 && have !== undefined ? Math.max(0, questPoints - have) : 0
	if (missingSkills > 0 || missingQuests > 0 || pointsShort > 0) {
		return {
			kind: 'not-met',
			quests: missingQuests,
			skills: missingSkills,
			questPoints: pointsShort,
		}
	}
	// Whether the guide's own quest is done cannot be told then either, but its requirements can.
	if (!hasCompleted && (quests.length > 0 || questPoints > 0)) {
		return { kind: 'unknown', reason: 'quests-hidden' }
	}
	if (questPoints > 0 && have === undefined) return { kind: 'unknown', reason: 'checking' }
	return { kind: 'met' }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** "2 quests, 3 skills missing". */
export function missingText(state: Extract<GuideState, { kind: 'not-met' }>): string {
	const parts = [
		state.quests > 0 ? plural(state.quests, 'quest') : '',
		state.skills > 0 ? plural(state.skills, 'skill') : '',
		state.questPoints > 0 ? plural(state.questPoints, 'quest point') : '',
	].filter(Boolean)
	return `${parts.join(', ')} missing`
}
