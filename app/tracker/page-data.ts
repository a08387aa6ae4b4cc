import type { GainsQuery } from '#app/tracker/api-params.ts'
import type { ActivityLog, Gains, Milestones, PlayerRecords, PlayerSummary, QuestTimeline } from '#app/tracker/api-types.ts'
import type { ChartPoint, ChartSubject } from '#app/tracker/chart-series.ts'

/** What an Update press (a POST) came back with, shown once after the redirect. */
export type UpdateNotice = 'updated' | 'unchanged' | 'cooldown' | 'failed' | 'limited' | 'upstream-failing'

/** Everything `/players/:name` shows of a tracked player; built on the server. */
export type PlayerPageView = {
	summary: PlayerSummary
	gains: Gains
	gainsQuery: GainsQuery
	chart: { subject: ChartSubject; points: ChartPoint[] }
	quests: QuestTimeline['quests']
	activities: ActivityLog['activities']
	/** The next milestones at the player's pace; null when the tracker has none to give. */
	milestones: Omit<Milestones, 'name'> | null
	records: PlayerRecords
	/** Tracking began with this very request. */
	firstVisit: boolean
	notice: UpdateNotice | null
	/** The server's clock when the page was made (for the cooldown). */
	now: string
}
