import { expect, test } from 'vitest'
import { playerState } from './player-state.ts'
import type { PlayerData } from './types.ts'

const DATA: PlayerData = {
	name: 'Zezima Jr',
	quests: [
		{ title: "Cook's Assistant", status: 'COMPLETED' },
		{ title: "'Phite Club", status: 'STARTED' },
		{ title: 'Necromancy!', status: 'NOT_STARTED' },
	],
	skillvalues: [
		{ id: 0, level: 88, xp: 4441652 },
		{ id: 15, level: 71, xp: 816584 },
	],
	source: 'runemetrics',
	fetchedAt: '2026-11-20T10:00:00.000Z',
}

test('status: idle without a name, loading, loaded, error', () => {
	expect(playerState('', undefined, null).status).toBe('idle')
	expect(playerState('Zezima Jr', undefined, null).status).toBe('loading')
	expect(playerState('Zezima Jr', DATA, null).status).toBe('loaded')
	const failed = playerState('No Profile', undefined, new Error('User not found'))
	expect(failed.status).toBe('error')
	expect(failed.error).toBe('User not found')
	expect(failed.data).toBeUndefined()
})

test('data already shown stays when a refresh fails', () => {
	const state = playerState('Zezima Jr', DATA, new Error('Failed to fetch player data: 502'))
	expect(state.status).toBe('loaded')
	expect(state.error).toBeUndefined()
})

test('levels by skill name; a skill missing from the data counts as level 1', () => {
	const state = playerState('Zezima Jr', DATA, null)
	expect(state.levelOf('attack')).toBe(88)
	expect(state.levelOf('Herblore')).toBe(71)
	expect(state.levelOf('necromancy')).toBe(1)
})

test('completed quests by name, ignoring case and typographic apostrophes', () => {
	const state = playerState('Zezima Jr', DATA, null)
	expect(state.hasCompleted('Cook’s Assistant')).toBe(true)
	expect(state.hasCompleted("cook's assistant")).toBe(true)
	expect(state.hasCompleted("'Phite Club")).toBe(false)
	expect(state.hasCompleted('Necromancy!')).toBe(false)
})

test('started quests include the completed ones, not the ones not started', () => {
	const state = playerState('Zezima Jr', DATA, null)
	expect(state.hasStarted("'phite club")).toBe(true)
	expect(state.hasStarted("Cook's Assistant")).toBe(true)
	expect(state.hasStarted('Necromancy!')).toBe(false)
})

test('the profile state of a private profile', () => {
	const state = playerState('Private Pat', { ...DATA, quests: [], error: 'PROFILE_PRIVATE' }, null)
	expect(state.profileState).toBe('PROFILE_PRIVATE')
	expect(playerState('Zezima Jr', DATA, null).profileState).toBeUndefined()
})
