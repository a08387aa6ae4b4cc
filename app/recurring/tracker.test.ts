import { expect, test } from 'vitest'
import type { PlayerProgress } from '#app/quests/artifacts.ts'
import { type Activity, activitySchema } from './activities.schema.ts'
import {
	activityStanding,
	EMPTY_TRACKER,
	groupActivities,
	isDone,
	parseTrackerState,
	pruneTracker,
	requiredQuests,
	setDone,
	setHidden,
} from './tracker.ts'

const activity = (input: Record<string, unknown>): Activity =>
	activitySchema.parse({
		name: String(input.id),
		frequency: 'daily',
		priority: 2,
		reward: 'Something.',
		wiki: 'https://runescape.wiki/w/X',
		sources: ['https://runescape.wiki/w/X'],
		verified: '2026-11-26',
		...input,
	})

const t = (iso: string) => Date.parse(iso)

test('stored state is read back, and anything broken reads as a fresh tracker', () => {
	expect(parseTrackerState('{"ticks":{"a":5},"hidden":["b","b"]}')).toEqual({
		ticks: { a: 5 },
		hidden: ['b'],
	})
	expect(parseTrackerState('{"ticks":{"a":"yesterday","c":-1,"d":7},"hidden":["b",3]}')).toEqual({
		ticks: { d: 7 },
		hidden: ['b'],
	})
	for (const raw of [null, '', '{', '[]', '"x"', '{"ticks":null,"hidden":7}']) {
		expect(parseTrackerState(raw)).toEqual(EMPTY_TRACKER)
	}
})

test('a tick marks an activity done until its next reset, and unticking clears it', () => {
	const weekly = activity({ id: 'tears', frequency: 'weekly' })
	const ticked = setDone(EMPTY_TRACKER, weekly, true, t('2026-11-24T23:59:59Z'))
	expect(isDone(ticked, weekly, t('2026-11-24T23:59:59Z'))).toBe(true)
	expect(isDone(ticked, weekly, t('2026-11-25T00:00:00Z'))).toBe(false)
	expect(isDone(setDone(ticked, weekly, false, t('2026-11-24T23:59:59Z')), weekly, t('2026-11-24T23:59:59Z'))).toBe(false)
	expect(isDone(EMPTY_TRACKER, weekly, t('2026-11-24T12:00:00Z'))).toBe(false)
})

test('hiding and unhiding keep one entry per activity', () => {
	const hidden = setHidden(setHidden(EMPTY_TRACKER, 'a', true), 'a', true)
	expect(hidden.hidden).toEqual(['a'])
	expect(setHidden(hidden, 'a', false).hidden).toEqual([])
})

test('pruning drops cleared ticks and activities that are gone', () => {
	const daily = activity({ id: 'daily' })
	const monthly = activity({ id: 'monthly', frequency: 'monthly' })
	const state = {
		ticks: { daily: t('2026-11-22T10:00:00Z'), monthly: t('2026-11-02T10:00:00Z'), gone: 1 },
		hidden: ['gone', 'daily'],
	}
	expect(pruneTracker(state, [daily, monthly], t('2026-11-23T10:00:00Z'))).toEqual({
		ticks: { monthly: t('2026-11-02T10:00:00Z') },
		hidden: ['daily'],
	})
})

test('groups follow daily, weekly, monthly, each sorted by priority then name', () => {
	const groups = groupActivities([
		activity({ id: 'b', priority: 2 }),
		activity({ id: 'm', frequency: 'monthly' }),
		activity({ id: 'c', priority: 1 }),
		activity({ id: 'a', priority: 2 }),
	])
	expect(groups.map((g) => [g.frequency, g.activities.map((a) => a.id)])).toEqual([
		['daily', ['c', 'a', 'b']],
		['weekly', []],
		['monthly', ['m']],
	])
})

test("a player's standing uses the quest start check and the worth-it level", () => {
	const player = (levels: PlayerProgress['levels'], completed: string[] = []): PlayerProgress => ({
		completed: new Set(completed),
		levels,
		questPoints: 10,
	})
	const tears = activity({
		id: 'tears',
		requirements: { quest: ['Tears of Guthix'], skill: [{ skill: 'crafting', level: 20 }] },
	})
	const locked = activityStanding(tears, player({ crafting: 10 }))
	expect(locked.canStart).toBe(false)
	expect(locked.missingQuests).toEqual(['Tears of Guthix'])
	expect(locked.missingSkills).toEqual([{ skill: 'crafting', level: 20, current: 10 }])
	expect(activityStanding(tears, player({ crafting: 20 }, ['Tears of Guthix'])).canStart).toBe(true)

	const points = activity({ id: 'qp', requirements: { questPoints: 12 } })
	expect(activityStanding(points, player({})).questPointsShort).toBe(2)

	const sphere = activity({ id: 'sphere', worthItUntil: { skill: 'runecrafting', level: 80 } })
	expect(activityStanding(sphere, player({ runecrafting: 79 })).pastWorth).toBe(false)
	expect(activityStanding(sphere, player({ runecrafting: 80 })).pastWorth).toBe(true)
	expect(activityStanding(activity({ id: 'plain' }), player({ runecrafting: 99 })).pastWorth).toBe(false)
})

test('parts of quests, alternative levels and ironman levels are checked as for quests', () => {
	const player = (levels: PlayerProgress['levels'], extra: Partial<PlayerProgress> = {}): PlayerProgress => ({
		completed: new Set(),
		started: new Set(),
		levels,
		questPoints: 0,
		...extra,
	})
	const partly = activity({
		id: 'partly',
		requirements: { partial: [{ quest: 'Desert Treasure', until: 'the start' }] },
	})
	expect(activityStanding(partly, player({})).missingPartial).toEqual(['Desert Treasure'])
	expect(activityStanding(partly, player({}, { started: new Set(['Desert Treasure']) })).canStart).toBe(true)

	const either = activity({
		id: 'either',
		requirements: {
			anyOf: [
				{
					skill: [
						{ skill: 'crafting', level: 85 },
						{ skill: 'smithing', level: 85 },
					],
				},
			],
		},
	})
	expect(activityStanding(either, player({ crafting: 80, smithing: 80 })).missingAnyOf).toHaveLength(1)
	expect(activityStanding(either, player({ crafting: 80, smithing: 85 })).canStart).toBe(true)

	const iron = activity({
		id: 'iron',
		requirements: { ironman: { skill: [{ skill: 'mining', level: 60 }] } },
	})
	expect(activityStanding(iron, player({ mining: 50 })).canStart).toBe(true)
	expect(activityStanding(iron, player({ mining: 50 }, { ironman: true })).canStart).toBe(false)
})

test('the quests an activity names: completed, fully and partly', () => {
	const a = activity({
		id: 'a',
		requirements: {
			quest: ['A'],
			fully: [{ quest: 'B', until: 'the end' }],
			partial: [{ quest: 'C', until: 'the start' }],
		},
	})
	expect(requiredQuests(a)).toEqual(['A', 'B', 'C'])
})
