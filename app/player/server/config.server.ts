import type { Env } from '#app/server/env.server.ts'
import type { SharedState } from '#app/server/shared-state/shared-state.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { SnapshotSource } from '#app/tracker/snapshot.ts'
import type { ProfileActivity } from './runemetrics.server.ts'
import type { UpstreamGate } from './upstream-gate.server.ts'

/** One upstream fetch of a player, as the lookup made it. */
export type FetchedPlayer = {
	player: PlayerName
	/** Display name: RuneMetrics' spelling, else the name as asked. */
	name: string
	fetchedAt: number
	data: SnapshotSource
	activities: ProfileActivity[]
	/** The client who asked (a lookup, a first visit, an Update); undefined for background work. */
	requestedBy?: string | undefined
}

/** Jagex has refused default library User-Agents with 403; say who we are. */
export const UPSTREAM_USER_AGENT = 'GielinorGuide/0.1 (open-source RuneScape 3 guide site; player lookup proxy; node fetch)'

export type PlayerDataConfig = {
	runemetricsBaseUrl: string
	hiscoresBaseUrl: string
	/** Per upstream request, body included. */
	timeoutMs: number
	userAgent: string
	rateLimit: { max: number; windowMs: number } | false
	/** Cache and rate limit: in-process by default, shared across instances with Redis. */
	state?: SharedState
	now?: () => number
	/** Defaults: fresh 10 minutes, kept 30 minutes (counted from the fetch), 1000 names. */
	cache?: { freshMs?: number; maxAgeMs?: number; maxEntries?: number }
	/** Every upstream call waits its turn here (`upstream-gate.server.ts`); none: calls go at once (tests). */
	gate?: UpstreamGate
	/** Cap on an upstream body; default 2 MB. */
	maxBodyBytes?: number
	/**
	 * Told of every answer that came (at least partly) from upstream just now: the tracker records
	 * it. Lookups do not wait for it and its failures are only logged.
	 */
	onFetched?: (fetched: FetchedPlayer) => Promise<void>
	/** Told of every valid lookup, cached or not (the tracker keeps players looked up lately fresh). */
	onLookup?: (player: PlayerName) => void
	/** Gets upstream failures and unexpected errors; default stderr (silent under vitest). */
	log?: (line: string) => void
}

/** Builds the handler config from the server env (`#app/server/env.server.ts`). */
export function playerDataConfigFromEnv(
	env: Pick<
		Env,
		'RUNEMETRICS_BASE_URL' | 'HISCORES_BASE_URL' | 'UPSTREAM_TIMEOUT_MS' | 'PLAYER_RATE_LIMIT_PER_MINUTE' | 'RATE_LIMIT_DISABLED'
	>,
): PlayerDataConfig {
	return {
		runemetricsBaseUrl: env.RUNEMETRICS_BASE_URL,
		hiscoresBaseUrl: env.HISCORES_BASE_URL,
		timeoutMs: env.UPSTREAM_TIMEOUT_MS,
		userAgent: UPSTREAM_USER_AGENT,
		// RATE_LIMIT_DISABLED=1 is for load tests (npm run bench:player).
		rateLimit: env.RATE_LIMIT_DISABLED ? false : { max: env.PLAYER_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 },
	}
}
