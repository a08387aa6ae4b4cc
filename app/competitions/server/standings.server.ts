/**
 * A competition's standings: each participant's standing as kept up to date by
 * `keepStandings` (kept-standings.server.ts: recomputed from the tracker's snapshots and log only
 * when what it came from changed), ranked, and scored by team.
 */
import type { Database } from '#app/server/db/database.server.ts'
import { rankStandings, scoreTeams, type Standing, type TeamStanding, type WeightedMetric } from '../scoring.ts'
import { readCompetition } from './competitions-store.server.ts'
import { keepStandings, readKeptInputs } from './kept-standings.server.ts'

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
		frozenAt: Date | null
		metrics: readonly WeightedMetric[]
		participants: readonly { key: string; name: string }[]
		teams: readonly { name: string; members: readonly string[] }[]
	},
	inputs: Awaited<ReturnType<typeof readKeptInputs>>,
): Promise<CompetitionStandings> {
	const kept = await keepStandings(db, competition, inputs)
	const standings = rankStandings(kept.standings)
	// Only the charted participants' progress is read.
	const charted = standings.filter((standing) => standing.score !== null).slice(0, TOP_CHARTED)
	const progress = await kept.progress(charted.map((standing) => standing.key))
	const topProgress = charted.map(({ key, name }) => ({ key, name, progress: progress.get(key) ?? [] }))
	return {
		topProgress,
		standings,
		teams: competition.teams.length > 0 ? scoreTeams(standings, competition.teams) : null,
		lastCheckedAt: kept.lastCheckedAt,
	}
}

/** The competition (never its code hash) with its standings; null when there is none with that id. */
export async function readCompetitionWithStandings(db: Database, id: number) {
	// The participants' inputs are read beside the competition (side by side on a server's pool).
	const [competition, inputs] = await Promise.all([readCompetition(db, id), readKeptInputs(db, id)])
	if (!competition) return null
	return { competition, ...(await readStandings(db, competition, inputs)) }
}
