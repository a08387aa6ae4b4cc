/**
 * One tracked player's stored history, read through one handle: the player's row is read once
 * when the handle opens, and the latest snapshot, the backfill and the quest completions at most
 * once, however many answers a request builds from them. Every answer is a value of
 * `#app/tracker/api-types.ts`.
 */
import type { Database } from '#app/server/db/database.server.ts'
import type { ActivityLog, Gains, Milestones, PlayerRecords, PlayerSummary, QuestTimeline, SnapshotList } from '#app/tracker/api-types.ts'
import type { GainsQuery, SnapshotsQuery } from '#app/tracker/api-params.ts'
import { computeGains, dayRange, periodRange } from '#app/tracker/gains.ts'
import { milestonesOf, questCapeCount } from '#app/tracker/milestones.ts'
import { paceOf, paceWindowStart, type Pace, type PaceAnswer } from '#app/tracker/pace.ts'
import { readRecords } from './gains-store.server.ts'
import * as store from './tracker-store.server.ts'

/** One forced fetch per player per minute, all instances together (the summary says when the next may be). */
export const UPDATE_COOLDOWN_MS = 60_000

/**
 * The Quest Point Cape's quests (canonical names) and how a RuneMetrics title maps to one, for
 * the milestones; without it the cape is listed with no count.
 */
export type QuestCape = { quests: readonly string[]; questName: (title: string) => string | undefined }

export type PlayerHistory = NonNullable<Awaited<ReturnType<typeof openPlayerHistory>>>

/** Null when the player is not tracked (an opted-out player never is). */
export async function openPlayerHistory(db: Database, key: string, options: { now: () => number; questCape?: QuestCape }) {
	const { now, questCape } = options
	const player = await store.findPlayer(db, key)
	if (!player) return null
	const once = <T>(read: () => Promise<T>) => {
		let value: Promise<T> | undefined
		return () => (value ??= read())
	}
	const latest = once(() => store.latestSnapshot(db, player))
	const backfill = once(() => store.readBackfill(db, player))
	const completions = once(() => store.listQuestCompletions(db, player.id))

	/** The pace now, from the snapshots at the window's start and the latest (`paceOf`). */
	const paceNow = async (): Promise<Pace | null> => {
		const time = now()
		const windowStart = new Date(paceWindowStart(time))
		const baseline =
			(await store.snapshotAt(db, player.id, windowStart)) ?? (await store.firstSnapshotAfter(db, player.id, windowStart, new Date(time)))
		const snapshots = [baseline, await latest()].filter((snapshot) => snapshot !== undefined)
		return paceOf(snapshots, await backfill(), time)
	}

	return {
		/** Null until the first snapshot is stored. */
		async summary(): Promise<PlayerSummary | null> {
			const newest = await latest()
			if (!newest) return null
			return {
				name: player.name,
				trackedSince: player.trackedSince.toISOString(),
				lastCheckedAt: player.lastCheckedAt.toISOString(),
				canUpdateAt: new Date(player.lastFetchAt.getTime() + UPDATE_COOLDOWN_MS).toISOString(),
				profile: player.profile,
				latest: newest,
				backfill: await backfill(),
				possibleNameChangeAt: player.possibleNameChangeAt?.toISOString() ?? null,
			}
		},

		async gains(query: GainsQuery): Promise<Gains> {
			const range = 'period' in query ? periodRange(query.period, new Date(now())) : dayRange(query.from, query.to)
			const start =
				(await store.snapshotAt(db, player.id, range.from)) ?? (await store.firstSnapshotAfter(db, player.id, range.from, range.to))
			// A period ends now: its end is the latest snapshot, already read for the page.
			const newest = await latest()
			const end = newest && new Date(newest.takenAt) <= range.to ? newest : ((await store.snapshotAt(db, player.id, range.to)) ?? null)
			return computeGains(player.name, 'period' in query ? query.period : 'range', range, start ?? null, end)
		},

		/** The player's XP per day per skill (`#app/tracker/pace.ts`): what the planner's ETAs use. */
		async pace(): Promise<PaceAnswer> {
			const pace = await paceNow()
			return pace ? { status: 'ok', pace } : { status: 'no-history', trackedSince: player.trackedSince.toISOString() }
		},

		/** The next milestones at the player's pace (`#app/tracker/milestones.ts`); null before the first snapshot. */
		async milestones(): Promise<Milestones | null> {
			const newest = await latest()
			if (!newest) return null
			let completed: Set<string> | null = null
			if (questCape && player.questsKnownSince !== null) {
				const titles = await completions()
				completed = new Set(titles.flatMap(({ title }) => questCape.questName(title) ?? []))
			}
			return {
				name: player.name,
				...milestonesOf({
					skills: newest.skills,
					pace: await paceNow(),
					questCape: questCape ? questCapeCount(questCape.quests, completed) : null,
				}),
			}
		},

		/** Newest first. */
		async snapshots(query: SnapshotsQuery): Promise<SnapshotList> {
			const from = query.from ? dayRange(query.from, query.from).from : new Date(0)
			const to = query.to ? dayRange(query.to, query.to).to : new Date(now())
			return { name: player.name, snapshots: await store.listSnapshots(db, player.id, from, to, query.limit) }
		},

		/** Best day, week and month of XP, per skill and overall: kept as snapshots arrive. */
		records: (): Promise<PlayerRecords> => readRecords(db, player),

		async questTimeline(): Promise<QuestTimeline> {
			return { name: player.name, quests: await completions() }
		},

		async activities(): Promise<ActivityLog> {
			return { name: player.name, activities: await store.listActivities(db, player.id) }
		},
	}
}
