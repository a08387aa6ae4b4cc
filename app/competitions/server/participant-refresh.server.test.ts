import { expect, test } from 'vitest'
import type { PlayerDataAnswer } from '#app/player/server/handler.server.ts'
import type { UpdateOutcome } from '#app/tracker/server/player-update.server.ts'
import { participantRefresher } from './participant-refresh.server.ts'

test("a tracked participant goes through the tracker's Update; one never tracked is fetched by the lookup; both at competition priority", async () => {
	const calls: string[] = []
	const refresh = participantRefresher(
		{
			update: async (player, _requestedBy, priority) => {
				calls.push(`update ${player.key} at ${priority}`)
				return (player.key === 'new' ? { kind: 'not-found' } : { kind: 'cooldown' }) as UpdateOutcome
			},
		},
		{
			fetchFresh: async (player, options) => {
				calls.push(`fetch ${player.key} at ${options?.priority}`)
				return { status: 200 } as PlayerDataAnswer
			},
		},
	)
	expect(await refresh({ key: 'known', name: 'Known' })).toBe('checked')
	expect(await refresh({ key: 'new', name: 'New' })).toBe('checked')
	// Both wait at the one upstream gate at competition priority.
	expect(calls).toEqual(['update known at competition', 'update new at competition', 'fetch new at competition'])
})
