import { SKILL_NAMES } from '#app/lib/skills.ts'
import type { PlayerName } from '#app/player/username.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { parseGainsQuery, type GainsQuery } from '#app/tracker/api-params.ts'
import type { ActivityLog, Gains, Milestones, PlayerRecords, PlayerSummary, QuestTimeline, Snapshot } from '#app/tracker/api-types.ts'
import { chartPoints, type ChartSubject } from '#app/tracker/chart-series.ts'
import type { PlayerPageView, UpdateNotice } from '#app/tracker/page-data.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'
import { playerPath } from '#app/lib/player-paths.ts'
import type { TrackingRefusal } from './tracking-limits.server.ts'

/** How many snapshots the chart and its table show at most (newest kept). */
const CHART_SNAPSHOTS = 400

/** What the player page needs from the tracker (its server functions). */
export type PlayerPageSource = {
	/**
	 * The player's summary, starting to track them when they are not yet (one lookup, which also
	 * starts the monthly backfill). 'unknown': neither RuneMetrics nor the hiscores know the name;
	 * 'opted-out': the name was removed on request; 'upstream-error': the first lookup failed;
	 * 'not-tracked': the lookup answered, but this client's or the site's tracking limit is reached.
	 */
	open(
		player: PlayerName,
	): Promise<
		| { kind: 'tracked'; summary: PlayerSummary; firstVisit: boolean }
		| { kind: 'unknown' }
		| { kind: 'opted-out' }
		| { kind: 'upstream-error'; message: string }
		| ({ kind: 'not-tracked' } & TrackingRefusal)
	>
	gains(player: PlayerName, query: GainsQuery): Promise<Gains>
	/** Newest first, at most `limit`. */
	snapshots(player: PlayerName, limit: number): Promise<Snapshot[]>
	quests(player: PlayerName): Promise<QuestTimeline>
	activities(player: PlayerName): Promise<ActivityLog>
	milestones(player: PlayerName): Promise<Milestones | null>
	records(player: PlayerName): Promise<PlayerRecords>
	/** The Update button. */
	update(player: PlayerName): Promise<Exclude<UpdateNotice, never>>
	now(): Date
}

/** What the page shows; the route maps each kind to its status. */
export type PlayerPageResult =
	| { kind: 'player'; view: PlayerPageView }
	| { kind: 'invalid'; name: string; message: string }
	| { kind: 'unknown'; name: string }
	| { kind: 'unavailable'; name: string; message: string }
	| ({ kind: 'not-tracked'; name: string } & TrackingRefusal)

const NOTICES = new Set<string>(['updated', 'unchanged', 'cooldown', 'failed', 'limited', 'upstream-failing'])

function chartSubject(value: string | null): ChartSubject {
	if (value && (SKILL_NAMES as readonly string[]).includes(value)) return value as ChartSubject
	return 'total'
}

function withoutName({ name: _name, ...rest }: Milestones): Omit<Milestones, 'name'> {
	return rest
}

/**
 * Builds `/players/:name` from the URL: the name, the gains period or range (a bad one is a 400
 * that names the parameter, with the page's links to recover), the chart's skill (anything
 * unknown falls back to total XP) and the notice left by an Update press.
 */
export async function loadPlayerPage(source: PlayerPageSource, rawName: string, url: URL): Promise<PlayerPageResult> {
	const name = rawName.replaceAll('_', ' ')
	const player = parsePlayerName(name)
	if (!player.success) return { kind: 'invalid', name, message: player.message }
	const query = parseGainsQuery(url.searchParams, utcDay(source.now()))
	if (!query.ok) return { kind: 'invalid', name: player.data.name, message: query.message }

	const opened = await source.open(player.data)
	if (opened.kind === 'unknown' || opened.kind === 'opted-out') {
		return { kind: 'unknown', name: player.data.name }
	}
	if (opened.kind === 'not-tracked') {
		const { kind: _kind, ...refusal } = opened
		return { kind: 'not-tracked', name: player.data.name, ...refusal }
	}
	if (opened.kind === 'upstream-error') {
		return { kind: 'unavailable', name: player.data.name, message: opened.message }
	}
	const subject = chartSubject(url.searchParams.get('chart'))
	const [gains, snapshots, quests, activities, milestones, records] = await Promise.all([
		source.gains(player.data, query.value),
		source.snapshots(player.data, CHART_SNAPSHOTS),
		source.quests(player.data),
		source.activities(player.data),
		source.milestones(player.data),
		source.records(player.data),
	])
	const notice = url.searchParams.get('update')
	return {
		kind: 'player',
		view: {
			summary: opened.summary,
			gains,
			gainsQuery: query.value,
			chart: { subject, points: chartPoints(snapshots, opened.summary.backfill, subject) },
			quests: quests.quests,
			activities: activities.activities,
			milestones: milestones ? withoutName(milestones) : null,
			records,
			firstVisit: opened.firstVisit,
			notice: notice && NOTICES.has(notice) ? (notice as UpdateNotice) : null,
			now: source.now().toISOString(),
		},
	}
}

/**
 * The Update form's POST: forces a fetch (or is refused during the cooldown), then sends the
 * browser back to the page it came from with the outcome (POST/redirect/GET).
 */
export async function updateFromPage(source: PlayerPageSource, rawName: string, url: URL): Promise<string> {
	const player = parsePlayerName(rawName.replaceAll('_', ' '))
	const back = new URLSearchParams()
	for (const [key, value] of url.searchParams) if (PAGE_PARAMS.has(key)) back.append(key, value)
	if (player.success) back.set('update', await source.update(player.data))
	// The page's own address, not the request's: a script-driven POST arrives at `…/Name.data`.
	const path = playerPath(rawName)
	const query = back.toString()
	return query ? `${path}?${query}` : path
}

/** The query parameters the player page reads (the Update outcome is set afresh). */
const PAGE_PARAMS = new Set(['period', 'from', 'to', 'chart'])
