import { formatMonth } from '#app/lib/format-date.ts'
import { SKILLS, getSkill, skillLabel, type SkillName } from '#app/lib/skills.ts'
import { levelForXp, xpForLevel } from '#app/lib/xp-table.ts'
import type { Backfill, Snapshot } from '#app/tracker/api-types.ts'

/**
 * A player's pace (XP per day per skill) and the ETAs it gives. Pure: the planner, the milestones
 * and the player page all ask this one module.
 *
 * The rate, per skill: XP gained over the last 30 UTC days divided by the days it took.
 * - The window starts at midnight UTC 30 days before today's UTC midnight and ends now. The
 *   player's XP at its start is the last snapshot at or before it (rows are only written when
 *   something changed); when tracking began inside the window, the first snapshot, and the days
 *   are counted from it. XP at the end is the latest snapshot; the days run to now, so a player
 *   who stopped playing slows down.
 * - Snapshots too few: when they cover fewer than 7 days, the rate comes from the monthly backfill
 *   instead: the most recent UTC calendar month it lists before the current one (last month, or
 *   the one before at most), its XP divided by its number of days. With neither, no pace.
 *
 * The ETA is a range, not a date: XP still needed divided by the rate, give or take 25 % of the
 * rate (a week's play varies by more than that for most players; a tighter range would claim a
 * precision a single average does not have). Shortest = needed / (rate × 1.25), longest = needed /
 * (rate × 0.75), both rounded up to whole days.
 */

const DAY_MS = 86_400_000
const PACE_WINDOW_DAYS = 30
const MIN_SNAPSHOT_DAYS = 7
/** The ETA range: the rate give or take this share. */
const RATE_SPREAD = 0.25
/** XP stops at 200M in every skill. */
export const MAX_XP = 200_000_000

type PaceSource = 'snapshots' | 'backfill'

export type Pace = {
	source: PaceSource
	/** What the rate was measured over (ISO, UTC). */
	from: string
	to: string
	days: number
	/** XP per day, per skill; 0 = no XP gained in the window. */
	xpPerDay: Record<SkillName, number>
}

function startOfUtcDay(time: number): number {
	const day = new Date(time)
	return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())
}

function emptyRates(): Record<SkillName, number> {
	return Object.fromEntries(SKILLS.map(({ name }) => [name, 0])) as Record<SkillName, number>
}

/** Where the 30-day window starts: midnight UTC 30 days before today's. */
export function paceWindowStart(now: number): number {
	return startOfUtcDay(now) - PACE_WINDOW_DAYS * DAY_MS
}

/** The pace from snapshots (any order), or null when they cover fewer than `MIN_SNAPSHOT_DAYS`. */
function snapshotPace(snapshots: readonly Snapshot[], now: number): Pace | null {
	const sorted = snapshots.filter((snapshot) => Date.parse(snapshot.takenAt) <= now).toSorted((a, b) => a.takenAt.localeCompare(b.takenAt))
	const end = sorted.at(-1)
	if (!end) return null
	const windowStart = paceWindowStart(now)
	const start = sorted.findLast((snapshot) => Date.parse(snapshot.takenAt) <= windowStart) ?? sorted[0]!
	const from = Math.max(windowStart, Date.parse(start.takenAt))
	const days = (now - from) / DAY_MS
	if (days < MIN_SNAPSHOT_DAYS) return null
	const xpPerDay = emptyRates()
	start.skills.forEach((before, id) => {
		const after = end.skills[id]
		// A hiscores snapshot lists an unranked skill as 0 XP: never a negative rate.
		if (after && after.skill === before.skill) xpPerDay[before.skill] = Math.max(0, after.xp - before.xp) / days
	})
	return { source: 'snapshots', from: new Date(from).toISOString(), to: new Date(now).toISOString(), days, xpPerDay }
}

