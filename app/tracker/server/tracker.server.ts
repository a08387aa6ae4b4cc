/**
 * The tracker's server functions: what the API routes and the player page call. Every answer is a
 * value of `#app/tracker/api-types.ts`; null means "unknown or opted out" (a 404).
 */
import { LRUCache } from 'lru-cache'
import type { FetchedPlayer } from '#app/player/server/config.server.ts'
import type { PlayerDataAnswer } from '#app/player/server/handler.server.ts'
import type { UpstreamPriority } from '#app/player/server/upstream-gate.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import type { Env } from '#app/server/env.server.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'
import type {
	ActivityLog,
	Gains,
	GainsBoard,
	Milestones,
	PlayerRecords,
	PlayerSummary,
	QuestTimeline,
	SnapshotList,
} from '#app/tracker/api-types.ts'
import type { BoardQuery, GainsQuery, SnapshotsQuery } from '#app/tracker/api-params.ts'
import { periodEnd, periodStart, utcDay } from '#app/tracker/gain-periods.ts'
import { computeGains, dayRange, periodRange } from '#app/tracker/gains.ts'
import { milestonesOf, questCapeCount } from '#app/tracker/milestones.ts'
import { paceOf, paceWindowStart, type Pace, type PaceAnswer } from '#app/tracker/pace.ts'
import { toSnapshot } from '#app/tracker/snapshot.ts'
import { countBoard, readBoard, readRecords } from './gains-store.server.ts'
import * as store from './tracker-store.server.ts'

/** One forced fetch per player per minute, all instances together. */
const UPDATE_COOLDOWN_MS = 60_000
/** After a failed forced fetch, the next one waits this long (not the whole cooldown, not nothing). */
export const FAILED_FETCH_COOLDOWN_MS = 30_000
/** Players per page of a top-gainers board. */
export const BOARD_PAGE_SIZE = 25
/** How long a board's player count is kept. */
const BOARD_COUNT_TTL_MS = 60_000
/** A lookup moves "last looked up" at most this often per player (one write, not one per lookup). */
const LOOKUP_NOTE_INTERVAL_MS = 3_600_000

export type UpdateOutcome =
	| { kind: 'updated'; summary: PlayerSummary }
	| { kind: 'cooldown'; retryAfterSeconds: number; summary: PlayerSummary }
	| { kind: 'not-found' }
	/** The upstream fetch failed: the lookup's own error answer (502/504…), nothing stored changed. */
	| { kind: 'failed'; answer: PlayerDataAnswer; retryAfterSeconds: number }
	/** The upstream is failing right now: not even tried. */
	| { kind: 'upstream-failing'; retryAfterSeconds: number }

/** Why tracking did not start: this client's daily share, or everyone's hourly one, is used up. */
export type TrackingRefusal = { refused: 'client' | 'site'; perClientPerDay: number | false; perHour: number }

export type TrackingLimits = {
	/** New players one client (an address) may start tracking a day; false: no per-client limit. */
	perClientPerDay: number | false
	/** New players all clients together may start tracking an hour. */
	perHour: number
}

/** The tracking limits from the server env (RATE_LIMIT_DISABLED=1, for tests, lifts the per-client one). */
export function trackingLimitsFromEnv(
	env: Pick<Env, 'TRACKER_NEW_PLAYERS_PER_CLIENT_PER_DAY' | 'TRACKER_NEW_PLAYERS_PER_HOUR' | 'RATE_LIMIT_DISABLED'>,
): TrackingLimits {
	return {
		perClientPerDay: env.RATE_LIMIT_DISABLED ? false : env.TRACKER_NEW_PLAYERS_PER_CLIENT_PER_DAY,
		perHour: env.TRACKER_NEW_PLAYERS_PER_HOUR,
	}
}

export type TrackerOptions = {
	db: () => Promise<Database>
	now: () => number
	/** The lookup's forced fetch (it records through `record`), for the client who asked. */
	fetchFresh: (player: PlayerName, requestedBy?: string, priority?: UpstreamPriority) => Promise<PlayerDataAnswer>
	/** Seconds until the upstream is worth trying again while it fails (the upstream gate), else null. */
	upstreamFailing?: () => number | null
	/** Bounds on who may start tracking new players; none: anyone's lookup starts tracking. */
	tracking?: TrackingLimits & { state: SharedState }
	/**
	 * The Quest Point Cape's quests (canonical names) and how a RuneMetrics title maps to one, for
	 * the milestones; without it the cape is listed with no count.
	 */
	questCape?: { quests: readonly string[]; questName: (title: string) => string | undefined }
	/** False while nothing was ever stored (no PGlite folder yet): boards answer empty rather than create one. */
	stored?: () => boolean
	log?: (line: string) => void
}

