/**
 * The check behind "old name → new name": refused on facts (the old name still exists, the new one
 * does not, a skill has less XP than the old name last had), accepted when the XP gained since
 * the old name's last snapshot fits the time elapsed, sent to the dashboard for review when it
 * does not (stored lamps and bonus XP can beat any hourly rate, so a big gap alone is doubtful,
 * not proof of another account).
 */
import { skillLabel } from '#app/lib/skills.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'

/**
 * XP per hour, all skills together, that we accept without a look. Not a game fact: a project
 * constant with room to spare. The fastest methods players report are a few million XP an hour in
 * one skill; a Bonus XP weekend multiplies standard training by up to 2.7 at its start
 * (https://secure.runescape.com/m=news/bonus-xp-weekend-3), and combat adds Constitution XP beside
 * the style's. 10M an hour is above all of that together; anything past it goes to review.
 */
const PLAUSIBLE_XP_PER_HOUR = 10_000_000

const HOUR = 3_600_000

/** Whether `xpGained` (never negative) fits in the time between two readings. */
export function plausibleXpGain(xpGained: number, elapsedMs: number): boolean {
	return xpGained >= 0 && xpGained <= (PLAUSIBLE_XP_PER_HOUR * Math.max(0, elapsedMs)) / HOUR
}

export type NameChangeFacts = {
	/** The old name's last snapshot; null when the old name was never tracked. */
	oldSnapshot: Snapshot | null
	/** Whether upstream (RuneMetrics or the hiscores) still knows the old name. */
	oldNameExists: boolean
	/** The new name's stats now; null when upstream knows no such player. */
	newSnapshot: Snapshot | null
}

export type NameChangeVerdict = { verdict: 'accept' } | { verdict: 'refuse' | 'review'; reason: string }

export function checkNameChange({ oldSnapshot, oldNameExists, newSnapshot }: NameChangeFacts): NameChangeVerdict {
	if (!oldSnapshot) return refuse('The old name has no history here: there is nothing to move to the new name.')
	if (oldNameExists) return refuse('The old name still exists in RuneScape, so it has not been changed.')
	if (!newSnapshot) return refuse('RuneScape knows no player by the new name.')
	const lower = newSnapshot.skills.filter((skill, id) => skill.xp < (oldSnapshot.skills[id]?.xp ?? 0))
	if (lower.length > 0) {
		const names = lower.map((skill) => skillLabel(skill.skill)).join(', ')
		return refuse(`The new name has less XP than the old name last had in ${names}: XP never goes down, so it is another account.`)
	}
	const gained = newSnapshot.totalXp - oldSnapshot.totalXp
	const elapsed = Date.parse(newSnapshot.takenAt) - Date.parse(oldSnapshot.takenAt)
	if (plausibleXpGain(gained, elapsed)) return { verdict: 'accept' }
	const hours = Math.max(0, elapsed) / HOUR
	return {
		verdict: 'review',
		reason: `The new name has ${gained.toLocaleString('en-GB')} XP more than the old name had ${hours.toFixed(1)} hours earlier, more than ${PLAUSIBLE_XP_PER_HOUR.toLocaleString('en-GB')} XP an hour.`,
	}
}

function refuse(reason: string): NameChangeVerdict {
	return { verdict: 'refuse', reason }
}
