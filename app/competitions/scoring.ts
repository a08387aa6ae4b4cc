/**
 * A competition's standings from what the tracker recorded: each participant's snapshots and
 * classified adventurer's log. Pure, so the page, the API, the CSV and the Discord message all
 * rank the same way.
 *
 * - XP and levels count from the participant's first snapshot at or after the start (the start
 *   round takes it) to their end value: the first snapshot taken after the end, when the final
 *   round took it by the time it closed (`finalRoundClosesAt`: the freeze, else an hour after the
 *   end), else their last one at or before the end. Only that one snapshot after the end counts,
 *   and only with a start value before it. No snapshot from the start on: "no data", not 0.
 * - Log metrics count the entries dated within the competition; a log not visible (private
 *   profile) is "no data".
 * - Gains are summed step by step between consecutive snapshots, so a step no account could make
 *   (a skill's XP going down, or more XP than `plausibleXpGain` allows in the time) is left out
 *   and listed in `flagged`, and the count goes on from the snapshot after it.
 * - Equal scores: whoever reached the score first (the time of the snapshot or log entry that
 *   completed it; the end for the final round's snapshot, as its gains were made by then) ranks
 *   first.
 */
import { plausibleXpGain } from '#app/groups/name-change.ts'
import type { LogEntryKind } from '#app/groups/log-kinds.ts'
import { SKILLS } from '#app/lib/skills.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'
import { bossKey, dropMatches, metricName, type Metric } from './metrics.ts'
import { finalRoundClosesAt, type Span } from './schedule.ts'

export type WeightedMetric = { metric: Metric; weight: number }

export type ParticipantRecord = {
	key: string
	name: string
	/** Any order, any time: only those within the competition are used. */
	snapshots: readonly Snapshot[]
	/** The classified log (`date` ISO), or null when it cannot be seen (private profile). */
	log: readonly { date: string; kind: LogEntryKind }[] | null
}

/** `value` in the metric's unit (XP, levels, kills, drops, caps); `points` = value × weight. Null: no data. */
type Part = { metric: string; value: number | null; points: number | null }

type FlaggedGain = {
	from: string
	to: string
	reason: 'xp-drop' | 'too-fast'
	/** The XP the step would have added (too-fast) or the skills that went down (xp-drop). */
	detail: string
}

export type Standing = {
	key: string
	name: string
	/** 1-based; equal score reached at the same time shares a rank. Null: no data. */
	rank: number | null
	/** The sum of the parts that have data; null when none has. */
	score: number | null
	parts: Part[]
	/** When the final score was first reached; null for a score of 0 or no data. */
	reachedAt: string | null
	/** The snapshots counted from and to (null: none in the competition). */
	startSnapshotAt: string | null
	endSnapshotAt: string | null
	flagged: FlaggedGain[]
}

/** The competition's start and end, and when its standings froze (null: not yet). */
export type Window = Span & { frozenAt: Date | null }

type Step = { at: string; time: number; xp: number[]; levels: number }

export function scoreCompetition(
	window: Window,
	metrics: readonly WeightedMetric[],
	participants: readonly ParticipantRecord[],
): Standing[] {
	return rankStandings(participants.map((participant) => scoreParticipant(window, metrics, participant)))
}

/** A participant's dated contributions (steps of gains, log entries) and their parts' totals. */
function contributions(window: Window, metrics: readonly WeightedMetric[], participant: ParticipantRecord) {
	const from = window.startsAt.getTime()
	const to = window.endsAt.getTime()
	const timed = countedSnapshots(participant.snapshots, window)
	const snapshots = timed.map(({ item }) => item)
	const { steps, flagged } = gainSteps(timed)
	const log = participant.log && within(participant.log, (entry) => entry.date, from, to)

	// Every dated contribution: a step of gains or a log entry, with its value per metric. The
	// final round's step is dated at the end: the gains it records count as made by then.
	const stepValues = metrics.map(({ metric }) => stepValue(metric))
	const end = window.endsAt.toISOString()
	const events: { at: string; time: number; values: (number | null)[] }[] = [
		...steps.map((step) => ({
			at: step.time > to ? end : step.at,
			time: Math.min(step.time, to),
			values: stepValues.map((value) => value(step)),
		})),
		...(log ?? []).map(({ item, time }) => ({
			at: item.date,
			time,
			values: metrics.map(({ metric }) => logValue(metric, item.kind)),
		})),
	].sort((a, b) => a.time - b.time)
	const parts: Part[] = metrics.map(({ metric, weight }, index) => {
		const known = isLogMetric(metric) ? log !== null : snapshots.length > 0
		if (!known) return { metric: metricName(metric), value: null, points: null }
		const value = events.reduce((sum, event) => sum + (event.values[index] ?? 0), 0)
		return { metric: metricName(metric), value, points: value * weight }
	})
	return { snapshots, flagged, events, parts }
}

