/**
 * Group members' fetches against synthetic adventurer's logs, deterministic from a seed: how many
 * citadel caps a schedule lets newer entries push out of the 20 the profile shows before a fetch
 * sees them, and what it costs in fetches. Each player plays in bursts (on most days one to three
 * sessions of 1 to 6 hours, at a random time), adding log entries at `entriesPerHour` during a
 * session (a Poisson process), and caps once a cap week, at a random time in one of that week's
 * sessions; their clan's reset is a random weekday and time. Fetches come exactly when due (the
 * budget keeps up), the first at the start; the log's dates are exact (the real ones are minutes).
 */
import { citadelResetAt, type CitadelReset } from '#app/groups/citadel-caps.ts'
import { LOG_PAGE, memberCheckInterval } from '#app/groups/member-schedule.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const WEEK = 7 * DAY
/** The first fetch: a Monday, 00:00 UTC. */
export const START = Date.UTC(2026, 0, 5)
/** Activity before the first fetch, so the log starts full. */
const WARM_UP = WEEK
/** Fetches go on this long after the last cap week, so its cap is seen or pushed out. */
const TAIL = 2 * DAY

export type SimulatedPlayer = {
	reset: CitadelReset
	/** Log entries' times, oldest first. */
	entries: number[]
	/** Indexes in `entries` of the caps, the week before the first included. */
	caps: number[]
	/** When the first counted cap week starts, and when fetching ends (two days after the last). */
	firstWeek: number
	end: number
}

/**
 * The schedule as it was (`half-span`: the resets are withheld, so every member gets half the span
 * and an hour's floor) or cap-aware (`memberCheckInterval` with the member's reset).
 */
export type ScheduleKind = 'half-span' | 'cap-aware'

export type ScheduleResult = {
	caps: number
	/** Caps pushed out of the 20 before any fetch saw them. */
	missed: number
	fetches: number
	/** Fetches per member per day, from the first fetch to the end. */
	fetchesPerDay: number
	/** Fetches whose 20 entries did not reach back to the previous fetch (the refresher's gap rate), and the fetches after a first. */
	gaps: number
	compared: number
}

export type SimulationOptions = { seed: number; players: number; weeks: number; entriesPerHour: number }

/** mulberry32: a small seeded generator of floats in [0, 1). */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
	}
}

/** The players of one run: the same for every schedule compared on them. */
export function simulatePlayers(options: SimulationOptions): SimulatedPlayer[] {
	const random = seededRandom(options.seed)
	const between = (low: number, high: number) => low + random() * (high - low)
	return Array.from({ length: options.players }, () => {
		const resetMinute = Math.floor(random() * 7 * 24 * 60)
		const reset = citadelResetAt(Math.floor(resetMinute / (24 * 60)), resetMinute % (24 * 60))
		const firstWeek = START + resetMinute * 60_000
		const end = firstWeek + options.weeks * WEEK + TAIL
		const sessions: Array<{ from: number; to: number }> = []
		for (let day = START - WARM_UP; day < end; day += DAY) {
			if (random() < 0.2) continue
			const count = 1 + Math.floor(random() * 3)
			for (let i = 0; i < count; i++) {
				const from = day + random() * DAY
				sessions.push({ from, to: from + between(1, 6) * HOUR })
			}
		}
		const times: number[] = []
		for (const session of sessions) {
			for (let t = session.from - (Math.log(1 - random()) / options.entriesPerHour) * HOUR; t < session.to;) {
				times.push(t)
				t -= (Math.log(1 - random()) / options.entriesPerHour) * HOUR
			}
		}
		// The week before the first is capped too (not counted), so a schedule starts as it would go on.
		const capTimes = Array.from({ length: options.weeks + 1 }, (_, week) => {
			const weekStart = firstWeek + (week - 1) * WEEK
			const weekEnd = weekStart + WEEK
			const inWeek = sessions.filter((session) => session.from >= weekStart && session.from < weekEnd)
			const session = inWeek[Math.floor(random() * inWeek.length)] ?? { from: between(weekStart, weekEnd - HOUR), to: weekEnd }
			return between(session.from, Math.min(session.to, weekEnd))
		})
		const all = [...times.map((at) => ({ at, cap: false })), ...capTimes.map((at) => ({ at, cap: true }))].toSorted((a, b) => a.at - b.at)
		return {
			reset,
			firstWeek,
			end,
			entries: all.map((entry) => entry.at),
			caps: all.flatMap((entry, index) => (entry.cap ? [index] : [])),
		}
	})
}

/** Every player fetched on `schedule` from the start until two days after their last cap week. */
export function runSchedule(players: readonly SimulatedPlayer[], schedule: ScheduleKind): ScheduleResult {
	const result: ScheduleResult = { caps: 0, missed: 0, fetches: 0, fetchesPerDay: 0, gaps: 0, compared: 0 }
	let memberDays = 0
	for (const player of players) {
		const { entries } = player
		const isCap = new Set(player.caps)
		const { end } = player
		memberDays += (end - START) / DAY
		const fetchTimes: number[] = []
		let lastCap: Date | null = null
		let newest = -1 // index of the newest entry at the current time
		for (let now = START; now < end;) {
			while (newest + 1 < entries.length && entries[newest + 1]! <= now) newest++
			const page = entries.slice(Math.max(0, newest - LOG_PAGE + 1), newest + 1)
			const previous = fetchTimes.at(-1)
			if (previous !== undefined) {
				result.compared += 1
				// The 21st newest entry came after the previous fetch: it was never seen.
				if (newest - LOG_PAGE >= 0 && entries[newest - LOG_PAGE]! > previous) result.gaps += 1
			}
			fetchTimes.push(now)
			for (let i = Math.max(0, newest - LOG_PAGE + 1); i <= newest; i++) {
				if (isCap.has(i) && (lastCap === null || entries[i]! > lastCap.getTime())) lastCap = new Date(entries[i]!)
			}
			const resets = schedule === 'cap-aware' ? [player.reset] : []
			now += memberCheckInterval({ newest: page.map((at) => new Date(at)), resets, lastCap }, now)
		}
		result.fetches += fetchTimes.length
		for (const cap of player.caps) {
			if (entries[cap]! < player.firstWeek) continue
			result.caps += 1
			// Seen when the first fetch at or after it came before the 20th newer entry pushed it out.
			const seenAt = fetchTimes.find((at) => at >= entries[cap]!)
			const pushedOut = entries[cap + LOG_PAGE] ?? Infinity
			if (pushedOut <= (seenAt ?? Infinity)) result.missed += 1
		}
	}
	result.fetchesPerDay = result.fetches / memberDays
	return result
}
