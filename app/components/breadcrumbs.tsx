import { Link } from 'react-router'

export function Breadcrumbs({ items }: { items: Array<{ path: string; label: string }> }) {
	return (
		<nav aria-label="Breadcrumb" className="text-sm text-muted">
			<ol className="flex flex-wrap items-center gap-1">
				<li>
					<Link to="/" className="hover:text-fg hover:underline">
						Home
					</Link>
				</li>
				{items.map((item, i) => {
					const last = i === items.length - 1
					return (
						<li key={item.path} className="flex items-center gap-1">
							<span aria-hidden="true">/</span>
							{last ? (
								<span aria-current="page" className="text-fg">
									{item.label}
								</span>
							) : (
								<Link to={item.path} prefetch="intent" className="hover:text-fg hover:underline">
									{item.label}
								</Link>
							)}
						</li>
					)
				})}
			</ol>
		</nav>
	)
}