/**
 * The snapshots counted, oldest first: those within [start, end], then the first one taken after
 * the end if the final round took it by the time it closed and there is a start value before it.
 */
function countedSnapshots(snapshots: readonly Snapshot[], window: Window): { item: Snapshot; time: number }[] {
	const taken = within(snapshots, (snapshot) => snapshot.takenAt, window.startsAt.getTime(), finalRoundClosesAt(window).getTime())
	const afterEnd = taken.findIndex(({ time }) => time > window.endsAt.getTime())
	return afterEnd === -1 ? taken : taken.slice(0, afterEnd === 0 ? 0 : afterEnd + 1)
}

/** The items dated within [from, to], each with its time, oldest first (equal times keep their order). */
function within<T>(items: readonly T[], dateOf: (item: T) => string, from: number, to: number): { item: T; time: number }[] {
	const kept: { item: T; time: number }[] = []
	let sorted = true
	for (const item of items) {
		const time = Date.parse(dateOf(item))
		if (!(time >= from && time <= to)) continue
		if (kept.length > 0 && time < kept.at(-1)!.time) sorted = false
		kept.push({ item, time })
	}
	return sorted ? kept : kept.sort((a, b) => a.time - b.time)
}

/** The standing before ranking (`rank` null): `rankStandings` ranks them all. */
export function scoreParticipant(window: Window, metrics: readonly WeightedMetric[], participant: ParticipantRecord): Standing {
	const { snapshots, flagged, events, parts } = contributions(window, metrics, participant)
	const withData = parts.filter((part) => part.points !== null)
	const score = withData.length === 0 ? null : withData.reduce((sum, part) => sum + part.points!, 0)
	// Every contribution is ≥ 0, so the score was first reached at the last event that added to it.
	const reachedAt =
		events.findLast((event) => event.values.some((value, index) => (value ?? 0) > 0 && parts[index]!.points !== null))?.at ?? null
	return {
		key: participant.key,
		name: participant.name,
		rank: null,
		score,
		parts,
		reachedAt: score ? reachedAt : null,
		startSnapshotAt: snapshots[0]?.takenAt ?? null,
		endSnapshotAt: snapshots.at(-1)?.takenAt ?? null,
		flagged,
	}
}

/**
 * The participant's score over time, as `scoreCompetition` counts it: 0 at the start, then the
 * score after each contribution that added to it. Empty when they have no data.
 */
export function scoreProgress(
	window: Window,
	metrics: readonly WeightedMetric[],
	participant: ParticipantRecord,
): { at: string; score: number }[] {
	const { events, parts } = contributions(window, metrics, participant)
	if (parts.every((part) => part.points === null)) return []
	const progress = [{ at: window.startsAt.toISOString(), score: 0 }]
	let score = 0
	for (const event of events) {
		const points = event.values.reduce<number>(
			(sum, value, index) => sum + (parts[index]!.points === null ? 0 : (value ?? 0) * metrics[index]!.weight),
			0,
		)
		if (points === 0) continue
		score += points
		progress.push({ at: event.at, score })
	}
	return progress
}

function isLogMetric(metric: Metric): boolean {
	return metric.kind === 'kills' || metric.kind === 'drops' || metric.kind === 'caps'
}

/** The metric's value of a step of gains (null for a log metric), with the skills looked up once. */
function stepValue(metric: Metric): (step: Step) => number | null {
	switch (metric.kind) {
		case 'xp': {
			const ids = metric.skills.map((skill) => SKILLS.findIndex((s) => s.name === skill))
			return (step) => ids.reduce((sum, id) => sum + step.xp[id]!, 0)
		}
		case 'overall':
			return (step) => step.xp.reduce((sum, xp) => sum + xp, 0)
		case 'levels':
			return (step) => step.levels
		default:
			return () => null
	}
}

function logValue(metric: Metric, kind: LogEntryKind): number | null {
	if (metric.kind === 'kills' && kind.kind === 'boss-kill')
		return metric.boss === null || bossKey(kind.boss) === bossKey(metric.boss) ? kind.count : 0
	if (metric.kind === 'drops' && kind.kind === 'drop') return metric.item === null || dropMatches(kind.item, metric.item) ? 1 : 0
	if (metric.kind === 'caps' && kind.kind === 'citadel-cap') return 1
	return null
}

