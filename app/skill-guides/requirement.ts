import { skillLabel } from '#app/lib/skills.ts'

/** Whether a requirement is met: undefined without player data. */
export function requirementMet(current: number | undefined, required: number): boolean | undefined {
	return current === undefined ? undefined : current >= required
}

export function requirementText(met: boolean): string {
	return met ? 'Requirement met' : 'Requirement not met'
}

/** The badge button's accessible name, e.g. "96 Herblore — open the Herblore levelling guide". */
export function badgeLabel(skill: string, level: number, met: boolean | undefined): string {
	const label = skillLabel(skill)
	const state = met === undefined ? '' : met ? ' (met)' : ' (not met)'
	return `${level} ${label}${state} — open the ${label} levelling guide`
}
