import { SKILLS } from '#app/lib/skills.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'
import { xpGainedBetween } from '#app/tracker/gain-periods.ts'

/**
 * The most XP we believe one account can gain in an hour: per skill, and over all skills together.
 * The game publishes no such rate, so these are our own conservative caps, not game facts: the
 * fastest training methods, bonus experience included, stay in the single millions of XP an hour
 * in a skill, and the caps sit well above them so stacked boosts and bought lamps never trip them.
 * Only a jump no account could make is left out. XP itself stops at 200,000,000 per skill.
 * sources: https://runescape.wiki/w/Experience, https://runescape.wiki/w/Bonus_experience
 */
export const MAX_SKILL_XP_PER_HOUR = 25_000_000
export const MAX_TOTAL_XP_PER_HOUR = 50_000_000
/** A short gap gets an hour's allowance: a lamp or a reward can land between two fetches minutes apart. */
const MIN_HOURS = 1
const HOUR_MS = 3_600_000

export type ImplausibleChange = { reason: 'xp-fell' | 'too-fast'; skill: string }

/**
 * Why the change from `before` to `after` cannot be one account's play, or null when it can. XP
 * never goes down in the game, so a skill whose XP fell (to a figure the upstream gave: a hiscores
 * skill at 0 XP is merely unranked) means the name now belongs to another account; so does more
 * XP than the caps allow in the time between the two. Such a change counts on no board and in no
 * record.
 */
export function implausibleChange(before: Snapshot, after: Snapshot): ImplausibleChange | null {
	for (const [id, skill] of SKILLS.entries()) {
		const from = before.skills[id]?.xp ?? 0
		const to = after.skills[id]?.xp ?? 0
		if (to > 0 && to < from) return { reason: 'xp-fell', skill: skill.name }
	}
	const hours = Math.max(MIN_HOURS, (Date.parse(after.takenAt) - Date.parse(before.takenAt)) / HOUR_MS)
	const gained = xpGainedBetween(before, after)
	const fastest = gained.reduce((best, xp, id) => (xp > (gained[best] ?? 0) ? id : best), 0)
	if ((gained[fastest] ?? 0) > MAX_SKILL_XP_PER_HOUR * hours) return { reason: 'too-fast', skill: SKILLS[fastest]!.name }
	const total = gained.reduce((sum, xp) => sum + xp, 0)
	if (total > MAX_TOTAL_XP_PER_HOUR * hours) return { reason: 'too-fast', skill: 'overall' }
	return null
}
