import { expect, test } from 'vitest'
import { parseQuery } from '#app/lib/query-params.ts'
import { GROUP_PAGE_SIZE, groupPageHref, groupPagesSchema, pageOf } from './group-page.ts'

const rows = Array.from({ length: 250 }, (_, i) => i + 1)

test('pages of 50 rows (here 100) with "showing first–last of total"; past the last page, the last; an empty list, one empty page', () => {
	expect(GROUP_PAGE_SIZE).toBe(50)
	expect(pageOf(rows, 2)).toMatchObject({ page: 2, pages: 5, first: 51, last: 100 })
	const first = pageOf(rows, 1, 100)
	expect({ ...first, rows: [first.rows[0], first.rows.at(-1), first.rows.length] }).toEqual({
		page: 1,
		pages: 3,
		total: 250,
		first: 1,
		last: 100,
		rows: [1, 100, 100],
	})
	expect(pageOf(rows, 3, 100)).toMatchObject({ page: 3, first: 201, last: 250, rows: rows.slice(200) })
	expect(pageOf(rows, 99, 100)).toMatchObject({ page: 3, first: 201, last: 250 })
	expect(pageOf(rows.slice(0, 100), 2, 100)).toMatchObject({ page: 1, pages: 1, first: 1, last: 100 })
	expect(pageOf([], 4, 100)).toEqual({ page: 1, pages: 1, total: 0, first: 0, last: 0, rows: [] })
})

test('?page= and ?gainsPage= are whole numbers from 1, 1 when absent or empty; anything else is named', () => {
	const parse = (query: string) => parseQuery(groupPagesSchema, new URLSearchParams(query), { ignoreUnknown: true })
	expect(parse('')).toEqual({ ok: true, value: { page: 1, gainsPage: 1 } })
	expect(parse('page=&gainsPage=')).toEqual({ ok: true, value: { page: 1, gainsPage: 1 } })
	expect(parse('page=3&gainsPage=12&sort=attack')).toEqual({ ok: true, value: { page: 3, gainsPage: 12 } })
	expect(parse('page=0')).toMatchObject({ ok: false, parameter: 'page', message: 'page must be a whole number from 1' })
	for (const bad of ['-1', '1.5', 'two', '1e3', '9999999999'])
		expect(parse(`gainsPage=${bad}`)).toMatchObject({ ok: false, parameter: 'gainsPage' })
	expect(parse('page=1&page=2')).toMatchObject({ ok: false, parameter: 'page' })
})

test("a page's link keeps the period or the range and the sort, and names only pages past the first", () => {
	expect(groupPageHref({ period: 'month', sort: 'attack' }, { page: 2, gainsPage: 1 }, 'members')).toBe(
		'?period=month&sort=attack&page=2#members',
	)
	expect(groupPageHref({ from: '2026-01-01', to: '2026-01-31', sort: 'overall' }, { page: 1, gainsPage: 3 }, 'gains')).toBe(
		'?from=2026-01-01&to=2026-01-31&sort=overall&gainsPage=3#gains',
	)
})
