import { z } from 'zod'

/**
 * RuneMetrics `xp-monthly?searchName=<name>&skillid=<0-28>`: one skill's XP gained in each of the
 * last 12 months. Only two open-source clients describe it and no capture confirms it, so the
 * parser is strict and anything unexpected means "no history" (null), never an error:
 *
 * - Units: tenths of XP, like the profile's `skillvalues[].xp`. The sample's `totalXp`
 *   (42,608,454) is the very number the profile gives for Magic, which is tenths there: 4,260,845
 *   XP is level 87, as the profile says, while 42.6M whole XP would be level 99. So every figure is
 *   divided by 10 (rounded down, as the lookup does for the profile).
 * - `timestamp`: read as the month's start in UTC milliseconds (the sample's are exactly that);
 *   the month is the UTC calendar month the timestamp falls in. Two entries in one month, or
 *   months out of order, make the whole answer unreadable (null): we would rather show no history
 *   than a wrong one.
 * - Private and unknown players: not known. An `{ error }` body, an empty `monthlyXpGain` list, a
 *   list for another skill or any other shape all give null.
 * - `rank` in `monthData` (0 when nothing was gained) is not kept.
 */

const monthDataSchema = z.object({
	xpGain: z.number().int().min(0),
	timestamp: z.number().int().positive(),
})

const xpMonthlyBodySchema = z.object({
	monthlyXpGain: z
		.array(
			z.object({
				skillId: z.number().int(),
				totalXp: z.number().int().min(0),
				monthData: z.array(monthDataSchema).max(24),
			}),
		)
		.length(1),
})

export type MonthlyXp = {
	skillId: number
	/** Whole XP in the skill now (RuneMetrics' `totalXp` / 10): compare with the profile's. */
	totalXp: number
	/** Oldest first, one entry per UTC month ('YYYY-MM'), whole XP. */
	months: Array<{ month: string; xpGained: number }>
}

/** 'YYYY-MM' of a time, in UTC. */
export function utcMonth(time: number | Date): string {
	return new Date(time).toISOString().slice(0, 7)
}

export function parseXpMonthly(json: unknown, skillId: number): MonthlyXp | null {
	const parsed = xpMonthlyBodySchema.safeParse(json)
	if (!parsed.success) return null
	const [entry] = parsed.data.monthlyXpGain
	if (!entry || entry.skillId !== skillId) return null
	const months = entry.monthData.map((data) => ({
		month: utcMonth(data.timestamp),
		xpGained: Math.floor(data.xpGain / 10),
	}))
	for (let i = 1; i < months.length; i++) {
		if (months[i]!.month <= months[i - 1]!.month) return null
	}
	return { skillId, totalXp: Math.floor(entry.totalXp / 10), months }
}
