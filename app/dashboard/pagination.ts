/** Images per gallery page: a full grid at 2, 3 and 4 columns. */
export const GALLERY_PAGE_SIZE = 12

export function pageCount(total: number, pageSize: number): number {
	return total > 0 ? Math.ceil(total / pageSize) : 0
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
