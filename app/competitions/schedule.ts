/**
 * When a competition is upcoming, ongoing or finished, which participants are due for an update
 * and why, when the standings freeze, and which announcements are due. Pure: the update rounds
 * (through the upstream scheduler, at competition priority) and the Discord outbox ask it.
 *
 * - Start round: at the start, everyone not checked since the start (their start snapshot).
 * - While it runs: anyone whose last check is 6 hours old.
 * - Final round: after the end, everyone not checked since the end.
 * - Frozen: once everyone has been checked since the end, or one hour after the end, whichever
 *   comes first; nothing is due after that.
 */
const HOUR = 3_600_000
const REFRESH_EVERY = 6 * HOUR
const FREEZE_AFTER_END = HOUR

/** A competition's start and end. */
export type Span = { startsAt: Date; endsAt: Date }

export type CompetitionStatus = 'upcoming' | 'ongoing' | 'finished'

export function competitionStatus(window: Span, now: Date): CompetitionStatus {
	if (now < window.startsAt) return 'upcoming'
	return now < window.endsAt ? 'ongoing' : 'finished'
}

/** `lastCheckedAt`: the participant's last successful upstream fetch (changed or not). */
export type ParticipantCheck = { key: string; lastCheckedAt: Date | null }

type DueUpdate = { key: string; round: 'start' | 'running' | 'final' }

export type UpdatePlan = {
	due: DueUpdate[]
	/** When to look again if nothing fails: the start, the next 6-hour mark, the end; null once frozen. */
	nextAt: Date | null
	frozen: boolean
}

export function standingsFrozen(window: Span, participants: readonly ParticipantCheck[], now: Date): boolean {
	if (now < window.endsAt) return false
	if (now.getTime() >= window.endsAt.getTime() + FREEZE_AFTER_END) return true
	return participants.every((participant) => checkedSince(participant, window.endsAt))
}

export function planUpdates(window: Span, participants: readonly ParticipantCheck[], now: Date): UpdatePlan {
	const status = competitionStatus(window, now)
	if (status === 'upcoming') return { due: [], nextAt: window.startsAt, frozen: false }
	if (status === 'finished') {
		if (standingsFrozen(window, participants, now)) return { due: [], nextAt: null, frozen: true }
		const due = participants
			.filter((participant) => !checkedSince(participant, window.endsAt))
			.map((participant) => ({ key: participant.key, round: 'final' as const }))
		return { due, nextAt: new Date(window.endsAt.getTime() + FREEZE_AFTER_END), frozen: false }
	}
	const due: DueUpdate[] = []
	let nextAt = window.endsAt.getTime()
	for (const participant of participants) {
		if (!checkedSince(participant, window.startsAt)) due.push({ key: participant.key, round: 'start' })
		else {
			const dueAt = participant.lastCheckedAt!.getTime() + REFRESH_EVERY
			if (dueAt <= now.getTime()) due.push({ key: participant.key, round: 'running' })
			else nextAt = Math.min(nextAt, dueAt)
		}
	}
	return { due, nextAt: new Date(nextAt), frozen: false }
}

/**
 * The last moment of the final round: when the standings froze, else an hour after the end. A
 * snapshot taken later never counts (scoring.ts), so a lookup after the freeze changes nothing.
 */
export function finalRoundClosesAt(competition: Span & { frozenAt: Date | null }): Date {
	return competition.frozenAt ?? new Date(competition.endsAt.getTime() + FREEZE_AFTER_END)
}

function checkedSince(participant: ParticipantCheck, time: Date): boolean {
	return participant.lastCheckedAt !== null && participant.lastCheckedAt >= time
}

export type CompetitionEvent = 'starting-soon' | 'started' | 'ending-soon' | 'finished'

/**
 * The announcements whose time has come and not gone: "starting in 24 h" from 24 h before the
 * start until the start, "started" until the end, "ending in 1 h" in the last hour (of a
 * competition longer than that), "finished" (with the top 3) once the standings are frozen, for
 * a day. Each is sent once (the
 * outbox keys it by competition and event); a late worker sends what is still current and
 * skips the rest, never a "starting soon" after the start.
 */
export function competitionEventsDue(window: Span, now: Date, frozen: boolean): CompetitionEvent[] {
	const time = now.getTime()
	const start = window.startsAt.getTime()
	const end = window.endsAt.getTime()
	const events: CompetitionEvent[] = []
	if (time >= start - 24 * HOUR && time < start) events.push('starting-soon')
	if (time >= start && time < end) events.push('started')
	if (end - start > HOUR && time >= end - HOUR && time < end) events.push('ending-soon')
	if (frozen && time < end + 24 * HOUR) events.push('finished')
	return events
}
