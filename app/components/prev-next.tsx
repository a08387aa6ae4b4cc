import { Link } from 'react-router'

type PageLink = { path: string; label: string } | null

export function PrevNext({ prev, next }: { prev: PageLink; next: PageLink }) {
	if (!prev && !next) return null
	return (
		<nav aria-label="Previous and next page" className="mt-14 grid max-w-3xl gap-4 border-t border-line pt-6 sm:grid-cols-2">
			{prev ? (
				<Link to={prev.path} prefetch="intent" rel="prev" className="group rounded-lg border border-line p-4 hover:border-accent">
					<span className="text-xs text-muted uppercase">Previous</span>
					<span className="mt-1 block font-semibold group-hover:text-accent">← {prev.label}</span>
				</Link>
			) : (
				<span />
			)}
			{next ? (
				<Link
					to={next.path}
					prefetch="intent"
					rel="next"
					className="group rounded-lg border border-line p-4 text-right hover:border-accent"
				>
					<span className="text-xs text-muted uppercase">Next</span>
					<span className="mt-1 block font-semibold group-hover:text-accent">{next.label} →</span>
				</Link>
			) : null}
		</nav>
	)
}
