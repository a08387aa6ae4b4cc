/**
 * Each participant's standing is kept (`competition_standings`) with a fingerprint of what it was
 * computed from; a read recomputes only the participants whose fingerprint moved, reading only
 * their histories, and writes those back. The fingerprint holds:
 * - the competition's window and metrics (a PATCH changes them), when it froze (the final round's
 *   snapshots count up to then), and `KEPT_FORMAT`;
 * - the tracker's row for the key (none: never tracked) and its `history_version`, which every
 *   write of the player's snapshots or log moves on in its own transaction (a fetch that recorded
 *   something, a name-change merge);
 * - the profile (a private one shows no log);
 * - whether the start value is an unchanged start check (below), weighed at each read from the
 *   kept start inputs and the current checks, since a check that found nothing new writes nothing.
 * The fingerprints are read before the histories, so a write landing in between makes the kept row
 * look stale next time (one more recomputation), never look fresh.
 *
 * The start value. The tracker writes a snapshot only when something changed, so a participant
 * whose check at the start found nothing new has no snapshot at the start. When a participant has
 * no snapshot within the window but was checked at or after the start, their latest snapshot
 * before the start is what that check saw: it counts as their start value, dated at the start
 * (they have data, a gain of 0 so far, not "no data"). When they have a snapshot within the
 * window, the count starts from the first one: nothing recorded says whether a check between the
 * start and it found no change, and counting from the older snapshot could add gains made before
 * the start.
 *
 * The window read runs from the start to the final round's close (`finalRoundClosesAt`), so the
 * scorer finds the final round's snapshot, its end value.
 */
import { createHash } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { classifyLogEntry } from '#app/groups/log-kinds.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { trackedPlayers } from '#app/tracker/server/schema.ts'
import { readWindowHistories, type WindowHistory } from '#app/tracker/server/tracker-store.server.ts'
import { metricName } from '../metrics.ts'
import { finalRoundClosesAt } from '../schedule.ts'
import { scoreParticipant, scoreProgress, type ParticipantRecord, type Standing, type WeightedMetric, type Window } from '../scoring.ts'
import { competitionParticipants, competitionStandings } from './schema.ts'

/** Move on when scoring changes what a standing holds: every kept standing is then recomputed once. */
const KEPT_FORMAT = 2

type KeptStanding = Omit<Standing, 'key' | 'name' | 'rank'>

type Progress = ReturnType<typeof scoreProgress>

type StartInputs = { hasSnapshotBefore: boolean; firstSnapshotWithin: Date | null }

type KeptCompetition = Window & {
	id: number
	metrics: readonly WeightedMetric[]
	participants: readonly { key: string; name: string }[]
}

/** What a participant's standing depends on besides their history, as the read found it. */
type ParticipantInputs = {
	key: string
	name: string
	playerId: number | null
	historyVersion: number | null
	profile: 'public' | 'private' | null
	lastCheckedAt: Date | null
	/** The round's noted start check, else the last check (null: never tracked). */
	checkedAt: Date | null
}

/**
 * True when a check at or after the start (the round's noted start check, else the last check)
 * found what the latest snapshot before the start holds: no snapshot between the start and that
 * check. That snapshot is then the start value, whatever was recorded later.
 */
function unchangedAtStart(start: StartInputs, checkedAt: Date | null, window: Window): boolean {
	if (!start.hasSnapshotBefore || checkedAt === null || checkedAt.getTime() < window.startsAt.getTime()) return false
	return start.firstSnapshotWithin === null || start.firstSnapshotWithin.getTime() > checkedAt.getTime()
}

function competitionStamp(competition: KeptCompetition): string {
	const inputs = JSON.stringify([
		KEPT_FORMAT,
		competition.startsAt.toISOString(),
		competition.endsAt.toISOString(),
		competition.frozenAt?.toISOString() ?? null,
		competition.metrics.map(({ metric, weight }) => [metricName(metric), weight]),
	])
	return createHash('sha256').update(inputs).digest('base64url').slice(0, 16)
}

function fingerprint(stamp: string, inputs: ParticipantInputs, startUnchanged: boolean): string {
	return `${stamp}:${inputs.playerId ?? '-'}:${inputs.historyVersion ?? '-'}:${inputs.profile ?? '-'}:${startUnchanged ? 1 : 0}`
}

/** What the scorer needs of one participant, from what the tracker holds (undefined: never tracked). */
function participantRecord(inputs: ParticipantInputs, history: WindowHistory | undefined, window: Window): ParticipantRecord {
	const participant = { key: inputs.key, name: inputs.name }
	if (!history) return { ...participant, snapshots: [], log: null }
	const snapshots = unchangedAtStart(startInputs(history), inputs.checkedAt, window)
		? [{ ...history.before!, takenAt: window.startsAt.toISOString() }, ...history.within]
		: history.within
	// A private profile shows no log (RuneMetrics answers only for public ones): "no data", not 0.
	const log = inputs.profile === 'private' ? null : history.log.map((entry) => ({ date: entry.date, kind: classifyLogEntry(entry) }))
	return { ...participant, snapshots, log }
}

function startInputs(history: WindowHistory | undefined): StartInputs {
	const first = history?.within[0]
	return { hasSnapshotBefore: history?.before !== undefined, firstSnapshotWithin: first ? new Date(first.takenAt) : null }
}

/** A kept standing as the scorer gives it, field by field (spreading the parsed JSON is many times slower). */
function standingOf(participant: { key: string; name: string }, kept: KeptStanding): Standing {
	return {
		key: participant.key,
		name: participant.name,
		rank: null,
		score: kept.score,
		parts: kept.parts,
		reachedAt: kept.reachedAt,
		startSnapshotAt: kept.startSnapshotAt,
		endSnapshotAt: kept.endSnapshotAt,
		flagged: kept.flagged,
	}
}

