/** Plan steps as words: the page, the printed checklist and "copy as text" share these. */
import { formatNumber } from '#app/lib/format-number.ts'
import { skillLabel } from '#app/lib/skills.ts'
import type { Plan, PlanStep } from './plan.ts'

/** One line per step. `questName` turns a slug into the quest's name. */
export function stepText(step: PlanStep, questName: (slug: string) => string): string {
	switch (step.kind) {
		case 'quest':
			return step.name
		case 'partial':
			return `${step.name}, until ${step.until}`
		case 'train':
			return `Train ${skillLabel(step.skill)} ${step.fromLevel} → ${step.toLevel}: ${formatNumber(step.xpNeeded)} XP`
		case 'other':
			return `${step.text} (for ${questName(step.quest)})`
		case 'questPoints':
			return `Reach ${step.needed} quest points (${step.have} by this point of the plan)`
	}
}

/** The plan as a plain-text checklist, one numbered line per step, ticked ones marked [x]. */
export function planAsText(
	plan: Plan,
	questName: (slug: string) => string,
	ticked: ReadonlySet<string> = new Set(),
	title = 'Account plan',
): string {
	const goals = plan.goals.map((g) => g.label).join(', ')
	const lines = [`${title}: ${goals}`]
	plan.steps.forEach((step, i) => {
		lines.push(`${i + 1}. [${ticked.has(step.id) ? 'x' : ' '}] ${stepText(step, questName)}`)
	})
	if (plan.steps.length === 0) lines.push('Nothing left to do for these goals.')
	return lines.join('\n')
}
