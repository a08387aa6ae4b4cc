/**
 * A competition's standings from what the tracker recorded: each participant's snapshots and
 * classified adventurer's log. Pure, so the page, the API, the CSV and the Discord message all
 * rank the same way.
 *
 * - XP and levels count from the participant's first snapshot at or after the start (the start
 *   round takes it) to their last one at or before the end. No such snapshot: "no data", not 0.
 * - Log metrics count the entries dated within the competition; a log not visible (private
 *   profile) is "no data".
 * - Gains are summed step by step between consecutive snapshots, so a step no account could make
 *   (a skill's XP going down, or more XP than `plausibleXpGain` allows in the time) is left out
 *   and listed in `flagged`, and the count goes on from the snapshot after it.
 * - Equal scores: whoever reached the score first (the time of the snapshot or log entry that
 *   completed it) ranks first.
 */
import { plausibleXpGain } from '#app/groups/name-change.ts'
import type { LogEntryKind } from '#app/groups/log-kinds.ts'
import { SKILLS } from '#app/lib/skills.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'
import { bossKey, dropMatches, metricName, type Metric } from './metrics.ts'

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

export type Window = { startsAt: Date; endsAt: Date }

type Step = { at: string; xp: number[]; levels: number }

export function scoreCompetition(
	window: Window,
	metrics: readonly WeightedMetric[],
	participants: readonly ParticipantRecord[],
): Standing[] {
	return rankAll(participants.map((participant) => scoreParticipant(window, metrics, participant)))
}

/** A participant's dated contributions (steps of gains, log entries) and their parts' totals. */
function contributions(window: Window, metrics: readonly WeightedMetric[], participant: ParticipantRecord) {
	const from = window.startsAt.getTime()
	const to = window.endsAt.getTime()
	const snapshots = participant.snapshots
		.filter((snapshot) => {
			const time = Date.parse(snapshot.takenAt)
			return time >= from && time <= to
		})
		.toSorted((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt))
	const { steps, flagged } = gainSteps(snapshots)
	const log =
		participant.log?.filter((entry) => {
			const time = Date.parse(entry.date)
			return time >= from && time <= to
		}) ?? null

	// Every dated contribution: a step of gains or a log entry, with its value per metric.
	const events: { at: string; values: (number | null)[] }[] = [
		...steps.map((step) => ({
			at: step.at,
			values: metrics.map(({ metric }) => stepValue(metric, step)),
		})),
		...(log ?? []).map((entry) => ({
			at: entry.date,
			values: metrics.map(({ metric }) => logValue(metric, entry.kind)),
		})),
	].toSorted((a, b) => Date.parse(a.at) - Date.parse(b.at))
	const parts: Part[] = metrics.map(({ metric, weight }, index) => {
		const known = isLogMetric(metric) ? log !== null : snapshots.length > 0
		if (!known) return { metric: metricName(metric), value: null, points: null }
		const value = events.reduce((sum, event) => sum + (event.values[index] ?? 0), 0)
		return { metric: metricName(metric), value, points: value * weight }
	})
	return { snapshots, flagged, events, parts }
}

function scoreParticipant(window: Window, metrics: readonly WeightedMetric[], participant: ParticipantRecord): Standing {
	const { snapshots, flagged, events, parts } = contributions(window, metrics, participant)
	const withData = parts.filter((part) => part.points !== null)
	const score = withData.length === 0 ? null : withData.reduce((sum, part) => sum + part.points!, 0)
	// Every contribution is ≥ 0, so the score was first reached at the last event that added to it.
	const reachedAt =
		events.filter((event) => event.values.some((value, index) => (value ?? 0) > 0 && parts[index]!.points !== null)).at(-1)?.at ?? null
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

function stepValue(metric: Metric, step: Step): number | null {
	switch (metric.kind) {
		case 'xp':
			return metric.skills.reduce((sum, skill) => sum + step.xp[SKILLS.findIndex((s) => s.name === skill)]!, 0)
		case 'overall':
			return step.xp.reduce((sum, xp) => sum + xp, 0)
		case 'levels':
			return step.levels
		default:
			return null
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
function gainSteps(snapshots: readonly Snapshot[]): { steps: Step[]; flagged: FlaggedGain[] } {
	const steps: Step[] = []
	const flagged: FlaggedGain[] = []
	const first = snapshots[0]
	if (!first) return { steps, flagged }
	const known = (snapshot: Snapshot, id: number) => {
		const skill = snapshot.skills[id]
		return skill && !(skill.xp === 0 && snapshot.source === 'hiscores') ? skill : null
	}
	let base = SKILLS.map((_, id) => known(first, id))
	let baseAt = first.takenAt
	for (const snapshot of snapshots.slice(1)) {
		const next = SKILLS.map((_, id) => known(snapshot, id))
		const xp = next.map((after, id) => (after && base[id] ? Math.max(0, after.xp - base[id].xp) : 0))
		const levels = next.reduce((sum, after, id) => sum + (after && base[id] ? Math.max(0, after.level - base[id].level) : 0), 0)
		const dropped = SKILLS.filter((_, id) => next[id] && base[id] && next[id].xp < base[id].xp)
		const total = xp.reduce((sum, gain) => sum + gain, 0)
		const elapsed = Date.parse(snapshot.takenAt) - Date.parse(baseAt)
		if (dropped.length > 0)
			flagged.push({
				from: baseAt,
				to: snapshot.takenAt,
				reason: 'xp-drop',
				detail: dropped.map((skill) => skill.name).join(', '),
			})
		else if (!plausibleXpGain(total, elapsed))
			flagged.push({
				from: baseAt,
				to: snapshot.takenAt,
				reason: 'too-fast',
				detail: `${total} XP`,
			})
		else steps.push({ at: snapshot.takenAt, xp, levels })
		base = next.map((after, id) => after ?? base[id]!)
		baseAt = snapshot.takenAt
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

function rankAll<T extends { score: number | null; reachedAt: string | null; name: string; rank: number | null }>(rows: T[]): T[] {
	const sorted = rows.toSorted(compareStandings)
	return sorted.map((row) => {
		if (row.score === null) return { ...row, rank: null }
		const firstEqual = sorted.findIndex((other) => other.score === row.score && reachedTime(other.reachedAt) === reachedTime(row.reachedAt))
		return { ...row, rank: firstEqual + 1 }
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
	return rankAll(
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
