import { describe, expect, test } from 'vitest'
import { competitionEventsDue, competitionStatus, planUpdates, standingsFrozen } from './schedule.ts'

const window = {
	startsAt: new Date('2026-12-01T18:00:00Z'),
	endsAt: new Date('2026-12-08T18:00:00Z'),
}
const t = (iso: string) => new Date(iso)
const check = (key: string, iso: string | null) => ({
	key,
	lastCheckedAt: iso === null ? null : t(iso),
})

describe('competitionStatus', () => {
	test('upcoming before the start, ongoing from the start, finished from the end', () => {
		expect(competitionStatus(window, t('2026-12-01T17:59:59Z'))).toBe('upcoming')
		expect(competitionStatus(window, window.startsAt)).toBe('ongoing')
		expect(competitionStatus(window, t('2026-12-08T17:59:59Z'))).toBe('ongoing')
		expect(competitionStatus(window, window.endsAt)).toBe('finished')
	})
})

describe('planUpdates', () => {
	test('before the start nothing is due; look again at the start', () => {
		expect(planUpdates(window, [check('a', '2026-12-01T12:00:00Z')], t('2026-12-01T17:00:00Z'))).toEqual({
			due: [],
			nextAt: window.startsAt,
			frozen: false,
		})
	})

	test('at the start everyone not checked since the start is in the start round', () => {
		const plan = planUpdates(
			window,
			[check('a', '2026-12-01T17:59:00Z'), check('b', null), check('c', '2026-12-01T18:00:00Z')],
			t('2026-12-01T18:00:00Z'),
		)
		expect(plan.due).toEqual([
			{ key: 'a', round: 'start' },
			{ key: 'b', round: 'start' },
		])
		expect(plan.nextAt).toEqual(t('2026-12-02T00:00:00Z'))
	})

	test('while it runs, a check 6 hours old is due; the next look is the earliest 6-hour mark', () => {
		const plan = planUpdates(
			window,
			[check('a', '2026-12-03T00:00:00Z'), check('b', '2026-12-03T02:00:00Z'), check('c', '2026-12-03T04:00:00Z')],
			t('2026-12-03T06:00:00Z'),
		)
		expect(plan.due).toEqual([{ key: 'a', round: 'running' }])
		expect(plan.nextAt).toEqual(t('2026-12-03T08:00:00Z'))
	})

	test('the next look is never after the end', () => {
		const plan = planUpdates(window, [check('a', '2026-12-08T15:00:00Z')], t('2026-12-08T16:00:00Z'))
		expect(plan).toEqual({ due: [], nextAt: window.endsAt, frozen: false })
	})

	test('after the end, everyone not checked since the end is in the final round', () => {
		const plan = planUpdates(window, [check('a', '2026-12-08T17:00:00Z'), check('b', '2026-12-08T18:05:00Z')], t('2026-12-08T18:10:00Z'))
		expect(plan).toEqual({
			due: [{ key: 'a', round: 'final' }],
			nextAt: t('2026-12-08T19:00:00Z'),
			frozen: false,
		})
	})

	test('frozen once the final round is done', () => {
		const done = [check('a', '2026-12-08T18:02:00Z'), check('b', '2026-12-08T18:05:00Z')]
		expect(standingsFrozen(window, done, t('2026-12-08T18:06:00Z'))).toBe(true)
		expect(planUpdates(window, done, t('2026-12-08T18:06:00Z'))).toEqual({
			due: [],
			nextAt: null,
			frozen: true,
		})
	})

	test('frozen one hour after the end even if someone was never checked', () => {
		const stuck = [check('a', '2026-12-08T18:02:00Z'), check('private', '2026-12-05T00:00:00Z')]
		expect(standingsFrozen(window, stuck, t('2026-12-08T18:59:59Z'))).toBe(false)
		expect(standingsFrozen(window, stuck, t('2026-12-08T19:00:00Z'))).toBe(true)
		expect(planUpdates(window, stuck, t('2026-12-08T19:00:00Z')).due).toEqual([])
	})

	test('never frozen before the end, even with everyone just checked', () => {
		expect(standingsFrozen(window, [check('a', '2026-12-08T17:59:00Z')], t('2026-12-08T17:59:30Z'))).toBe(false)
	})
})

describe('competitionEventsDue', () => {
	test('each announcement only in its own span', () => {
		expect(competitionEventsDue(window, t('2026-11-30T17:59:00Z'), false)).toEqual([])
		expect(competitionEventsDue(window, t('2026-11-30T18:00:00Z'), false)).toEqual(['starting-soon'])
		expect(competitionEventsDue(window, t('2026-12-01T18:00:00Z'), false)).toEqual(['started'])
		expect(competitionEventsDue(window, t('2026-12-08T16:59:59Z'), false)).toEqual(['started'])
		// A worker late for "started" still sends it in the last hour, beside "ending in 1 h".
		expect(competitionEventsDue(window, t('2026-12-08T17:00:00Z'), false)).toEqual(['started', 'ending-soon'])
		expect(competitionEventsDue(window, t('2026-12-08T18:30:00Z'), false)).toEqual([])
		expect(competitionEventsDue(window, t('2026-12-08T18:30:00Z'), true)).toEqual(['finished'])
		expect(competitionEventsDue(window, t('2026-12-09T18:00:00Z'), true)).toEqual([])
	})

	test('a competition of an hour or less gets no "ending in 1 h"', () => {
		const short = { startsAt: t('2026-12-01T18:00:00Z'), endsAt: t('2026-12-01T19:00:00Z') }
		expect(competitionEventsDue(short, t('2026-12-01T18:00:00Z'), false)).toEqual(['started'])
		expect(competitionEventsDue(short, t('2026-12-01T18:59:00Z'), false)).toEqual(['started'])
	})
})
