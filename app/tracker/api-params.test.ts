import { expect, test } from 'vitest'
import { parseBoardQuery, parseGainsQuery, parseSnapshotsQuery } from './api-params.ts'

const gains = (query: string) => parseGainsQuery(new URLSearchParams(query))
const snapshots = (query: string) => parseSnapshotsQuery(new URLSearchParams(query))

test('gains: a period, a range, or the last week by default', () => {
	expect(gains('period=day')).toEqual({ ok: true, value: { period: 'day' } })
	expect(gains('period=year')).toEqual({ ok: true, value: { period: 'year' } })
	expect(gains('')).toEqual({ ok: true, value: { period: 'week' } })
	expect(gains('from=2026-01-01&to=2026-11-26')).toEqual({
		ok: true,
		value: { from: '2026-01-01', to: '2026-11-26' },
	})
	// A plain form sends empty fields.
	expect(gains('period=month&from=&to=')).toEqual({ ok: true, value: { period: 'month' } })
	expect(gains('from=2026-02-01&to=2026-02-01').ok).toBe(true)
})

test('gains: each error names its parameter', () => {
	expect(gains('period=fortnight')).toEqual({
		ok: false,
		parameter: 'period',
		message: 'period must be one of day, week, month, year',
	})
	expect(gains('from=26/11/2026&to=2026-11-26')).toEqual({
		ok: false,
		parameter: 'from',
		message: 'from must be a date like 2026-11-26',
	})
	expect(gains('from=2026-01-01&to=2026-02-30')).toMatchObject({
		parameter: 'to',
		message: 'to must be a date like 2026-11-26',
	})
	expect(gains('from=2026-01-01')).toMatchObject({
		parameter: 'to',
		message: expect.stringMatching(/^to is missing/),
	})
	expect(gains('to=2026-01-01')).toMatchObject({ parameter: 'from' })
	expect(gains('from=2026-03-01&to=2026-01-01')).toMatchObject({
		parameter: 'from',
		message: expect.stringMatching(/^from .* must not be after to/),
	})
	expect(gains('period=day&from=2026-01-01&to=2026-01-02')).toMatchObject({
		parameter: 'period',
		message: expect.stringMatching(/^period cannot be combined/),
	})
	expect(gains('period=day&period=week')).toEqual({
		ok: false,
		parameter: 'period',
		message: 'period must be given once',
	})
})

test('snapshots: optional range and limit', () => {
	expect(snapshots('')).toEqual({ ok: true, value: { from: null, to: null, limit: 100 } })
	expect(snapshots('from=2026-01-01&limit=5')).toEqual({
		ok: true,
		value: { from: '2026-01-01', to: null, limit: 5 },
	})
	for (const bad of ['0', '-1', '1.5', 'ten', '1001', '1e3', '99999999999999999999']) {
		expect(snapshots(`limit=${bad}`)).toEqual({
			ok: false,
			parameter: 'limit',
			message: 'limit must be a whole number from 1 to 1000',
		})
	}
	expect(snapshots('limit=1000')).toMatchObject({ ok: true, value: { limit: 1000 } })
	expect(snapshots('to=yesterday')).toMatchObject({
		parameter: 'to',
		message: 'to must be a date like 2026-11-26',
	})
	expect(snapshots('from=2026-05-01&to=2026-04-01')).toMatchObject({ parameter: 'from' })
})

test('every date is bounded: from 2000-01-01 to tomorrow, else a 400 naming it', () => {
	const today = '2026-11-28'
	expect(parseGainsQuery(new URLSearchParams('from=0000-01-01&to=2026-01-01'), today)).toEqual({
		ok: false,
		parameter: 'from',
		message: 'from must be a day from 2000-01-01 to 2026-11-29',
	})
	expect(parseGainsQuery(new URLSearchParams('from=2026-01-01&to=2026-11-29'), today).ok).toBe(true)
	expect(parseGainsQuery(new URLSearchParams('from=2026-01-01&to=2026-11-30'), today)).toMatchObject({ parameter: 'to' })
	expect(parseSnapshotsQuery(new URLSearchParams('to=1999-12-31'), today)).toMatchObject({ parameter: 'to' })
	expect(parseBoardQuery(new URLSearchParams('date=9999-12-31'), today)).toMatchObject({ parameter: 'date' })
	expect(parseBoardQuery(new URLSearchParams('date=2000-01-01&skill=Attack&page=2'), today)).toEqual({
		ok: true,
		value: { period: 'week', skill: 'attack', page: 2, date: '2000-01-01', after: null },
	})
})

test('deep board pages are found by where they start (after=), shallow ones by their number', () => {
	const today = '2026-11-28'
	expect(parseBoardQuery(new URLSearchParams('page=10'), today)).toMatchObject({ ok: true, value: { page: 10, after: null } })
	expect(parseBoardQuery(new URLSearchParams('page=11'), today)).toMatchObject({ ok: false, parameter: 'page' })
	expect(parseBoardQuery(new URLSearchParams('page=11&after=1234567.89'), today)).toMatchObject({
		ok: true,
		value: { page: 11, after: '1234567.89' },
	})
	expect(parseBoardQuery(new URLSearchParams('after=1234567.89'), today)).toMatchObject({ ok: false, parameter: 'after' })
	expect(parseBoardQuery(new URLSearchParams('page=2&after=x'), today)).toMatchObject({ ok: false, parameter: 'after' })
})
