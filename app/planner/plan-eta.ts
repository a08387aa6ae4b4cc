import type { SkillName } from '#app/lib/skills.ts'
import { formatDate } from '#app/lib/format-date.ts'
import type { PlanStep } from '#app/planner/plan.ts'
import { etaText, etaToXp, paceText, slowestEta, type Eta, type Pace, type PaceAnswer } from '#app/tracker/pace.ts'

/**
 * A plan's ETAs at the player's own pace (`#app/tracker/pace.ts`). A training step's ETA runs from
 * now and counts every earlier step in the same skill (Magic 70 → 80 after Magic 60 → 70 needs
 * both); the whole plan is its slowest skill, as skills progress side by side at the measured
 * pace. Quests are counted, not timed.
 */

type EtaOut = Eta & { text: string }

export type PlanEtas = {
	status: PaceAnswer['status']
	/** How it was computed, or why there is no ETA: one sentence for the page and API users. */
	message: string
	pace: { source: Pace['source']; from: string; to: string; days: number } | null
	/** The whole plan's training; null without a pace. */
	plan: EtaOut | null
	/** Quests are counted, not timed. */
	questsLeft: number
	/** Step id → its ETA, for training steps only. */
	steps: Record<string, EtaOut>
}

const withText = (eta: Eta): EtaOut => ({ ...eta, text: etaText(eta) })

export function planEtas(steps: readonly PlanStep[], answer: PaceAnswer, playerName: string): PlanEtas {
	const questsLeft = steps.filter((step) => step.kind === 'quest').length
	if (answer.status !== 'ok') {
		const message =
			answer.status === 'not-tracked'
				? `${playerName} isn't tracked yet, so there is no pace to time the training by. Tracking starts with this lookup; ETAs appear once there is a week of history.`
				: // The backfill may be missing or only old: either way no recent month to time by.
					`${playerName} has been tracked since ${formatDate(answer.trackedSince.slice(0, 10))}: ETAs appear once there is a week of history (RuneMetrics' monthly XP has no month recent enough to fill in).`
		return { status: answer.status, message, pace: null, plan: null, questsLeft, steps: {} }
	}
	const { pace } = answer
	const soFar = new Map<SkillName, number>()
	const etas: Record<string, EtaOut> = {}
	const lastBySkill = new Map<SkillName, Eta>()
	for (const step of steps) {
		if (step.kind !== 'train') continue
		const cumulative = (soFar.get(step.skill) ?? 0) + step.xpNeeded
		soFar.set(step.skill, cumulative)
		const eta = etaToXp(step.skill, 0, cumulative, pace.xpPerDay[step.skill])
		if (eta.kind !== 'done') etas[step.id] = withText(eta)
		lastBySkill.set(step.skill, eta)
	}
	return {
		status: 'ok',
		message: `Training ETAs are ${paceText(pace)}: the XP you gained in each skill divided by the days, give or take 25 %. Skills train side by side, so the whole plan takes as long as its slowest skill; quests are counted, not timed.`,
		pace: { source: pace.source, from: pace.from, to: pace.to, days: pace.days },
		plan: withText(slowestEta([...lastBySkill.values()])),
		questsLeft,
		steps: etas,
	}
}
