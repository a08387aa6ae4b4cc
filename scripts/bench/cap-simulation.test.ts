import { describe, expect, test } from 'vitest'
import { runSchedule, simulatePlayers, START, type SimulatedPlayer } from './cap-simulation.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('the caps simulation', () => {
	test('the same seed gives the same players; another seed, others', () => {
		const options = { seed: 7, players: 5, weeks: 2, entriesPerHour: 2 }
		expect(simulatePlayers(options)).toEqual(simulatePlayers(options))
		expect(simulatePlayers({ ...options, seed: 8 })).not.toEqual(simulatePlayers(options))
		// One cap a week, and one the week before the first.
		for (const player of simulatePlayers(options)) expect(player.caps).toHaveLength(3)
	})

	test('a cap is missed when 20 newer entries came before the next fetch, not when fewer did', () => {
		// A full log the day before, a fetch at START, then a cap at 00:10 and a burst after it.
		const before = Array.from({ length: 20 }, (_, i) => START - 24 * HOUR + i * HOUR)
		const player = (after: number): SimulatedPlayer => ({
			reset: { weekday: 'monday', time: '00:00' },
			firstWeek: START,
			end: START + 24 * HOUR,
			entries: [...before, START + 10 * MINUTE, ...Array.from({ length: after }, (_, i) => START + 11 * MINUTE + i * MINUTE)],
			caps: [20],
		})
		// Whichever schedule: the next fetch is hours away (the log spans a day), the burst over by 00:31.
		for (const schedule of ['half-span', 'cap-aware'] as const) {
			expect(runSchedule([player(20)], schedule)).toMatchObject({ caps: 1, missed: 1, gaps: 1 })
			expect(runSchedule([player(19)], schedule)).toMatchObject({ caps: 1, missed: 0, gaps: 0 })
		}
	})

	test('on a fixed seed, the cap-aware schedule misses fewer caps of busy players than half the span, at more fetches', () => {
		for (const entriesPerHour of [2, 4]) {
			const players = simulatePlayers({ seed: 42, players: 100, weeks: 4, entriesPerHour })
			const half = runSchedule(players, 'half-span')
			const capAware = runSchedule(players, 'cap-aware')
			expect(capAware.caps).toBe(half.caps)
			expect(half.missed).toBeGreaterThan(0)
			expect(capAware.missed).toBeLessThan(half.missed)
			expect(capAware.fetchesPerDay).toBeGreaterThan(half.fetchesPerDay)
		}
	})
})
