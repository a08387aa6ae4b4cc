/**
 * The one gate every upstream call (RuneMetrics, hiscores) goes through: lookups, Updates, first
 * fetches, the daily refresh, the monthly backfill, and later group syncs and competition updates.
 *
 * - One budget for all instances: each call takes a token from the shared limiter
 *   (`TRACKER_UPSTREAM_RPS`, in Redis with `REDIS_URL`), so calls a second never exceed it.
 * - Priorities: waiting calls are let through most urgent first (`PRIORITIES`); backfill comes
 *   last and may use at most `BACKFILL_SHARE` of the budget, so it never crowds the others out.
 * - It adapts (AIMD, like TCP): a 429 or 5xx halves this instance's rate (at most once per
 *   interval), each success adds back a twentieth of the budget; both are logged.
 * - While the upstream fails, `failing()` says for how long, so an Update can answer 503 at once.
 * - A caller someone waits for is refused with `UpstreamError('busy')` rather than queued for more
 *   than `maxWaitMs`; background work waits as long as it takes, until the server shuts down
 *   (`stopping`): then it is refused too, waiting or new, so a shutdown never waits on the budget.
 */
import type { Limiter } from '#app/server/shared-state/shared-state.server.ts'
import { UpstreamError } from './runemetrics.server.ts'

/** Most urgent first. */
const PRIORITIES = ['interactive', 'competition', 'group', 'refresh', 'backfill'] as const
export type UpstreamPriority = (typeof PRIORITIES)[number]

/** Backfill's share of the budget at most (its calls are spaced this much wider). */
export const BACKFILL_SHARE = 0.5
/** The adapted rate never goes below this fraction of the budget. */
const MIN_RATE_FRACTION = 1 / 32
/** Each success adds back this fraction of the budget. */
const RECOVERY_FRACTION = 1 / 20
/** After a failed call, how long the upstream counts as failing (unless a call succeeds first). */
const FAILING_MS = 30_000
/** How long an interactive caller may wait for its turn before it is told to come back. */
const DEFAULT_MAX_WAIT_MS = 10_000

export type UpstreamGateOptions = {
	/** The configured budget, calls a second for all instances together. */
	rps: number
	/** The shared limiter holding that budget (`budgetLimit(rps)`); one hit per call. */
	budget: Limiter
	now: () => number
	sleep: (ms: number) => Promise<void>
	maxWaitMs?: number
	log?: (line: string) => void
	/** Aborted when the server shuts down: calls nobody waits for are refused from then on. */
	stopping?: AbortSignal
}

export type UpstreamGate = {
	/** Waits for this call's turn and a token of the budget, then makes the call. */
	run<T>(priority: UpstreamPriority, call: () => Promise<T>): Promise<T>
	/** While the upstream is failing: seconds until it is worth trying again; otherwise null. */
	failing(): number | null
	/** This instance's adapted rate now (calls a second, at most `rps`). */
	rate(): number
}

type Waiter = { priority: UpstreamPriority; grant: () => void; refuse: (error: Error) => void }

/**
 * The shared limiter's options for `rps` calls a second: one call every `1000 / rps` ms and never
 * two closer, across all instances (in Redis too, to the millisecond), so no second ever holds
 * more than `rps` calls.
 */
export function budgetLimit(rps: number) {
	return { max: 1, windowMs: 1000 / rps, refill: 'spaced' as const }
}

/** 429 and 5xx: the upstream asks us to slow down (timeouts and refusals only mark it failing). */
function isCongestion(error: unknown): boolean {
	return error instanceof UpstreamError && error.status !== undefined && (error.status === 429 || error.status >= 500)
}

function isUpstreamFailure(error: unknown): boolean {
	return error instanceof UpstreamError && error.kind !== 'bad-body' && error.kind !== 'too-large' && error.kind !== 'busy'
}

