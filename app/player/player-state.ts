import { normaliseQuestName } from '#app/quests/names.ts'
import { SKILLS } from '#app/lib/skills.ts'
import type { PlayerData, ProfileState } from './types.ts'

export type PlayerStatus = 'idle' | 'loading' | 'loaded' | 'error'

export type PlayerState = {
	/** The name being looked up ('' when none). */
	username: string
	status: PlayerStatus
	/** Only while `status` is 'loaded'. */
	data: PlayerData | undefined
	/** The lookup's error message while `status` is 'error'. */
	error: string | undefined
	/** Why RuneMetrics gave less than a full profile (private, refused…), when loaded. */
	profileState: ProfileState | undefined
	/** Level per skill name; a skill missing from the data counts as level 1. */
	levelOf: (skill: string) => number
	/** Experience per skill name; 0 for a skill missing from the data. */
	xpOf: (skill: string) => number
	/** Whether the player has completed a quest (by our name or RuneMetrics' title). */
	hasCompleted: (quest: string) => boolean
	/** Whether the player has started or completed a quest. */
	hasStarted: (quest: string) => boolean
}

/**
 * What the widgets see of a lookup. Data wins over an error: when a background refresh fails,
 * the answer already shown stays.
 */
export function playerState(username: string, data: PlayerData | undefined, error: Error | null | undefined): PlayerState {
	const status: PlayerStatus = !username ? 'idle' : data ? 'loaded' : error ? 'error' : 'loading'
	const shown = status === 'loaded' ? data : undefined
	const levels = new Map<string, number>()
	const xp = new Map<string, number>()
	for (const skill of shown?.skillvalues ?? []) {
		const name = SKILLS[skill.id]?.name
		if (!name) continue
		levels.set(name, skill.level)
		xp.set(name, skill.xp)
	}
	const completed = new Set(shown?.quests.filter((q) => q.status === 'COMPLETED').map((q) => normaliseQuestName(q.title)))
	const started = new Set(shown?.quests.filter((q) => q.status !== 'NOT_STARTED').map((q) => normaliseQuestName(q.title)))
	return {
		username,
		status,
		data: shown,
		error: status === 'error' ? error?.message : undefined,
		profileState: shown?.error,
		levelOf: (skill) => levels.get(skill.toLowerCase()) ?? 1,
		xpOf: (skill) => xp.get(skill.toLowerCase()) ?? 0,
		hasCompleted: (quest) => completed.has(normaliseQuestName(quest)),
		hasStarted: (quest) => started.has(normaliseQuestName(quest)),
	}
}
