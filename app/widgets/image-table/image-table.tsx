import { type PointerEvent, useReducer } from 'react'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { ImageTableProps } from './image-table.schema.ts'
import { baseImage, imageTableReducer, shownRow } from './image-table-state.ts'

/**
 * Rows that preview an image: hover (or focus) a row to see it, click or tap to keep it shown,
 * click the kept row again to let go. Every image is in the page, stacked, so switching is instant.
 */
export default function ImageTable({ base, alt, width, height, rows }: ImageTableProps) {
	const hydrated = useHydrated()
	const [state, dispatch] = useReducer(imageTableReducer, {})
	const row = shownRow(rows, state)
	const baseSrc = baseImage(base, rows)
	const shownSrc = row?.hoverImage ?? baseSrc
	const images = [...new Set([baseSrc, ...rows.map((r) => r.hoverImage)])]
	const baseAlt = alt ?? rows[0]?.name ?? ''

	// Touch and pen "hover" only happens as part of a tap: the tap's click locks the row instead.
	const fromMouse = (event: PointerEvent) => event.pointerType === 'mouse'

	return (
		<div
			className="not-prose my-6 flex flex-col-reverse gap-4 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.15fr)] md:items-start"
			data-image-table=""
			data-hydrated={hydrated ? '' : undefined}
		>
			<ul className="m-0 flex list-none flex-col gap-1.5 p-0">
				{rows.map((r) => {
					const locked = state.locked === r.id
					const shown = row?.id === r.id
					// A row is a button only once it works: until hydration (and without JavaScript) it is text.
					const Row = hydrated ? 'button' : 'div'
					const controls = hydrated
						? {
								type: 'button' as const,
								'aria-pressed': locked,
								onPointerEnter: (e: PointerEvent) => fromMouse(e) && dispatch({ type: 'hover', id: r.id }),
								onPointerLeave: (e: PointerEvent) => fromMouse(e) && dispatch({ type: 'leave', id: r.id }),
								onFocus: () => dispatch({ type: 'hover', id: r.id }),
								onBlur: () => dispatch({ type: 'leave', id: r.id }),
								onClick: () => dispatch({ type: 'click', id: r.id }),
							}
						: {}
					return (
						<li key={r.id} className="m-0">
							<Row
								{...controls}
								data-row={r.id}
								className={`flex w-full items-start gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors ${
									locked
										? 'border-accent bg-accent/15'
										: shown
											? 'border-accent/60 bg-sunken'
											: 'border-line bg-raised hover:border-accent/60'
								}`}
							>
								{r.icon ? <img src={r.icon} alt="" width={32} height={32} loading="lazy" className="mt-0.5 size-8 shrink-0" /> : null}
								<span className="min-w-0 flex-1">
									<span className="flex items-center gap-2 font-semibold">
										{r.name}
										{locked ? (
											<svg viewBox="0 0 16 16" width="14" height="14" className="text-accent" aria-hidden="true">
												<path
													d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2M3.5 7h9v7h-9z"
													fill="none"
													stroke="currentColor"
													strokeWidth="1.6"
													strokeLinejoin="round"
												/>
											</svg>
										) : null}
									</span>
									<span className="mt-0.5 block text-sm leading-snug text-muted">{r.description}</span>
								</span>
							</Row>
						</li>
					)
				})}
			</ul>
			{/* Sticky on phones too, so the preview stays in view while the reader taps rows below it. */}
			<figure className="sticky top-14 z-10 bg-bg pt-2 md:top-20 md:bg-transparent md:pt-0">
				<div className="relative overflow-hidden rounded-lg border border-line bg-sunken">
					{images.map((src, index) => {
						const visible = src === shownSrc
						return (
							<img
								key={src}
								src={src}
								alt={visible ? (row ? `${baseAlt}: ${row.name} highlighted` : baseAlt) : ''}
								aria-hidden={visible ? undefined : true}
								width={width}
								height={height}
								loading="lazy"
								decoding="async"
								data-shown={visible ? '' : undefined}
								className={`h-auto w-full transition-opacity duration-150 ${index === 0 ? 'block' : 'absolute inset-0 h-full object-contain'} ${
									visible ? 'opacity-100' : 'opacity-0'
								}`}
							/>
						)
					})}
				</div>
				<figcaption className="mt-2 min-h-5 text-sm text-muted" data-caption="">
					{state.locked !== undefined && row
						? `${row.name} is kept on screen. Click it again to let go.`
						: 'Hover over a row to preview it; click or tap a row to keep it on screen.'}
				</figcaption>
			</figure>
		</div>
	)
}
