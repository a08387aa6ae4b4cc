/**
 * The competitions' background work, started by the server (server/app.ts) and stopped on its
 * shutdown before the database closes: the update rounds (with TRACKER_REFRESH=on, like the
 * tracker's daily refresh: they call the upstream) and the Discord outbox with its producers.
 */
import { getClock } from '#app/server/clock.server.ts'
import { databaseExists, getDatabase } from '#app/server/db/database.server.ts'
import type { getEnv } from '#app/server/env.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { QuestCape } from '#app/tracker/server/player-history.server.ts'
import { createAnnouncer } from './announcements.server.ts'
import { startCompetitionRounds } from './competition-rounds.server.ts'
import { startDiscordOutbox } from './discord-outbox.server.ts'
import type { RefreshOutcome } from './participant-refresh.server.ts'

/** How long a post to Discord may take before it counts as failed (and is tried again later). */
const DISCORD_TIMEOUT_MS = 10_000

export function startCompetitionWork(options: {
	env: ReturnType<typeof getEnv>
	refresh: (player: PlayerName) => Promise<RefreshOutcome>
	/** The quest cape's rule, for the groups' quest cape milestone. */
	questCape: QuestCape
}): () => Promise<void> {
	const clock = getClock()
	const now = () => new Date(clock.now())
	const db = async () => (await getDatabase()).db
	const announcer = createAnnouncer(options.env.SITE_URL, options.questCape)
	// Nothing stored yet (no PGlite folder): do not create one just to find it empty.
	const databaseReady = databaseExists
	const idleMs = options.env.TEST_ONLY_COMPETITION_IDLE_MS
	const outbox = startDiscordOutbox(db, {
		apiBase: options.env.DISCORD_API_BASE_URL,
		timeoutMs: DISCORD_TIMEOUT_MS,
		now,
		databaseReady,
		idleMs,
		produce: announcer.groups,
		produceEveryMs: idleMs,
	})
	const rounds =
		options.env.TRACKER_REFRESH === 'on'
			? startCompetitionRounds({ db, now, refresh: options.refresh, databaseReady, idleMs, announce: announcer.competition })
			: undefined
	return async () => {
		await Promise.all([outbox.stop(), rounds?.stop()])
	}
}

/** A group's Discord webhook, for its page: null without one; `disabledAt` once Discord made us switch it off. */