export function createUpstreamGate(options: UpstreamGateOptions): UpstreamGate {
	const { now, sleep, rps } = options
	const log = options.log ?? (() => {})
	const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS
	const queues = new Map<UpstreamPriority, Waiter[]>(PRIORITIES.map((priority) => [priority, []]))
	let rate = rps
	let nextAt = 0
	let nextBackfillAt = 0
	let lastDecreaseAt = Number.NEGATIVE_INFINITY
	let failingUntil = 0
	let pumping = false

	const stoppingError = () => new UpstreamError('busy', 'profile', 'the server is shutting down')
	options.stopping?.addEventListener('abort', () => {
		for (const priority of PRIORITIES) {
			if (priority === 'interactive') continue
			for (const waiter of queues.get(priority)!.splice(0)) waiter.refuse(stoppingError())
		}
	})

	const interval = () => 1000 / rate
	const waiting = () => PRIORITIES.some((priority) => queues.get(priority)!.length > 0)

	/** The waiter to let through now, if any: the most urgent, backfill only within its share. */
	function next(time: number): Waiter | undefined {
		for (const priority of PRIORITIES) {
			const queue = queues.get(priority)!
			if (queue.length === 0) continue
			if (priority === 'backfill' && time < nextBackfillAt) return undefined
			return queue.shift()
		}
		return undefined
	}

	async function pump() {
		if (pumping) return
		pumping = true
		try {
			while (waiting()) {
				const time = now()
				const onlyBackfill = PRIORITIES.every((priority) => priority === 'backfill' || queues.get(priority)!.length === 0)
				const wait = Math.max(nextAt, onlyBackfill ? nextBackfillAt : 0) - time
				if (wait > 0) {
					await sleep(wait)
					continue
				}
				const decision = await options.budget.hit('upstream')
				if (!decision.allowed) {
					await sleep(Math.max(1, decision.retryAfterMs))
					continue
				}
				const granted = now()
				const waiter = next(granted)
				if (!waiter) continue
				nextAt = granted + interval()
				if (waiter.priority === 'backfill') nextBackfillAt = granted + interval() / BACKFILL_SHARE
				waiter.grant()
			}
		} finally {
			pumping = false
		}
	}

	function succeeded() {
		failingUntil = 0
		if (rate >= rps) return
		rate = Math.min(rps, rate + rps * RECOVERY_FRACTION)
		if (rate >= rps) log(`upstream: budget back to ${formatRate(rps)} calls a second`)
	}

	function failed(error: unknown) {
		if (!isUpstreamFailure(error)) return
		const time = now()
		failingUntil = time + FAILING_MS
		if (!isCongestion(error) || time - lastDecreaseAt < interval()) return
		lastDecreaseAt = time
		const halved = Math.max(rps * MIN_RATE_FRACTION, rate / 2)
		if (halved === rate) return
		rate = halved
		const message = error instanceof Error ? error.message : String(error)
		log(`upstream: ${message}; budget halved to ${formatRate(rate)} calls a second (of ${formatRate(rps)}), recovering step by step`)
	}

	return {
		async run(priority, call) {
			const queue = queues.get(priority)!
			if (priority !== 'interactive' && options.stopping?.aborted) throw stoppingError()
			if (priority === 'interactive') {
				const ahead = queue.length + 1
				const waitMs = Math.max(0, nextAt - now()) + (ahead - 1) * interval()
				if (waitMs > maxWaitMs) {
					throw new UpstreamError('busy', 'profile', `the upstream budget is used up for the next ${Math.ceil(waitMs / 1000)} s`, {
						retryAfterSeconds: Math.ceil(waitMs / 1000),
					})
				}
			}
			await new Promise<void>((grant, refuse) => {
				queue.push({ priority, grant, refuse })
				void pump()
			})
			try {
				const result = await call()
				succeeded()
				return result
			} catch (error) {
				failed(error)
				throw error
			}
		},
		failing() {
			const left = failingUntil - now()
			return left > 0 ? Math.ceil(left / 1000) : null
		},
		rate: () => rate,
	}
}

function formatRate(value: number): string {
	return String(Math.round(value * 1000) / 1000)
}
