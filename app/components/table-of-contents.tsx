import { useEffect, useState } from 'react'
import type { Heading } from '#app/lib/content/page-types.ts'

/** 'On this page', on wide screens, with the section in view highlighted. */
export function TableOfContents({ headings }: { headings: Heading[] }) {
	const [active, setActive] = useState<string | undefined>(undefined)
	useEffect(() => {
		const elements = headings.map((h) => document.getElementById(h.id)).filter((e): e is HTMLElement => e !== null)
		const observer = new IntersectionObserver(
			(entries) => {
				const visible = entries.filter((e) => e.isIntersecting)
				if (visible[0]) setActive(visible[0].target.id)
			},
			{ rootMargin: '-64px 0px -70% 0px' },
		)
		for (const element of elements) observer.observe(element)
		return () => observer.disconnect()
	}, [headings])

	if (headings.length < 2) return null
	return (
		<nav
			aria-labelledby="toc-heading"
			className="sticky top-14 hidden h-[calc(100dvh-3.5rem)] w-60 shrink-0 overflow-y-auto py-8 pr-4 xl:block"
		>
			<h2 id="toc-heading" className="text-xs font-semibold tracking-wider text-muted uppercase">
				On this page
			</h2>
			<ul className="mt-3 space-y-1.5 text-sm">
				{headings.map((h) => (
					<li key={h.id} className={h.depth === 3 ? 'pl-3' : ''}>
						<a
							href={`#${h.id}`}
							aria-current={active === h.id ? 'location' : undefined}
							className={active === h.id ? 'font-medium text-accent' : 'text-muted hover:text-fg'}
						>
							{h.text}
						</a>
					</li>
				))}
			</ul>
		</nav>
	)
}