/** The pace of the last whole UTC month the backfill lists before the current one. */
function backfillPace(backfill: Backfill, now: number): Pace | null {
	if (backfill.state !== 'done') return null
	const currentMonth = new Date(now).toISOString().slice(0, 7)
	const last = backfill.months.findLast((entry) => entry.month < currentMonth)
	if (!last) return null
	const [year, month] = last.month.split('-').map(Number) as [number, number]
	// Last month or the one before (a backfill fetched late in a month lists that month as its
	// newest); an older month is not "recent" pace.
	const today = new Date(now)
	const monthsAgo = (today.getUTCFullYear() - year) * 12 + today.getUTCMonth() + 1 - month
	if (monthsAgo > 2) return null
	const from = Date.UTC(year, month - 1, 1)
	const to = Date.UTC(year, month, 1)
	const days = (to - from) / DAY_MS
	const xpPerDay = emptyRates()
	for (const { skill, xpGained } of last.skills) xpPerDay[skill] = xpGained / days
	return { source: 'backfill', from: new Date(from).toISOString(), to: new Date(to).toISOString(), days, xpPerDay }
}

/** What the tracker knows of a player's pace (`GET /api/v1/players/:name/pace`, the planner). */
export type PaceAnswer =
	| { status: 'ok'; pace: Pace }
	/** Never looked up on the site, or opted out. */
	| { status: 'not-tracked' }
	/** Tracked, but under a week of snapshots and no monthly backfill to fall back on. */
	| { status: 'no-history'; trackedSince: string }

/** The player's pace now: from snapshots when they cover a week, else the backfill, else null. */
export function paceOf(snapshots: readonly Snapshot[], backfill: Backfill | null, now: number): Pace | null {
	return snapshotPace(snapshots, now) ?? (backfill ? backfillPace(backfill, now) : null)
}

export type Eta =
	/** Already there. */
	| { kind: 'done' }
	/** The skill gained no XP in the window: no number to give. */
	| { kind: 'no-recent-xp'; skill: SkillName }
	/** Not reachable by training: past the skill's real cap, or past 200M XP. */
	| { kind: 'beyond-cap'; skill: SkillName; cap: number }
	/** `xpNeeded`: XP still to gain, for a target in one skill (a total level has none). */
	| { kind: 'range'; xpNeeded?: number; minDays: number; maxDays: number }

/** The ETA to `targetXp` in `skill` from `xp`, at `xpPerDay`. */
export function etaToXp(skill: SkillName, xp: number, targetXp: number, xpPerDay: number): Eta {
	if (targetXp > MAX_XP) return { kind: 'beyond-cap', skill, cap: MAX_XP }
	if (xp >= targetXp) return { kind: 'done' }
	if (!(xpPerDay > 0)) return { kind: 'no-recent-xp', skill }
	const xpNeeded = targetXp - xp
	return {
		kind: 'range',
		xpNeeded,
		minDays: Math.max(1, Math.ceil(xpNeeded / (xpPerDay * (1 + RATE_SPREAD)))),
		maxDays: Math.max(1, Math.ceil(xpNeeded / (xpPerDay * (1 - RATE_SPREAD)))),
	}
}

function capOf(skill: SkillName): number {
	return getSkill(skill)?.cap ?? 99
}

/** The ETA to a real level: levels above the skill's cap (99, 110 or 120) are not a target. */
export function etaToLevel(skill: SkillName, xp: number, level: number, xpPerDay: number): Eta {
	const cap = capOf(skill)
	if (level > cap) return { kind: 'beyond-cap', skill, cap }
	return etaToXp(skill, xp, xpForLevel(skill, level), xpPerDay)
}

/** The real level `xp` gives in `skill`: at most the skill's cap. */
function cappedLevel(skill: SkillName, xp: number): number {
	return Math.min(capOf(skill), levelForXp(skill, Math.min(xp, MAX_XP)))
}

/**
 * The ETA to a total level (the sum of real levels, each at most its skill's cap): every skill
 * goes on gaining at its own rate, so the total is reached on the first whole day the levels add
 * up to `target`; the range is that day at the rate give or take 25 %, as for one skill. A target
 * past what the skills with recent XP can reach names the stalled skill with the most levels left;
 * `target` is at most the sum of the caps.
 */
