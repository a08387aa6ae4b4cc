/**
 * Where a loaded player stands on each quest of a requirement chain: done, can start now, or
 * blocked by the first thing missing (a prerequisite, a level or quest points). Pure, so the
 * panels and the tests share it.
 */
import type { ChainStep } from '#app/lib/quests/requirements.ts'
import type { SkillName } from '#app/lib/skills.ts'

/** What the states need to know of the player. */
export interface ChainPlayer {
	hasCompleted: (quest: string) => boolean
	levelOf: (skill: SkillName) => number
	/** Undefined while not known yet: a quest-point threshold then counts as unchecked. */
	questPoints: number | undefined
}

export type StepBlocker =
	| { kind: 'quest'; name: string; slug: string }
	| { kind: 'skill'; skill: SkillName; level: number; current: number }
	| { kind: 'quest-points'; required: number; current: number }

export type StepState =
	| { state: 'completed' }
	| { state: 'can-start' }
	| { state: 'blocked'; by: StepBlocker }
	/** Everything else is met, but the player's quest points are not known yet. */
	| { state: 'checking' }

function stepState(step: ChainStep, player: ChainPlayer, slugOf: Map<string, string>): StepState {
	if (player.hasCompleted(step.name)) return { state: 'completed' }
	const quest = step.requires?.find((name) => !player.hasCompleted(name))
	if (quest) return { state: 'blocked', by: { kind: 'quest', name: quest, slug: slugOf.get(quest) ?? '' } }
	for (const { skill, level } of step.skills) {
		const current = player.levelOf(skill)
		if (current < level) return { state: 'blocked', by: { kind: 'skill', skill, level, current } }
	}
	if (step.questPoints) {
		if (player.questPoints === undefined) return { state: 'checking' }
		if (player.questPoints < step.questPoints) {
			return {
				state: 'blocked',
				by: { kind: 'quest-points', required: step.questPoints, current: player.questPoints },
			}
		}
	}
	return { state: 'can-start' }
}

/** One state per step, in chain order. */
export function chainStepStates(steps: readonly ChainStep[], player: ChainPlayer): StepState[] {
	const slugOf = new Map(steps.map((s) => [s.name, s.slug]))
	return steps.map((step) => stepState(step, player, slugOf))
}

/** The index of the first quest the player can start now ("Start here"), or -1. */
export function startHereIndex(states: readonly StepState[]): number {
	return states.findIndex((s) => s.state === 'can-start')
}
