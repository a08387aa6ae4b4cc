/** Images per gallery page: a full grid at 2, 3 and 4 columns. */
export const GALLERY_PAGE_SIZE = 12

export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: 'start' | 'end' }

export function pageCount(total: number, pageSize: number): number {
	return total > 0 ? Math.ceil(total / pageSize) : 0
}

/**
 * The page links to show: a window of up to `size` numbers around the current page, plus the
 * first and last pages with a gap marker when numbers are skipped.
 * `(5, 10)` → 1 … 3 4 5 6 7 … 10.
 */
export function paginationWindow(current: number, totalPages: number, size = 5): PageItem[] {
	if (totalPages <= 0) return []
	const page = Math.min(Math.max(1, current), totalPages)
	const width = Math.min(size, totalPages)
	let start = Math.max(1, page - Math.floor((width - 1) / 2))
	const end = Math.min(totalPages, start + width - 1)
	start = Math.max(1, end - width + 1)

	const items: PageItem[] = []
	if (start > 1) {
		items.push({ type: 'page', page: 1 })
		if (start > 2) items.push({ type: 'gap', key: 'start' })
	}
	for (let n = start; n <= end; n++) items.push({ type: 'page', page: n })
	if (end < totalPages) {
		if (end < totalPages - 1) items.push({ type: 'gap', key: 'end' })
		items.push({ type: 'page', page: totalPages })
	}
	return items
}

/** `Showing from - to of total`: 1-based positions of the images on this page (0 - 0 if none). */
export function showingRange(page: number, pageSize: number, shown: number, total: number) {
	if (shown <= 0 || total <= 0) return { from: 0, to: 0 }
	const from = (page - 1) * pageSize + 1
	return { from, to: Math.min(total, from + shown - 1) }
}

const MAX_PAGE = 1_000_000

/** `?page=`: missing → 1; a whole number from 1 → that page; anything else → null (invalid). */
export function parsePageParam(value: string | null): number | null {
	if (value === null || value === '') return 1
	if (!/^\d{1,7}$/.test(value)) return null
	const page = Number(value)
	return page >= 1 && page <= MAX_PAGE ? page : null
}