export function etaToTotalLevel(
	skills: ReadonlyArray<{ skill: SkillName; xp: number }>,
	target: number,
	xpPerDay: Readonly<Record<SkillName, number>>,
): Eta {
	if (target > skills.reduce((sum, { skill }) => sum + capOf(skill), 0))
		throw new RangeError(`total level ${target} is past every skill's cap`)
	const totalAfter = (days: number, scale: number) =>
		skills.reduce((sum, { skill, xp }) => sum + cappedLevel(skill, xp + Math.max(0, xpPerDay[skill]) * scale * days), 0)
	if (totalAfter(0, 0) >= target) return { kind: 'done' }
	const moving = (skill: SkillName) => xpPerDay[skill] > 0
	const reachable = skills.reduce((sum, { skill, xp }) => sum + (moving(skill) ? capOf(skill) : cappedLevel(skill, xp)), 0)
	if (reachable < target) {
		const stalled = skills
			.filter(({ skill }) => !moving(skill))
			.map(({ skill, xp }) => ({ skill, left: capOf(skill) - cappedLevel(skill, xp) }))
			.toSorted((a, b) => b.left - a.left)[0]!
		return { kind: 'no-recent-xp', skill: stalled.skill }
	}
	/** The first whole day (at least 1) on which the total is reached at the rate × `scale`. */
	const firstDay = (scale: number) => {
		let high = 1
		while (totalAfter(high, scale) < target) high *= 2
		let low = Math.floor(high / 2)
		// totalAfter(low) < target <= totalAfter(high) (low 0 when high is 1).
		while (high - low > 1) {
			const middle = Math.floor((low + high) / 2)
			if (totalAfter(middle, scale) >= target) high = middle
			else low = middle
		}
		return high
	}
	return { kind: 'range', minDays: firstDay(1 + RATE_SPREAD), maxDays: firstDay(1 - RATE_SPREAD) }
}

/**
 * When several targets are all reached, at the measured pace: the pace was measured with the
 * player training those skills side by side, so the targets progress together and the whole is
 * the slowest part (not the sum). Done parts count for nothing; a part with no recent XP or past
 * the cap makes the whole unknown (that part's answer is returned so the page can name the skill).
 */
export function slowestEta(etas: readonly Eta[]): Eta {
	let slowest: Eta = { kind: 'done' }
	for (const eta of etas) {
		if (eta.kind === 'done') continue
		if (eta.kind !== 'range') return eta
		if (slowest.kind !== 'range' || eta.maxDays > slowest.maxDays || (eta.maxDays === slowest.maxDays && eta.minDays > slowest.minDays)) {
			slowest = eta
		}
	}
	return slowest
}

const DAYS_PER_MONTH = 30.44
const DAYS_PER_YEAR = 365.25
/** Past this many years even the short end is no plan: said as "more than 20 years". */
const LONGEST_YEARS = 20

function spanText(min: number, max: number, unit: string): string {
	const plural = max === 1 ? unit : `${unit}s`
	return min === max ? `about ${max} ${plural}` : `about ${min}–${max} ${plural}`
}

/**
 * The words for an ETA: "about 12–16 days", "about 3–5 months", "about 2–3 years" (the unit is
 * chosen by the longest end: days up to 60, months up to 24, then years; "more than 20 years" when
 * even the short end is past that), "no recent XP in Magic".
 */
export function etaText(eta: Eta): string {
	switch (eta.kind) {
		case 'done':
			return 'done'
		case 'no-recent-xp':
			return `no recent XP in ${skillLabel(eta.skill)}`
		case 'beyond-cap':
			return eta.cap === MAX_XP
				? `past ${skillLabel(eta.skill)}'s 200M XP limit`
				: `past ${skillLabel(eta.skill)}'s level cap of ${eta.cap}`
		case 'range': {
			const { minDays, maxDays } = eta
			if (maxDays <= 60) return spanText(minDays, maxDays, 'day')
			if (maxDays <= 24 * DAYS_PER_MONTH) {
				return spanText(Math.max(1, Math.round(minDays / DAYS_PER_MONTH)), Math.round(maxDays / DAYS_PER_MONTH), 'month')
			}
			if (minDays > LONGEST_YEARS * DAYS_PER_YEAR) return `more than ${LONGEST_YEARS} years`
			return spanText(Math.max(1, Math.round(minDays / DAYS_PER_YEAR)), Math.round(maxDays / DAYS_PER_YEAR), 'year')
		}
	}
}

/** How the pace was measured, for the page: "at your last-30-days pace" or the backfill month. */
export function paceText(pace: Pace): string {
	if (pace.source === 'snapshots') {
		const days = Math.round(pace.days)
		return days >= PACE_WINDOW_DAYS ? 'at your last-30-days pace' : `at your pace over the last ${days} days`
	}
	return `at your pace in ${formatMonth(pace.from.slice(0, 7))} (from RuneMetrics' monthly XP)`
}
