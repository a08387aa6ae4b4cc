/**
 * The scheduled update rounds: at the start every participant is checked (the start round), while
 * a competition runs each participant at least every 6 hours, after the end a final round; then
 * the standings freeze (`frozen_at`). `planUpdates` says who is due; each participant is claimed
 * in the database before it is fetched (a lease, so two instances never fetch the same one and a
 * failed fetch waits its turn), and fetched through `participantRefresher`: the upstream gate at
 * competition priority, within the one budget. Everything it knows is in the database (the
 * tracker's last checks, the noted start checks, the leases, `frozen_at`), so a restart picks up
 * where it stopped and never repeats a start round that is done.
 */
import type { PlayerName } from '#app/player/username.ts'
import type { Database } from '#app/server/db/database.server.ts'
import { log as serverLog } from '#app/server/log.server.ts'
import { planUpdates } from '../schedule.ts'
import {
	claimParticipant,
	freezeCompetition,
	listCompetitionsToWatch,
	noteStartChecks,
	readParticipantChecks,
} from './competitions-store.server.ts'
import type { RefreshOutcome } from './participant-refresh.server.ts'
import { startLoop } from './background-loop.server.ts'

/** A participant claimed is left to its instance this long; a failed fetch is tried again after it. */
export const PARTICIPANT_LEASE_MS = 15 * 60_000
/**
 * Participants taken from one reading of the plan. The plan is read again (and the next ones taken)
 * while the last of these are still queued at the gate, so the gate never waits for a plan.
 */
export const PER_PLAN = 40
const ROUND_ORDER = { final: 0, start: 1, running: 2 } as const

/** As `claimParticipant` decides: a lease taken before the round started (the end, for the final round) no longer holds. */
function leaseHolds(claimedUntil: Date | null, now: Date, roundStart: Date): boolean {
	return claimedUntil !== null && claimedUntil > now && claimedUntil.getTime() >= roundStart.getTime() + PARTICIPANT_LEASE_MS
}

export type WatchedCompetition = Awaited<ReturnType<typeof listCompetitionsToWatch>>[number]

export type RoundsOptions = {
	db: () => Promise<Database>
	now: () => Date
	refresh: (player: PlayerName) => Promise<RefreshOutcome>
	/** Fetches under way at once on this instance (the gate spaces them within the budget). */
	concurrency?: number
	/** Called for each competition watched, each pass: the Discord announcements (competition-announcements.server.ts). */
	announce?: (db: Database, competition: WatchedCompetition, frozen: boolean, now: Date) => Promise<void>
	/** True once the server is shutting down: no new fetch starts. */
	stopping?: () => boolean
}

export type PassResult = { checked: number; failed: number; frozen: number[]; upstreamFailing: boolean }

type Work = { competitionId: number; round: keyof typeof ROUND_ORDER; roundStart: Date; player: PlayerName }

