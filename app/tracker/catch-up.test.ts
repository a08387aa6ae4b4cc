import { describe, expect, test } from 'vitest'
import { dayAfter, pagesSince, parseCatchUpQuery, questsSince, type SiteChanges, updateIsAfter, updatesSince } from './catch-up.ts'
import { utcDay } from './gain-periods.ts'

const update = (date: string, title: string, topics: string[] = []): SiteChanges['updates'][number] => ({
	date,
	title,
	href: `/guides/whats-changed#${title}`,
	topics,
})
const page = (path: string, verified: string, topics: string[] = []): SiteChanges['pages'][number] => ({
	path,
	title: path.slice(1),
	section: 'guides',
	verified,
	topics,
})

describe('UTC days', () => {
	test('a time late on the 26th in New York is already the 27th', () => {
		expect(utcDay('2026-11-26T23:30:00-05:00')).toBe('2026-11-27')
		expect(utcDay(Date.parse('2026-11-26T23:59:59.999Z'))).toBe('2026-11-26')
	})
	test('the day after crosses months, years and leap days', () => {
		expect(dayAfter('2026-01-31')).toBe('2026-02-01')
		expect(dayAfter('2026-12-31')).toBe('2027-01-01')
		expect(dayAfter('2028-02-28')).toBe('2028-02-29')
	})
})

describe('game updates since a visit', () => {
	test('after the day only: an update of the visit day itself is not news', () => {
		expect(updateIsAfter('2026-07-13', '2026-07-12')).toBe(true)
		expect(updateIsAfter('2026-07-13', '2026-07-13')).toBe(false)
		expect(updateIsAfter('2026-07-13', '2026-07-14')).toBe(false)
	})
	test('a month-only update counts for a visit earlier in that month or before, not after it', () => {
		expect(updateIsAfter('2026-07', '2026-06-30')).toBe(true)
		expect(updateIsAfter('2026-07', '2026-07-31')).toBe(true)
		expect(updateIsAfter('2026-07', '2026-08-01')).toBe(false)
	})
	test('biggest first (most things changed), then newest, and only those after the visit', () => {
		const updates = [
			update('2026-08-10', 'Leagues', ['area:leagues']),
			update('2026-07-13', 'Housing', ['skill:construction', 'quest:home']),
			update('2026-07', 'Rebalance', ['skill:ranged', 'skill:fletching', 'gear:yew-bows']),
			update('2026-06-01', 'Amberfell', ['quest:amberfell', 'area:amberfell']),
			update('2026-03-02', 'Combat', ['skill:attack', 'skill:strength', 'skill:magic', 'skill:ranged']),
		]
		expect(updatesSince(updates, '2026-05-31').map((u) => u.title)).toEqual(['Rebalance', 'Housing', 'Amberfell', 'Leagues'])
		expect(updatesSince(updates, '2026-08-10')).toEqual([])
		expect(updatesSince(updates, '2025-01-01')[0]).toEqual({ date: '2026-03-02', title: 'Combat', href: '/guides/whats-changed#Combat' })
	})
})

describe('guide pages since a visit', () => {
	const updates = [update('2026-08-10', 'Leagues', ['area:leagues']), update('2026-07', 'Rebalance', ['skill:ranged', 'gear:yew-bows'])]
	const pages = [
		page('/setup/intro', '2026-11-23'),
		page('/guides/gear-progression', '2026-11-21', ['gear:yew-bows', 'area:leagues']),
		page('/getting-started/ranged', '2026-11-21', ['skill:ranged']),
		page('/guides/day-one', '2026-11-26'),
		page('/leagues/relics', '2026-06-01', ['area:leagues']),
	]
	test('only pages verified after the day, rechecked-after-an-update first, then newest', () => {
		expect(pagesSince(pages, updates, '2026-06-15').map((p) => [p.path, p.because])).toEqual([
			['/guides/gear-progression', ['Leagues', 'Rebalance']],
			['/getting-started/ranged', ['Rebalance']],
			['/guides/day-one', []],
			['/setup/intro', []],
		])
	})
	test('a page verified on the visit day is not news; an update before the visit is no reason', () => {
		expect(pagesSince(pages, updates, '2026-11-23').map((p) => p.path)).toEqual(['/guides/day-one'])
		expect(pagesSince(pages, updates, '2026-09-01').find((p) => p.path === '/guides/gear-progression')?.because).toEqual([])
	})
	test('an update after the page was verified is not why the page changed', () => {
		const later = [update('2026-11-25', 'Late', ['skill:ranged'])]
		expect(pagesSince(pages, later, '2026-11-01').find((p) => p.path === '/getting-started/ranged')?.because).toEqual([])
	})
})

describe('quests since a visit', () => {
	const quests = [
		{ title: 'Late', completedAt: '2026-11-24T00:00:00.000Z' },
		{ title: 'Visit day', completedAt: '2026-11-23T23:59:59.999Z' },
		{ title: 'Before tracking', completedAt: null },
		{ title: 'Later still', completedAt: '2026-11-25T08:00:00.000Z' },
		{ title: 'Grandmaster', completedAt: '2026-11-24T06:00:00.000Z' },
	]
	const info = (title: string) =>
		title === 'Grandmaster'
			? { path: '/quests/grandmaster', questPoints: 4 }
			: title === 'Late'
				? { path: '/quests/late', questPoints: 1 }
				: undefined
	test('completed after the end of the visit day (UTC), most quest points first, then newest; undated ones never', () => {
		expect(questsSince(quests, '2026-11-23', info).map((q) => q.title)).toEqual(['Grandmaster', 'Late', 'Later still'])
		expect(questsSince(quests, '2026-11-22', info).map((q) => q.title)).toEqual(['Grandmaster', 'Late', 'Later still', 'Visit day'])
	})
	test('a quest the catalogue does not list still counts, without a link', () => {
		expect(questsSince(quests, '2026-11-24', info)).toEqual([
			{ title: 'Later still', completedAt: '2026-11-25T08:00:00.000Z', questPoints: 0, path: null },
		])
	})
})

describe('?since=', () => {
	const parse = (query: string) => parseCatchUpQuery(new URLSearchParams(query), '2026-11-26')
	test('absent or empty: the server chooses; a day up to today is taken', () => {
		expect(parse('')).toEqual({ ok: true, value: { since: null } })
		expect(parse('since=')).toEqual({ ok: true, value: { since: null } })
		expect(parse('since=2026-11-26')).toEqual({ ok: true, value: { since: '2026-11-26' } })
	})
	test('not a day, a day that does not exist, a future day or twice: named', () => {
		for (const query of [
			'since=yesterday',
			'since=2026-02-30',
			'since=2026-11-27',
			'since=1999-12-31',
			'since=0000-01-01',
			'since=2026-01-01&since=2026-01-02',
		]) {
			const result = parse(query)
			expect(result.ok).toBe(false)
			if (!result.ok) expect(result.parameter).toBe('since')
		}
		expect(parse('since=2026-11-27')).toMatchObject({ message: 'since (2026-11-27) must not be after today (2026-11-26, UTC)' })
	})
})
