import { expect, test } from 'vitest'
import type { PlayerName } from '#app/player/username.ts'
import type { GainsQuery } from '#app/tracker/api-params.ts'
import { fixtureView } from '#app/tracker/fixture-view.ts'
import type { UpdateNotice } from '#app/tracker/page-data.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { loadPlayerPage, updateFromPage, type PlayerPageSource } from './player-page.server.ts'

function fakeSource(options: { open?: Awaited<ReturnType<PlayerPageSource['open']>>; update?: UpdateNotice } = {}) {
	const view = fixtureView()
	const calls = { open: [] as string[], gains: [] as GainsQuery[], update: [] as string[] }
	const source: PlayerPageSource = {
		async open(player: PlayerName) {
			calls.open.push(player.key)
			return options.open ?? { kind: 'tracked', summary: view.summary, firstVisit: false }
		},
		async gains(_, query) {
			calls.gains.push(query)
			return view.gains
		},
		async snapshots() {
			return [testSnapshot('2026-11-26T11:59:00.000Z', 20_000), testSnapshot('2026-11-25T09:00:00.000Z', 10_000)]
		},
		async quests() {
			return { name: 'Zezima Jr', quests: view.quests }
		},
		async activities() {
			return { name: 'Zezima Jr', activities: view.activities }
		},
		async milestones() {
			return view.milestones && { name: 'Zezima Jr', ...view.milestones }
		},
		async records() {
			return view.records
		},
		async update(player) {
			calls.update.push(player.key)
			return options.update ?? 'updated'
		},
		now: () => new Date('2026-11-26T12:00:00.000Z'),
	}
	return { source, calls }
}

const url = (query = '') => new URL(`http://localhost/players/Zezima_Jr${query}`)

test('a tracked player: the name from the path (_ = space), the period, the chart skill, the notice', async () => {
	const { source, calls } = fakeSource()
	const result = await loadPlayerPage(source, 'zezima_JR', url('?period=month&chart=magic&update=cooldown'))
	if (result.kind !== 'player') throw new Error(`expected a player, got ${result.kind}`)
	expect(calls.open).toEqual(['zezima jr'])
	expect(calls.gains).toEqual([{ period: 'month' }])
	expect(result.view.gainsQuery).toEqual({ period: 'month' })
	expect(result.view.chart.subject).toBe('magic')
	// The backfill's one month (its start and end) then the two snapshots, oldest first.
	expect(result.view.chart.points.map((p) => p.kind)).toEqual(['monthly', 'monthly', 'recorded', 'recorded'])
	expect(result.view.notice).toBe('cooldown')
	expect(result.view.now).toBe('2026-11-26T12:00:00.000Z')
	// The milestones as the tracker gave them, without the name the page already has.
	expect(result.view.milestones).toEqual(fixtureView().milestones)
	expect(result.view.milestones).not.toHaveProperty('name')
})

test('defaults: the last week, total XP, no notice; unknown chart or notice values are ignored', async () => {
	const { source, calls } = fakeSource()
	const result = await loadPlayerPage(source, 'Zezima_Jr', url('?chart=sailing&update=<b>'))
	if (result.kind !== 'player') throw new Error('expected a player')
	expect(calls.gains).toEqual([{ period: 'week' }])
	expect(result.view.chart.subject).toBe('total')
	expect(result.view.notice).toBeNull()
})

test('bad names and bad periods are 400s that say why, before any lookup', async () => {
	const { source, calls } = fakeSource()
	expect(await loadPlayerPage(source, 'far_too_long_a_name', url())).toMatchObject({
		kind: 'invalid',
	})
	expect(await loadPlayerPage(source, 'Zezima_Jr', url('?period=fortnight'))).toEqual({
		kind: 'invalid',
		name: 'Zezima Jr',
		message: 'period must be one of day, week, month, year',
	})
	expect(await loadPlayerPage(source, 'Zezima_Jr', url('?from=2026-13-01&to=2026-12-01'))).toMatchObject({
		kind: 'invalid',
		message: 'from must be a date like 2026-11-26',
	})
	expect(calls.open).toEqual([])
})

test('unknown and opted-out players are 404s alike; a failed first lookup is a 502', async () => {
	for (const kind of ['unknown', 'opted-out'] as const) {
		const { source } = fakeSource({ open: { kind } })
		expect(await loadPlayerPage(source, 'No_Profile', url())).toEqual({
			kind: 'unknown',
			name: 'No Profile',
		})
	}
	const { source } = fakeSource({
		open: { kind: 'upstream-error', message: 'RuneMetrics did not answer.' },
	})
	expect(await loadPlayerPage(source, 'Crash_Carl', url())).toMatchObject({
		kind: 'unavailable',
	})
})

test('Update: back to the same page and period with the outcome, an old outcome replaced', async () => {
	const { source, calls } = fakeSource({ update: 'cooldown' })
	expect(await updateFromPage(source, 'Zezima_Jr', url('?period=day&update=updated'))).toBe('/players/Zezima_Jr?period=day&update=cooldown')
	expect(calls.update).toEqual(['zezima jr'])
	expect(await updateFromPage(source, 'Zezima_Jr', url())).toBe('/players/Zezima_Jr?update=cooldown')
	// A script-driven submit arrives at the single-fetch address; the browser goes back to the page.
	expect(await updateFromPage(source, 'Zezima_Jr', new URL('http://localhost/players/Zezima_Jr.data?chart=magic&_routes=x'))).toBe(
		'/players/Zezima_Jr?chart=magic&update=cooldown',
	)
	// A name that cannot be a player: no update, straight back.
	expect(await updateFromPage(source, 'bad!name', new URL('http://localhost/players/bad!name'))).toBe('/players/bad!name')
	expect(calls.update).toHaveLength(3)
})
