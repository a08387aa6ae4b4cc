import { Link } from 'react-router'

type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: string }

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

/** Given page numbers in order, with a gap marker where numbers are skipped. */
function withGaps(pages: readonly number[]): PageItem[] {
	return pages.flatMap((page, i): PageItem[] =>
		i > 0 && page - pages[i - 1]! > 1
			? [
					{ type: 'gap', key: `before-${page}` },
					{ type: 'page', page },
				]
			: [{ type: 'page', page }],
	)
}

const step = 'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md border px-2.5 text-sm font-semibold'
const idle = `${step} border-line bg-raised text-link hover:border-accent`
const current = `${step} border-accent bg-accent text-accent-fg`

/**
 * Page links for a list split into pages: a list of links in a named navigation region, the
 * current page marked `aria-current`, each number named `Page N`, and Previous / Next only where
 * there is such a page. Nothing for a single page.
 */
export function Pagination({
	page,
	totalPages,
	href,
	label,
	className,
	pages,
}: {
	page: number
	totalPages: number
	href: (page: number) => string
	/**
	 * The only pages that can be linked, in order (a list paged by where each page starts knows the
	 * start of a few pages only); without it, a window around `page` and the first and last.
	 */
	pages?: readonly number[]
	/** The navigation region's name, e.g. `Report pages`. */
	label: string
	className?: string
}) {
	if (totalPages <= 1) return null
	const items = pages ? withGaps(pages) : paginationWindow(page, totalPages)
	const linked = (n: number) => (pages ? pages.includes(n) : n >= 1 && n <= totalPages)
	return (
		<nav aria-label={label} className={className} data-pages="">
			<ul className="flex flex-wrap items-center justify-center gap-1.5">
				{linked(page - 1) ? (
					<li>
						<Link to={href(page - 1)} rel="prev" aria-label="Previous page" className={idle}>
							<span aria-hidden="true">‹</span> Previous
						</Link>
					</li>
				) : null}
				{items.map((item) =>
					item.type === 'gap' ? (
						<li key={item.key} className="px-1 text-muted" aria-hidden="true">
							…
						</li>
					) : (
						<li key={item.page}>
							<Link
								to={href(item.page)}
								aria-label={`Page ${item.page}`}
								aria-current={item.page === page ? 'page' : undefined}
								className={item.page === page ? current : idle}
							>
								{item.page}
							</Link>
						</li>
					),
				)}
				{linked(page + 1) ? (
					<li>
						<Link to={href(page + 1)} rel="next" aria-label="Next page" className={idle}>
							Next <span aria-hidden="true">›</span>
						</Link>
					</li>
				) : null}
			</ul>
		</nav>
	)
}
