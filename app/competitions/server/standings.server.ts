/**
 * A competition's standings from the tracker's store: each participant's snapshots around the
 * window and their adventurer's log within it, fed to `scoreCompetition` (and `scoreTeams`).
 *
 * The start value. The tracker writes a snapshot only when something changed, so a participant
 * whose check at the start found nothing new has no snapshot at the start. When a participant has
 * no snapshot within the window but was checked at or after the start, their latest snapshot
 * before the start is what that check saw: it counts as their start value, dated at the start
 * (they have data, a gain of 0 so far, not "no data"). When they have a snapshot within the
 * window, the count starts from the first one: nothing recorded says whether a check between the
 * start and it found no change, and counting from the older snapshot could add gains made before
 * the start.
 */
import { classifyLogEntry } from '#app/groups/log-kinds.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { readWindowHistories, type WindowHistory } from '#app/tracker/server/tracker-store.server.ts'
import {
	scoreCompetition,
	scoreProgress,
	scoreTeams,
	type ParticipantRecord,
	type Standing,
	type TeamStanding,
	type Window,
} from '../scoring.ts'
import { readCompetition, readStartChecks } from './competitions-store.server.ts'

/** What the scorer needs of one participant, from what the tracker holds (undefined: never tracked). */
function participantRecord(
	participant: { key: string; name: string },
	history: WindowHistory | undefined,
	startCheckedAt: Date | undefined,
	window: Window,
): ParticipantRecord {
	if (!history) return { ...participant, snapshots: [], log: null }
	const snapshots = unchangedAtStart(history, startCheckedAt, window)
		? [{ ...history.before!, takenAt: window.startsAt.toISOString() }, ...history.within]
		: history.within
	// A private profile shows no log (RuneMetrics answers only for public ones): "no data", not 0.
	const log = history.profile === 'private' ? null : history.log.map((entry) => ({ date: entry.date, kind: classifyLogEntry(entry) }))
	return { ...participant, snapshots, log }
}

/**
 * True when a check at or after the start (the round's noted start check, else the last check)
 * found what the latest snapshot before the start holds: no snapshot between the start and that
 * check. That snapshot is then the start value, whatever was recorded later.
 */
function unchangedAtStart(history: WindowHistory, startCheckedAt: Date | undefined, window: Window): boolean {
	const checkedAt = startCheckedAt ?? history.lastCheckedAt
	if (!history.before || checkedAt < window.startsAt) return false
	const first = history.within[0]
	return first === undefined || new Date(first.takenAt) > checkedAt
}

type CompetitionStandings = {
	standings: Standing[]
	/** Null without teams. */
	teams: TeamStanding[] | null
	/** When each participant was last checked (null: never tracked), by key. */
	lastCheckedAt: Record<string, string | null>
	/** The top 5's scores over time (`scoreProgress`), in rank order: the page's chart. */
	topProgress: { key: string; name: string; progress: { at: string; score: number }[] }[]
}

const TOP_CHARTED = 5

async function readStandings(
	db: Database,
	competition: {
		id: number
		startsAt: Date
		endsAt: Date
		metrics: Parameters<typeof scoreCompetition>[1]
		participants: readonly { key: string; name: string }[]
		teams: readonly { name: string; members: readonly string[] }[]
	},
): Promise<CompetitionStandings> {
	const window = { startsAt: competition.startsAt, endsAt: competition.endsAt }
	const keys = competition.participants.map((participant) => participant.key)
	const [histories, startChecks] = await Promise.all([
		readWindowHistories(db, keys, window.startsAt, window.endsAt),
		readStartChecks(db, competition.id),
	])
	const records = competition.participants.map((participant) =>
		participantRecord(participant, histories.get(participant.key), startChecks.get(participant.key), window),
	)
	const standings = scoreCompetition(window, competition.metrics, records)
	const recordOf = new Map(records.map((record) => [record.key, record]))
	const topProgress = standings
		.filter((standing) => standing.score !== null)
		.slice(0, TOP_CHARTED)
		.map(({ key, name }) => ({ key, name, progress: scoreProgress(window, competition.metrics, recordOf.get(key)!) }))
	return {
		topProgress,
		standings,
		teams: competition.teams.length > 0 ? scoreTeams(standings, competition.teams) : null,
		lastCheckedAt: Object.fromEntries(keys.map((key) => [key, histories.get(key)?.lastCheckedAt.toISOString() ?? null])),
	}
}

/** The competition (never its code hash) with its standings; null when there is none with that id. */
export async function readCompetitionWithStandings(db: Database, id: number) {
	const competition = await readCompetition(db, id)
	if (!competition) return null
	return { competition, ...(await readStandings(db, competition)) }
}
