import { expect, test } from 'vitest'
import { type GameEvent, gameEventSchema } from './events.schema.ts'
import { endOf, heroState, startOf, timelineProblems } from './timeline.ts'

const event = (name: string, start: string, end?: string): GameEvent => ({
	name,
	kind: 'league',
	start,
	...(end ? { end } : {}),
	link: '/leagues',
	description: 'A test event.',
	sources: ['https://example.com/news'],
})

test('a plain start date is 00:00 UTC; a plain end date includes the whole day', () => {
	const e = event('L', '2025-09-15', '2025-11-10')
	expect(new Date(startOf(e)).toISOString()).toBe('2025-09-15T00:00:00.000Z')
	expect(new Date(endOf(e)!).toISOString()).toBe('2025-11-11T00:00:00.000Z')
	const timed = event('T', '2026-01-07T12:00:00+01:00', '2026-01-08T12:00:00Z')
	expect(new Date(startOf(timed)).toISOString()).toBe('2026-01-07T11:00:00.000Z')
	expect(new Date(endOf(timed)!).toISOString()).toBe('2026-01-08T12:00:00.000Z')
	expect(endOf(event('Moment', '2026-08-10'))).toBeUndefined()
})

test('the schema wants a zone on date-times, a source and a site path or https link', () => {
	expect(gameEventSchema.safeParse(event('L', '2026-01-07T12:00:00Z')).success).toBe(true)
	expect(gameEventSchema.safeParse(event('L', '2026-01-07 12:00')).success).toBe(false)
	expect(gameEventSchema.safeParse({ ...event('L', '2026-01-07'), sources: [] }).success).toBe(false)
	expect(gameEventSchema.safeParse({ ...event('L', '2026-01-07'), link: 'http://x.test' }).success).toBe(false)
	expect(gameEventSchema.safeParse({ ...event('L', '2026-01-07'), kind: 'party' }).success).toBe(false)
})

test('inverted dates are a problem, and so is an event that ends the moment it starts', () => {
	expect(timelineProblems([event('Backwards', '2026-03-10', '2026-03-01')])).toEqual([
		'"Backwards": ends (2026-03-01) before it starts (2026-03-10)',
	])
	expect(timelineProblems([event('Zero', '2026-03-10T10:00:00Z', '2026-03-10T10:00:00Z')])).toHaveLength(1)
	// A plain end date includes its day, so a one-day event is fine.
	expect(timelineProblems([event('One day', '2026-03-10', '2026-03-10')])).toEqual([])
})

test('overlapping events are a problem, touching ones are not', () => {
	const a = event('A', '2026-01-01', '2026-01-31')
	expect(timelineProblems([a, event('B', '2026-02-01', '2026-02-10')])).toEqual([])
	expect(timelineProblems([event('B', '2026-01-20', '2026-02-10'), a])).toEqual([
		'"B" (from 2026-01-20) overlaps "A" (2026-01-01 to 2026-01-31)',
	])
	// A moment inside a long event, and two events starting together.
	expect(timelineProblems([a, event('Launch', '2026-01-15')])).toHaveLength(1)
	expect(timelineProblems([event('X', '2026-05-01'), event('Y', '2026-05-01')])).toHaveLength(1)
	// An overlap with an earlier, longer event is found past a shorter one in between.
	const long = event('Long', '2026-06-01', '2026-06-30')
	expect(timelineProblems([long, event('Short', '2026-06-02', '2026-06-03'), event('Late', '2026-06-20', '2026-07-05')])).toHaveLength(2)
})

test('the hero counts down to the next event, shows a running one as live, else the introduction', () => {
	const catalyst = event('Catalyst', '2025-09-15', '2025-11-10')
	const launch = event('Launch', '2026-08-10T11:00:00Z')
	const events = [launch, catalyst]
	const at = (iso: string) => heroState(events, Date.parse(iso))

	expect(at('2025-09-01T00:00:00Z')).toEqual({
		kind: 'countdown',
		event: catalyst,
		target: Date.parse('2025-09-15T00:00:00Z'),
	})
	// From the first millisecond it runs until the end of its last day.
	expect(at('2025-09-15T00:00:00Z')).toEqual({
		kind: 'live',
		event: catalyst,
		target: Date.parse('2025-11-11T00:00:00Z'),
	})
	expect(at('2025-11-10T23:59:59Z').kind).toBe('live')
	expect(at('2025-11-11T00:00:00Z')).toEqual({
		kind: 'countdown',
		event: launch,
		target: Date.parse('2026-08-10T11:00:00Z'),
	})
	// A moment has no "live" time: once it starts, nothing is left to show.
	expect(at('2026-08-10T11:00:00Z')).toEqual({ kind: 'intro' })
	expect(at('2026-11-23T12:00:00Z')).toEqual({ kind: 'intro' })
	expect(heroState([], Date.parse('2026-11-23T12:00:00Z'))).toEqual({ kind: 'intro' })
})