/**
 * The gains between consecutive snapshots (sorted), those no account could make left out. A
 * hiscores snapshot lists an unranked skill as 0 XP: that skill is unknown there, neither a drop
 * nor, when it shows again, a gain (as `xpGainedBetween` counts it).
 */
function gainSteps(snapshots: readonly { item: Snapshot; time: number }[]): { steps: Step[]; flagged: FlaggedGain[] } {
	const steps: Step[] = []
	const flagged: FlaggedGain[] = []
	const first = snapshots[0]
	if (!first) return { steps, flagged }
	const known = (snapshot: Snapshot) =>
		SKILLS.map((_, id) => {
			const skill = snapshot.skills[id]
			return skill && !(skill.xp === 0 && snapshot.source === 'hiscores') ? skill : null
		})
	const base = known(first.item)
	let baseAt = first.item.takenAt
	let baseTime = first.time
	for (let index = 1; index < snapshots.length; index++) {
		const { item: snapshot, time } = snapshots[index]!
		const next = known(snapshot)
		const xp = new Array<number>(SKILLS.length).fill(0)
		let levels = 0
		let total = 0
		const dropped: string[] = []
		for (let id = 0; id < SKILLS.length; id++) {
			const after = next[id]
			const before = base[id]
			if (!after || !before) continue
			if (after.xp < before.xp) dropped.push(SKILLS[id]!.name)
			else xp[id] = after.xp - before.xp
			total += xp[id]!
			if (after.level > before.level) levels += after.level - before.level
		}
		if (dropped.length > 0) flagged.push({ from: baseAt, to: snapshot.takenAt, reason: 'xp-drop', detail: dropped.join(', ') })
		else if (!plausibleXpGain(total, time - baseTime))
			flagged.push({ from: baseAt, to: snapshot.takenAt, reason: 'too-fast', detail: `${total} XP` })
		else steps.push({ at: snapshot.takenAt, time, xp, levels })
		for (let id = 0; id < SKILLS.length; id++) base[id] = next[id] ?? base[id]!
		baseAt = snapshot.takenAt
		baseTime = time
	}
	return { steps, flagged }
}

/** Higher score first; equal scores by who reached theirs first; no data last. */
function compareStandings(
	a: { score: number | null; reachedAt: string | null; name: string },
	b: { score: number | null; reachedAt: string | null; name: string },
): number {
	if (a.score === null || b.score === null) return a.score === null ? (b.score === null ? 0 : 1) : -1
	if (a.score !== b.score) return b.score - a.score
	return reachedTime(a.reachedAt) - reachedTime(b.reachedAt) || a.name.localeCompare(b.name)
}

function reachedTime(time: string | null): number {
	return time === null ? Infinity : Date.parse(time)
}

/** Ranks standings (or teams) by `compareStandings`: equal score reached at the same time shares a rank. */
export function rankStandings<T extends { score: number | null; reachedAt: string | null; name: string; rank: number | null }>(
	rows: T[],
): T[] {
	const sorted = rows.toSorted(compareStandings)
	// Sorted, equal scores reached at the same time are neighbours: each takes the first one's rank.
	let rank = 0
	return sorted.map((row, index) => {
		if (row.score === null) return { ...row, rank: null }
		const previous = sorted[index - 1]
		if (!previous || previous.score !== row.score || reachedTime(previous.reachedAt) !== reachedTime(row.reachedAt)) rank = index + 1
		return { ...row, rank }
	})
}

export type TeamStanding = {
	name: string
	rank: number | null
	/** The members' scores summed; null when no member has data. */
	score: number | null
	reachedAt: string | null
	/** Each member's part, highest first (the member's own standing, ranked among all participants). */
	members: Standing[]
}

/** Teams (member keys) ranked like participants: their members' scores summed. */
export function scoreTeams(standings: readonly Standing[], teams: readonly { name: string; members: readonly string[] }[]): TeamStanding[] {
	const byKey = new Map(standings.map((standing) => [standing.key, standing]))
	return rankStandings(
		teams.map((team) => {
			const members = team.members
				.map((key) => byKey.get(key))
				.filter((member) => member !== undefined)
				.toSorted(compareStandings)
			const withData = members.filter((member) => member.score !== null)
			const score = withData.length === 0 ? null : withData.reduce((sum, member) => sum + member.score!, 0)
			// The team's total was complete once its last contributing member reached theirs.
			const reachedAt =
				withData
					.map((member) => member.reachedAt)
					.filter((time) => time !== null)
					.toSorted((a, b) => Date.parse(a) - Date.parse(b))
					.at(-1) ?? null
			return { name: team.name, rank: null, score, reachedAt: score ? reachedAt : null, members }
		}),
	)
}
