// zod's mini build: this runs in the browser on the player page, where full zod would be half its JS.
import * as z from 'zod/mini'
import { SKILL_NAMES, SKILLS, type SkillName } from '#app/lib/skills.ts'
import type { Plan, PlannerPlayer } from '#app/planner/plan.ts'
import { trackedPlanKey } from './tracked-plan-key.ts'

/**
 * "Track this plan": the goal set a player chose, the day they chose it and what it needed then,
 * kept in this browser (one per player). Progress since then is the XP gained in each skill the
 * plan trains (up to what it needed) and the plan's quests completed since.
 */

const trackedPlanSchema = z.object({
	player: z.string().check(z.minLength(1)),
	goals: z.array(z.string()).check(z.minLength(1)),
	ironman: z.boolean(),
	/** ISO time the plan was tracked. */
	setAt: z.iso.datetime(),
	/** XP needed per skill on that day, and the player's XP in it then. */
	skills: z.array(z.object({ skill: z.enum(SKILL_NAMES), needed: z.int().check(z.minimum(0)), startXp: z.int().check(z.minimum(0)) })),
	/** The plan's quests (canonical names) not done on that day. */
	quests: z.array(z.string()),
})
export type TrackedPlan = z.infer<typeof trackedPlanSchema>

export type TrackedProgress = {
	skills: Array<{ skill: SkillName; done: number; needed: number }>
	questsDone: number
	questsNeeded: number
}

/** The planner page showing the tracked plan for its player. */
export function trackedPlanHref(tracked: Pick<TrackedPlan, 'goals' | 'player'>): string {
	return `/tools/plan?goals=${tracked.goals.map(encodeURIComponent).join(',')}&player=${encodeURIComponent(tracked.player)}`
}

export function newTrackedPlan(
	player: string,
	goals: readonly string[],
	ironman: boolean,
	plan: Plan,
	account: PlannerPlayer,
	now: Date,
): TrackedPlan {
	const skills = SKILLS.flatMap(({ name }) => {
		const needed = plan.totals.xpBySkill[name]
		return needed ? [{ skill: name, needed, startXp: account.xp?.[name] ?? 0 }] : []
	})
	const quests = plan.steps.flatMap((step) => (step.kind === 'quest' ? [step.name] : []))
	return { player, goals: [...goals], ironman, setAt: now.toISOString(), skills, quests }
}

/** Progress since the plan was tracked, for the account as it is now. */
export function trackedProgress(tracked: TrackedPlan, account: PlannerPlayer): TrackedProgress {
	const skills = tracked.skills.map(({ skill, needed, startXp }) => ({
		skill,
		needed,
		done: Math.min(needed, Math.max(0, (account.xp?.[skill] ?? 0) - startXp)),
	}))
	const completed = account.completed ?? new Set<string>()
	return {
		skills,
		questsDone: tracked.quests.filter((quest) => completed.has(quest)).length,
		questsNeeded: tracked.quests.length,
	}
}

export function readTrackedPlan(storage: Pick<Storage, 'getItem'>, player: string): TrackedPlan | undefined {
	try {
		const raw = storage.getItem(trackedPlanKey(player))
		if (!raw) return undefined
		const parsed = trackedPlanSchema.safeParse(JSON.parse(raw))
		return parsed.success ? parsed.data : undefined
	} catch {
		return undefined
	}
}

export function saveTrackedPlan(storage: Pick<Storage, 'setItem'>, tracked: TrackedPlan): void {
	storage.setItem(trackedPlanKey(tracked.player), JSON.stringify(tracked))
}
