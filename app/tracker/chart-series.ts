import type { SkillName } from '#app/lib/skills.ts'
import type { Backfill, Snapshot } from '#app/tracker/api-types.ts'

/** What the chart shows: total XP or one skill's XP. */
export type ChartSubject = 'total' | SkillName

export type ChartPoint = {
	/** Milliseconds since 1970 (UTC). */
	time: number
	xp: number
	/** 'recorded': a real snapshot; 'monthly': worked back from RuneMetrics' monthly gains. */
	kind: 'recorded' | 'monthly'
}

function xpOf(snapshot: Snapshot, subject: ChartSubject): number {
	if (subject === 'total') return snapshot.totalXp
	return snapshot.skills.find((skill) => skill.skill === subject)?.xp ?? 0
}

function gainOf(month: Backfill['months'][number], subject: ChartSubject): number {
	if (subject === 'total') return month.totalXpGained
	return month.skills.find((skill) => skill.skill === subject)?.xpGained ?? 0
}

const monthStart = (month: string) => Date.parse(`${month}-01T00:00:00.000Z`)

function nextMonthStart(month: string): number {
	const start = new Date(monthStart(month))
	return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)
}

/**
 * The points of the history chart, oldest first. Recorded snapshots are drawn as they are. The
 * monthly backfill only says how much was gained each month, so its points are worked back from
 * the first snapshot: the XP at the end of a month is the first snapshot's XP minus what was
 * gained in the later months that began before it. A month that runs past the first snapshot is
 * counted whole, so the estimate can be a little low for that month; it is drawn apart and called
 * an estimate for that reason. No snapshot: no backfill points (nothing to work back from).
 */
export function chartPoints(snapshots: readonly Snapshot[], backfill: Backfill, subject: ChartSubject): ChartPoint[] {
	const recorded = snapshots
		.map((snapshot) => ({
			time: Date.parse(snapshot.takenAt),
			xp: xpOf(snapshot, subject),
			kind: 'recorded' as const,
		}))
		.toSorted((a, b) => a.time - b.time)
	const first = recorded[0]
	if (!first || backfill.state !== 'done') return recorded
	const months = backfill.months.filter((month) => monthStart(month.month) < first.time)
	const monthly: ChartPoint[] = []
	let xp = first.xp
	// Walk back from the newest month: each month's start is its end minus its gain.
	for (const month of months.toReversed()) {
		const end = Math.min(nextMonthStart(month.month), first.time)
		if (end < first.time) monthly.push({ time: end, xp, kind: 'monthly' })
		xp = Math.max(0, xp - gainOf(month, subject))
	}
	const oldest = months[0]
	if (oldest) monthly.push({ time: monthStart(oldest.month), xp, kind: 'monthly' })
	return [...monthly.toReversed(), ...recorded]
}
