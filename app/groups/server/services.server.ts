/** This process's groups service, wired to the database, the shared limits and upstream. Created on first use. */
import { UPSTREAM_USER_AGENT } from '#app/player/server/config.server.ts'
import { finishBeforeExit } from '#app/server/background-work.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { getDatabase } from '#app/server/db/database.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { followRename, getPlayerServices } from '#app/server/player-services.server.ts'
import { log } from '#app/server/log.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import { createClanClient } from './clan-client.server.ts'
import { createGroupsService, type GroupsService } from './groups-service.server.ts'
import { createNameChanges, type NameChanges } from './name-changes.server.ts'

const HOUR = 3_600_000

let service: GroupsService | undefined
let nameChanges: NameChanges | undefined

/** This process's name changes: checked through the lookup (so through the one upstream gate), limited per client. */
export function getNameChanges(): NameChanges {
	if (nameChanges) return nameChanges
	nameChanges = createNameChanges({
		db: async () => (await getDatabase()).db,
		fetchFresh: (player, priority) => getPlayerServices().lookup.fetchFresh(player, { priority }),
		// Each submission may cost two upstream calls.
		limit: getSharedState().limiter('name-change-submissions', { max: 10, windowMs: HOUR, refill: 'window' }),
		now: getClock().now,
		log: (line) => log.error(line),
		onRename: followRename,
	})
	return nameChanges
}

export function getGroupsService(): GroupsService {
	if (service) return service
	const env = getEnv()
	const state = getSharedState()
	service = createGroupsService({
		db: async () => (await getDatabase()).db,
		readClan: createClanClient({
			baseUrl: env.CLAN_HISCORES_BASE_URL,
			timeoutMs: env.UPSTREAM_TIMEOUT_MS,
			userAgent: UPSTREAM_USER_AGENT,
			// Groups' one upstream call waits its turn at the one upstream gate, at group priority.
			upstream: (url, init) => getPlayerServices().gate.run('group', () => fetch(url, init)),
		}),
		limits: {
			creation: state.limiter('group-creation', { max: env.GROUP_CREATION_LIMIT_PER_HOUR, windowMs: HOUR, refill: 'window' }),
			// A 128-bit code cannot be guessed anyway; this keeps scripts from hammering the database.
			wrongCode: state.limiter('group-wrong-code', { max: 10, windowMs: HOUR / 4, refill: 'window' }),
		},
		now: getClock().now,
		log: (line) => log.error(line),
		onRenames: (renames) => void finishBeforeExit(getNameChanges().submitRenames(renames)),
	})
	return service
}
