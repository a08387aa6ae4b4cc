/** This process's competitions service, for the API and the pages alike. Created on first use. */
import { getClock } from '#app/server/clock.server.ts'
import { getDatabase } from '#app/server/db/database.server.ts'
import { getSharedState } from '#app/server/shared-state/shared-state.server.ts'
import { getPlayerServices } from '#app/server/player-services.server.ts'
import { createCompetitions, type Competitions } from './competitions.server.ts'
import { readWebhookState } from './competitions-store.server.ts'
import { participantRefresher } from './participant-refresh.server.ts'

let service: Competitions | undefined

export function getCompetitionsService(): Competitions {
	if (service) return service
	const { lookup, tracker } = getPlayerServices()
	service = createCompetitions({
		db: async () => (await getDatabase()).db,
		state: getSharedState(),
		now: () => new Date(getClock().now()),
		// The update round's upstream path: where the scheduler's competition priority goes.
		refreshParticipant: participantRefresher(tracker, lookup),
	})
	return service
}

export async function readGroupWebhook(groupId: number) {
	const row = await readWebhookState((await getDatabase()).db, { groupId })
	return row && { disabledAt: row.disabledAt, disabledReason: row.disabledReason }
}
