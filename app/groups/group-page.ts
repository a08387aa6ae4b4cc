/**
 * The group page's paging: its members (with the caps grid, in the same order) and its gains are
 * shown 50 rows a page (the page's render time grows with its rows: a clan of 500 on one page took
 * 5 times a small group's), `?page=` and `?gainsPage=`, links that work without JavaScript and keep
 * the gains' period and sort.
 */
import { z } from 'zod'
import { emptyAsAbsent } from '#app/lib/query-params.ts'
import type { GroupGainsQuery } from './group-gains.ts'

export const GROUP_PAGE_SIZE = 50

/** Which page of each table: from 1; past the last, the last. */
export type GroupPages = { page: number; gainsPage: number }

const pageNumber = (name: string) => {
	const error = `${name} must be a whole number from 1`
	return emptyAsAbsent(
		z
			.string()
			.regex(/^\d{1,9}$/, { error })
			.transform(Number)
			.pipe(z.number().min(1, { error })),
	)
}

/** `?page=` (the members and the caps grid) and `?gainsPage=`, 1 when absent. */
export const groupPagesSchema = z
	.object({ page: pageNumber('page'), gainsPage: pageNumber('gainsPage') })
	.transform(({ page = 1, gainsPage = 1 }): GroupPages => ({ page, gainsPage }))

/** One page of `rows`, the asked one or the last when it asks past it: its rows and "showing first–last of total". */
export type Paged<T> = { page: number; pages: number; total: number; first: number; last: number; rows: T[] }

export function pageOf<T>(rows: readonly T[], asked: number, size = GROUP_PAGE_SIZE): Paged<T> {
	const pages = Math.max(1, Math.ceil(rows.length / size))
	const page = Math.min(Math.max(1, asked), pages)
	const shown = rows.slice((page - 1) * size, page * size)
	return {
		page,
		pages,
		total: rows.length,
		first: shown.length > 0 ? (page - 1) * size + 1 : 0,
		last: (page - 1) * size + shown.length,
		rows: shown,
	}
}

/** The page's own URL (a query string and anchor) with the gains shown and the pages asked. */
export function groupPageHref(query: GroupGainsQuery, pages: GroupPages, anchor: string) {
	const params = new URLSearchParams('period' in query ? { period: query.period } : { from: query.from, to: query.to })
	params.set('sort', query.sort)
	if (pages.page > 1) params.set('page', String(pages.page))
	if (pages.gainsPage > 1) params.set('gainsPage', String(pages.gainsPage))
	return `?${params}#${anchor}`
}
