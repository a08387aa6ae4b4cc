/**
 * Where a loaded player stands on each step of a requirement chain: done, can start now, or
 * blocked by the first thing missing (a prerequisite, a level or quest points). Pure, so the
 * panels and the tests share it. The checks follow checkCanStart (artifacts.ts) step by step.
 */
import { questSlug } from '#app/quests/names.ts'
import type { ChainStep } from '#app/quests/requirements.ts'
import type { SkillRequirement } from '#app/quests/schema.ts'
import type { SkillName } from '#app/lib/skills.ts'

/** What the states need to know of the player. */
export interface ChainPlayer {
	hasCompleted: (quest: string) => boolean
	/** Started or completed: what a partial step is checked against. */
	hasStarted: (quest: string) => boolean
	levelOf: (skill: SkillName) => number
	/** Undefined while not known yet: a quest-point threshold then counts as unchecked. */
	questPoints: number | undefined
}

type StepBlocker =
	| { kind: 'quest'; name: string; slug: string }
	| { kind: 'skill'; skill: SkillName; level: number; current: number }
	| { kind: 'any-of'; options: SkillRequirement[] }
	| { kind: 'quest-points'; required: number; current: number }

export type StepState =
	| { state: 'completed' }
	| { state: 'can-start' }
	| { state: 'blocked'; by: StepBlocker }
	/** Everything else is met, but the player's quest points are not known yet. */
	| { state: 'checking' }

/** Done: a quest completed, or a partial step at least started. */
function stepIsDone(step: Pick<ChainStep, 'name' | 'partial'>, player: ChainPlayer): boolean {
	return step.partial ? player.hasStarted(step.name) : player.hasCompleted(step.name)
}

function stepState(step: ChainStep, player: ChainPlayer, ironman: boolean): StepState {
	if (stepIsDone(step, player)) return { state: 'completed' }
	const blockedBy = (name: string): StepState => ({
		state: 'blocked',
		by: { kind: 'quest', name, slug: questSlug(name) },
	})
	const quest = step.requires?.find((name) => !player.hasCompleted(name))
	if (quest) return blockedBy(quest)
	const started = step.requiresStarted?.find((name) => !player.hasStarted(name))
	if (started) return blockedBy(started)
	const levels = ironman ? [...step.skills, ...(step.ironmanSkills ?? [])] : step.skills
	for (const { skill, level } of levels) {
		const current = player.levelOf(skill)
		if (current < level) return { state: 'blocked', by: { kind: 'skill', skill, level, current } }
	}
	const group = step.anyOf?.find((options) => !options.some((o) => player.levelOf(o.skill) >= o.level))
	if (group) return { state: 'blocked', by: { kind: 'any-of', options: group } }
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

/** One state per step, in chain order; `ironman` adds the ironman-only levels. */
export function chainStepStates(steps: readonly ChainStep[], player: ChainPlayer, ironman = false): StepState[] {
	return steps.map((step) => stepState(step, player, ironman))
}

/** The index of the first step the player can start now ("Start here"), or -1. */
export function startHereIndex(states: readonly StepState[]): number {
	return states.findIndex((s) => s.state === 'can-start')
}