export type Tracker = ReturnType<typeof createTracker>
/** One tracked player's reads (`Tracker.forPlayer`). */
export type PlayerReads = NonNullable<Awaited<ReturnType<Tracker['forPlayer']>>>

export function createTracker(options: TrackerOptions) {
	const { now } = options
	const log = options.log ?? serverLog.error
	const noted = new LRUCache<string, number>({ max: 10_000 })
	/** Players per board, counted at most once a minute per board (a count reads the whole board). */
	const boardCounts = new LRUCache<string, number>({ max: 500, ttl: BOARD_COUNT_TTL_MS })

	/**
	 * One tracked player's reads, bound to the row found once: the latest snapshot, the backfill and
	 * the quest completions are read at most once, however many answers a page builds from them. Undefined when the
	 * player is not tracked or opted out.
	 */
	async function forPlayer(key: string) {
		const db = await options.db()
		const player = await store.findPlayer(db, key)
		if (!player) return undefined
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

			async pace(): Promise<PaceAnswer> {
				const pace = await paceNow()
				return pace ? { status: 'ok', pace } : { status: 'no-history', trackedSince: player.trackedSince.toISOString() }
			},

			async milestones(): Promise<Milestones | null> {
				const newest = await latest()
				if (!newest) return null
				const cape = options.questCape
				let completed: Set<string> | null = null
				if (cape && player.questsKnownSince !== null) {
					const titles = await completions()
					completed = new Set(titles.flatMap(({ title }) => cape.questName(title) ?? []))
				}
				return {
					name: player.name,
					...milestonesOf({
						skills: newest.skills,
						pace: await paceNow(),
						questCape: cape ? questCapeCount(cape.quests, completed) : null,
					}),
				}
			},

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

	async function summary(key: string): Promise<PlayerSummary | null> {
		return (await forPlayer(key))?.summary() ?? null
	}

	function noteLookup(player: Pick<PlayerName, 'key'>): void {
		const time = now()
		if (time - (noted.get(player.key) ?? 0) < LOOKUP_NOTE_INTERVAL_MS) return
		noted.set(player.key, time)
		options
			.db()
			.then((db) => store.touchLookup(db, player.key, new Date(time)))
			.catch((error: unknown) => log(`tracker: noting a lookup failed: ${error instanceof Error ? error.message : String(error)}`))
	}

	const tracking = options.tracking
	const HOUR_MS = 3_600_000
	const perClient =
		tracking && tracking.perClientPerDay !== false
			? tracking.state.limiter('tracking-starts-client', { max: tracking.perClientPerDay, windowMs: 24 * HOUR_MS, refill: 'window' })
			: undefined
	const perSite = tracking
		? tracking.state.limiter('tracking-starts-site', { max: tracking.perHour, windowMs: HOUR_MS, refill: 'window' })
		: undefined

	/** Whether `clientId` may start tracking one more player now; `count` takes that start from both shares. */
	async function trackingStart(clientId: string, count: boolean): Promise<TrackingRefusal | null> {
		if (!tracking) return null
		const refusal = (refused: TrackingRefusal['refused']) => ({
			refused,
			perClientPerDay: tracking.perClientPerDay,
			perHour: tracking.perHour,
		})
		if (perClient && !(await perClient.peek(clientId)).allowed) return refusal('client')
		if (perSite && !(await perSite.peek('all')).allowed) return refusal('site')
		if (count) await Promise.all([perClient?.hit(clientId), perSite?.hit('all')])
		return null
	}

	return {
		/**
		 * The lookup's `onFetched`: one snapshot (when changed), quests and log entries. A player not
		 * tracked yet is only recorded within the tracking limits of the client who asked.
		 */
		async record(fetched: FetchedPlayer): Promise<void> {
			const db = await options.db()
			if (fetched.requestedBy !== undefined && tracking && !(await store.findPlayer(db, fetched.player.key))) {
				const refused = await trackingStart(fetched.requestedBy, true)
				if (refused) return
			}
			const fetchedAt = new Date(fetched.fetchedAt)
			await store.recordFetch(db, {
				key: fetched.player.key,
				name: fetched.name,
				fetchedAt,
				snapshot: toSnapshot(fetched.data, fetchedAt),
				quests: fetched.data.source === 'runemetrics' ? fetched.data.quests : null,
				activities: fetched.activities,
			})
		},

		/** The lookup's `onLookup`, the page's visits and Updates: keeps the player in the daily refresh (and wakes a dormant one). */
		noteLookup,

		/** Why a lookup by `clientId` would not start tracking a new player now; null when it would. */
		trackingRefusal: (clientId: string) => trackingStart(clientId, false),

		summary,
		forPlayer,

		async gains(key: string, query: GainsQuery): Promise<Gains | null> {
			return (await forPlayer(key))?.gains(query) ?? null
		},

		/** The player's XP per day per skill (`#app/tracker/pace.ts`): what the planner's ETAs use. */
		async pace(key: string): Promise<PaceAnswer> {
			return (await forPlayer(key))?.pace() ?? { status: 'not-tracked' }
		},

		/** The next milestones at the player's pace (`#app/tracker/milestones.ts`). */
		async milestones(key: string): Promise<Milestones | null> {
			return (await forPlayer(key))?.milestones() ?? null
		},

		async snapshots(key: string, query: SnapshotsQuery): Promise<SnapshotList | null> {
			return (await forPlayer(key))?.snapshots(query) ?? null
		},

		async records(key: string): Promise<PlayerRecords | null> {
			return (await forPlayer(key))?.records() ?? null
		},

		/** A page of the top gainers of the week or month that holds `query.date` (default today). */
		async gainsBoard(query: BoardQuery): Promise<GainsBoard> {
			const key = { period: query.period, start: periodStart(query.period, query.date ?? utcDay(now())), skill: query.skill }
			let players = 0
			let page: Awaited<ReturnType<typeof readBoard>> = { pages: 0, entries: [], pageLinks: [] }
			if (options.stored?.() !== false) {
				const db = await options.db()
				const counted = `${key.period} ${key.start} ${key.skill}`
				const cached = boardCounts.get(counted)
				players = cached ?? (await countBoard(db, key))
				if (cached === undefined) boardCounts.set(counted, players)
				page = await readBoard(db, key, { page: query.page, after: query.after, pageSize: BOARD_PAGE_SIZE, players })
			}
			const offset = (query.page - 1) * BOARD_PAGE_SIZE
			return {
				period: query.period,
				skill: query.skill,
				from: key.start,
				to: periodEnd(query.period, key.start),
				page: query.page,
				pageSize: BOARD_PAGE_SIZE,
				players: Math.max(players, page.entries.length > 0 ? offset + page.entries.length : 0),
				pages: page.pages,
				entries: page.entries.map((entry, index) => ({ rank: offset + index + 1, ...entry })),
				pageLinks: page.pageLinks,
			}
		},

		async questTimeline(key: string): Promise<QuestTimeline | null> {
			return (await forPlayer(key))?.questTimeline() ?? null
		},

		async activities(key: string): Promise<ActivityLog | null> {
			return (await forPlayer(key))?.activities() ?? null
		},

		/**
		 * The Update button: a fetch now, unless this player was fetched (by anyone, for any reason)
		 * within the last minute.
		 */
		async update(player: PlayerName, requestedBy?: string, priority?: UpstreamPriority): Promise<UpdateOutcome> {
			const db = await options.db()
			const time = new Date(now())
			const failing = options.upstreamFailing?.()
			if (failing)
				return (await store.findPlayer(db, player.key)) ? { kind: 'upstream-failing', retryAfterSeconds: failing } : { kind: 'not-found' }
			const claim = await store.claimFetch(db, player.key, time, UPDATE_COOLDOWN_MS)
			if (!claim.claimed) {
				if (claim.retryAt === null) return { kind: 'not-found' }
				const current = await summary(player.key)
				if (!current) return { kind: 'not-found' }
				const retryAfterSeconds = Math.max(1, Math.ceil((claim.retryAt.getTime() - time.getTime()) / 1000))
				return { kind: 'cooldown', retryAfterSeconds, summary: current }
			}
			noteLookup(player)
			const answer = await options.fetchFresh(player, requestedBy, priority)
			if (answer.status !== 200) {
				// A short cooldown stays, so Updates do not hammer an upstream that just failed.
				const retryAt = new Date(time.getTime() + FAILED_FETCH_COOLDOWN_MS - UPDATE_COOLDOWN_MS)
				await store.releaseFetch(db, player.key, time, retryAt > claim.previous ? retryAt : claim.previous)
				return { kind: 'failed', answer, retryAfterSeconds: FAILED_FETCH_COOLDOWN_MS / 1000 }
			}
			const updated = await summary(player.key)
			return updated ? { kind: 'updated', summary: updated } : { kind: 'not-found' }
		},

		/** The dashboard's search: tracked players whose key starts with `prefix`. */
		async findPlayers(prefix: string) {
			return store.findPlayers(await options.db(), prefix.trim().toLowerCase())
		},

		/** The dashboard's removal: every row about the player; `block` keeps them from being tracked again. */
		async deletePlayer(key: string, deleteOptions: { block: boolean }) {
			const deleted = await store.deletePlayer(await options.db(), key, { ...deleteOptions, at: new Date(now()) })
			boardCounts.clear()
			return deleted
		},
	}
}
