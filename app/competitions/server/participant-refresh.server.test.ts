import { expect, test } from 'vitest'
import type { PlayerDataAnswer } from '#app/player/server/handler.server.ts'
import type { UpdateOutcome } from '#app/tracker/server/tracker.server.ts'
import { participantRefresher } from './participant-refresh.server.ts'

test("a tracked participant goes through the tracker's Update; one never tracked is fetched by the lookup", async () => {
	const calls: string[] = []
	const refresh = participantRefresher(
		{
			update: async (player) => {
				calls.push(`update ${player.key}`)
				return (player.key === 'new' ? { kind: 'not-found' } : { kind: 'cooldown' }) as UpdateOutcome
			},
		},
		{
			fetchFresh: async (player) => {
				calls.push(`fetch ${player.key}`)
				return { status: 200 } as PlayerDataAnswer
			},
		},
	)
	await refresh({ key: 'known', name: 'Known' })
	await refresh({ key: 'new', name: 'New' })
	expect(calls).toEqual(['update known', 'update new', 'fetch new'])
})