export function createCompetitionRounds(options: RoundsOptions) {
	const concurrency = options.concurrency ?? 3
	const stopping = options.stopping ?? (() => false)

	/** Notes the start checks, freezes and announces every watched competition; answers who is due, most urgent first. */
	async function plan(db: Database, result: PassResult): Promise<Work[]> {
		const now = options.now()
		const work: Work[] = []
		for (const competition of await listCompetitionsToWatch(db, now)) {
			let frozen = competition.frozenAt !== null
			if (!frozen && now >= competition.startsAt) {
				await noteStartChecks(db, competition.id, competition.startsAt)
				const checks = await readParticipantChecks(db, competition.id)
				const planned = planUpdates(competition, checks, now)
				if (planned.frozen) {
					frozen = true
					if (await freezeCompetition(db, competition.id, now)) result.frozen.push(competition.id)
				}
				const byKey = new Map(checks.map((check) => [check.key, check]))
				for (const due of planned.due) {
					const participant = byKey.get(due.key)!
					const roundStart = due.round === 'final' ? competition.endsAt : competition.startsAt
					if (leaseHolds(participant.claimedUntil, now, roundStart)) continue
					const player = { key: participant.key, name: participant.name }
					work.push({ competitionId: competition.id, round: due.round, roundStart, player })
				}
			}
			if (options.announce)
				await options.announce(db, competition, frozen, now).catch((error: unknown) => {
					serverLog.unexpected(`competition ${competition.id}: announcements`, error)
				})
		}
		// The final round first (the freeze waits for it), then start rounds, then the 6-hourly.
		return work.sort((a, b) => ROUND_ORDER[a.round] - ROUND_ORDER[b.round])
	}

	return {
		/**
		 * One pass: plan, fetch the first `PER_PLAN` due participants, plan again for the next ones
		 * before the last of those reach the gate, and so on until nothing is due; freeze what is done.
		 */
		async runPass(): Promise<PassResult> {
			const result: PassResult = { checked: 0, failed: 0, frozen: [], upstreamFailing: false }
			const db = await options.db()
			const taken = new Set<string>()
			const queue: Work[] = []
			let more = true
			const takeNext = async () => {
				const due = (await plan(db, result)).filter((item) => !taken.has(`${item.competitionId} ${item.player.key}`))
				for (const item of due.slice(0, PER_PLAN)) {
					taken.add(`${item.competitionId} ${item.player.key}`)
					queue.push(item)
				}
				more = due.length > PER_PLAN
			}
			await takeNext()
			let planning: Promise<void> | undefined
			let planningError: unknown
			// With as few participants left as there are fetches at once, the next are planned while these go through the gate.
			const planAhead = () => {
				if (planning || !more || queue.length > concurrency) return
				planning = takeNext()
					.catch((error: unknown) => {
						more = false
						planningError ??= error
					})
					.finally(() => {
						planning = undefined
					})
			}
			const started = new Set<number>()
			const worker = async () => {
				while (!stopping() && !result.upstreamFailing) {
					const item = queue.shift()
					planAhead()
					if (!item) {
						if (!planning) return
						await planning
						continue
					}
					const claim = { now: options.now(), leaseMs: PARTICIPANT_LEASE_MS, roundStart: item.roundStart }
					if (!(await claimParticipant(db, item.competitionId, item.player.key, claim))) continue
					const outcome = await options.refresh(item.player).catch((error: unknown) => {
						serverLog.unexpected(`competition ${item.competitionId}: updating ${item.player.name}`, error)
						return 'failed' as const
					})
					if (outcome === 'checked') result.checked += 1
					else if (outcome === 'upstream-failing') result.upstreamFailing = true
					else result.failed += 1
					if (item.round === 'start') started.add(item.competitionId)
				}
			}
			await Promise.all(Array.from({ length: concurrency }, worker))
			await planning
			if (planningError !== undefined) throw planningError
			// The start checks just made, noted now rather than at the next pass.
			const now = options.now()
			const startsAt = new Map((await listCompetitionsToWatch(db, now)).map((competition) => [competition.id, competition.startsAt]))
			for (const id of started) if (startsAt.has(id)) await noteStartChecks(db, id, startsAt.get(id)!)
			return result
		},
	}
}

/**
 * Runs passes until stopped: at once while there is work, else every `idleMs`; 30 seconds' pause
 * while the upstream is failing. `stop()` lets the fetches under way finish (their answers are
 * recorded) and starts no other.
 */
export function startCompetitionRounds(options: Omit<RoundsOptions, 'stopping'> & { idleMs?: number; databaseReady?: () => boolean }) {
	let rounds: ReturnType<typeof createCompetitionRounds> | undefined
	return startLoop('competitions: update round', async (stopping) => {
		rounds ??= createCompetitionRounds({ ...options, stopping })
		const idle = options.idleMs ?? 10_000
		if (options.databaseReady?.() === false) return idle
		const pass = await rounds.runPass()
		if (pass.upstreamFailing) return 30_000
		return pass.checked + pass.failed > 0 ? 0 : idle
	})
}