/**
 * Every participant's inputs and kept standing (if any): one query, which may run beside the
 * competition's own read (`keepStandings` takes its result).
 */
export async function readKeptInputs(db: Database, competitionId: number) {
	const rows = await db
		.select({
			key: competitionParticipants.playerKey,
			startCheckedAt: competitionParticipants.startCheckedAt,
			playerId: trackedPlayers.id,
			historyVersion: trackedPlayers.historyVersion,
			profile: trackedPlayers.profile,
			lastCheckedAt: trackedPlayers.lastCheckedAt,
			fingerprint: competitionStandings.fingerprint,
			hasSnapshotBefore: competitionStandings.hasSnapshotBefore,
			firstSnapshotWithin: competitionStandings.firstSnapshotWithin,
			standing: competitionStandings.standing,
		})
		.from(competitionParticipants)
		.leftJoin(trackedPlayers, eq(trackedPlayers.key, competitionParticipants.playerKey))
		.leftJoin(
			competitionStandings,
			and(
				eq(competitionStandings.competitionId, competitionParticipants.competitionId),
				eq(competitionStandings.playerKey, competitionParticipants.playerKey),
			),
		)
		.where(eq(competitionParticipants.competitionId, competitionId))
	return new Map(rows.map((row) => [row.key, row]))
}

const RECOMPUTE_CHUNK = 100

/**
 * Every participant's standing (unranked, in the competition's participant order), recomputing
 * only those whose fingerprint moved; `recomputed` lists their keys. Each participant's score over
 * time is kept beside, and read for a few (`progress(keys)`: the page's chart).
 */
export async function keepStandings(db: Database, competition: KeptCompetition, inputs?: Awaited<ReturnType<typeof readKeptInputs>>) {
	const stamp = competitionStamp(competition)
	const rows = inputs ?? (await readKeptInputs(db, competition.id))
	const standings = new Map<string, Standing>()
	const stale: ParticipantInputs[] = []
	const inputsByKey = new Map<string, ParticipantInputs>()
	for (const participant of competition.participants) {
		const row = rows.get(participant.key)
		const inputs: ParticipantInputs = {
			key: participant.key,
			name: participant.name,
			playerId: row?.playerId ?? null,
			historyVersion: row?.historyVersion ?? null,
			profile: row?.profile ?? null,
			lastCheckedAt: row?.lastCheckedAt ?? null,
			checkedAt: row?.startCheckedAt ?? row?.lastCheckedAt ?? null,
		}
		inputsByKey.set(participant.key, inputs)
		const kept = row?.fingerprint && row.hasSnapshotBefore !== null ? row : null
		const start = kept && { hasSnapshotBefore: kept.hasSnapshotBefore!, firstSnapshotWithin: kept.firstSnapshotWithin }
		if (start && kept.fingerprint === fingerprint(stamp, inputs, unchangedAtStart(start, inputs.checkedAt, competition)))
			standings.set(participant.key, standingOf(participant, kept.standing as KeptStanding))
		else stale.push(inputs)
	}

	// A chunk of participants at a time: their decoded histories are dropped before the next are read.
	for (let from = 0; from < stale.length; from += RECOMPUTE_CHUNK) {
		const chunk = stale.slice(from, from + RECOMPUTE_CHUNK)
		const tracked = chunk.filter((inputs) => inputs.playerId !== null).map((inputs) => inputs.key)
		const histories =
			tracked.length > 0 ? await readWindowHistories(db, tracked, competition.startsAt, finalRoundClosesAt(competition)) : new Map()
		const written = chunk.map((inputs) => {
			const history = histories.get(inputs.key)
			const start = startInputs(history)
			const record = participantRecord(inputs, history, competition)
			const standing = scoreParticipant(competition, competition.metrics, record)
			standings.set(inputs.key, standing)
			const { key: _key, name: _name, rank: _rank, ...kept } = standing
			return {
				competitionId: competition.id,
				playerKey: inputs.key,
				fingerprint: fingerprint(stamp, inputs, unchangedAtStart(start, inputs.checkedAt, competition)),
				...start,
				standing: kept satisfies KeptStanding,
				progress: scoreProgress(competition, competition.metrics, record),
			}
		})
		await db
			.insert(competitionStandings)
			.values(written)
			.onConflictDoUpdate({
				target: [competitionStandings.competitionId, competitionStandings.playerKey],
				set: {
					fingerprint: sql`excluded.fingerprint`,
					hasSnapshotBefore: sql`excluded.has_snapshot_before`,
					firstSnapshotWithin: sql`excluded.first_snapshot_within`,
					standing: sql`excluded.standing`,
					progress: sql`excluded.progress`,
				},
			})
	}

	return {
		standings: competition.participants.map((participant) => standings.get(participant.key)!),
		recomputed: stale.map((inputs) => inputs.key),
		lastCheckedAt: Object.fromEntries(
			competition.participants.map(({ key }) => [key, inputsByKey.get(key)!.lastCheckedAt?.toISOString() ?? null]),
		) as Record<string, string | null>,
		/** The named participants' scores over time (`scoreProgress`), as kept: the chart's top 5. */
		progress: async (keys: readonly string[]) => {
			if (keys.length === 0) return new Map<string, Progress>()
			const rows = await db
				.select({ key: competitionStandings.playerKey, progress: competitionStandings.progress })
				.from(competitionStandings)
				.where(and(eq(competitionStandings.competitionId, competition.id), inArray(competitionStandings.playerKey, [...keys])))
			return new Map(rows.map((row) => [row.key, row.progress as Progress]))
		},
	}
}
