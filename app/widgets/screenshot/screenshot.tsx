import { useEffect, useRef, useState } from 'react'
import { track } from '#app/lib/analytics.ts'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { ScreenshotProps } from './screenshot.schema.ts'

/** Stops the page behind an overlay from scrolling; returns the undo. */
function lockScroll(): () => void {
	const root = document.documentElement
	const { overflow, paddingRight } = root.style
	// Keep the width the scrollbar took, so the page does not jump sideways.
	const scrollbar = window.innerWidth - root.clientWidth
	root.style.overflow = 'hidden'
	if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`
	return () => {
		root.style.overflow = overflow
		root.style.paddingRight = paddingRight
	}
}

/** A markdown image: lazy-loaded, its space reserved, with a magnifier that opens it full size. */
export default function Screenshot({ src, alt, width, height, caption, full }: ScreenshotProps) {
	const hydrated = useHydrated()
	const [open, setOpen] = useState(false)
	const buttonRef = useRef<HTMLButtonElement>(null)
	const label = `Enlarge image: ${alt}`

	const openViewer = () => {
		setOpen(true)
		track('magnifier_button_clicked', {
			image_src: src,
			image_alt: alt,
			page_path: window.location.pathname,
			aria_label: label,
		})
	}
	const closeViewer = () => {
		setOpen(false)
		buttonRef.current?.focus()
	}

	return (
		<figure className="not-prose my-6" data-screenshot="" data-hydrated={hydrated ? '' : undefined}>
			<div className="group relative w-fit max-w-full overflow-hidden rounded-lg border border-line bg-sunken">
				<img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" className="block h-auto max-w-full" />
				<button
					ref={buttonRef}
					type="button"
					aria-label={label}
					aria-haspopup="dialog"
					onClick={openViewer}
					className="js-only absolute top-2 right-2 flex size-9 items-center justify-center rounded-full bg-accent text-accent-fg shadow-[0_1px_6px_rgb(0_0_0/0.45)] ring-2 ring-bg/70 transition hover:scale-110 focus-visible:opacity-100 sm:opacity-85 sm:group-hover:opacity-100"
				>
					<svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
						<circle cx="10.5" cy="10.5" r="6.5" />
						<path d="m20 20-4.8-4.8M10.5 7.5v6M7.5 10.5h6" strokeLinecap="round" />
					</svg>
				</button>
			</div>
			{caption ? <figcaption className="mt-2 text-sm text-muted">{caption}</figcaption> : null}
			{open ? <Viewer src={full ?? src} alt={alt} onClose={closeViewer} /> : null}
		</figure>
	)
}

/** The full-size image in a modal dialog: closes on any click or Escape. */
function Viewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
	const dialogRef = useRef<HTMLDialogElement>(null)
	const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')
	// Drawings scale up to fill the screen; photos and screenshots stay at most their real size.
	const vector = /\.svg$/i.test(src.split(/[?#]/)[0] ?? '')

	useEffect(() => {
		const dialog = dialogRef.current
		if (!dialog) return
		dialog.showModal()
		dialog.querySelector('button')?.focus()
		const unlock = lockScroll()
		return () => {
			unlock()
			if (dialog.open) dialog.close()
		}
	}, [])

	return (
		<dialog
			ref={dialogRef}
			aria-label={`${alt} (full size)`}
			onClose={onClose}
			onClick={() => dialogRef.current?.close()}
			className="fixed inset-0 m-0 hidden h-dvh max-h-none w-dvw max-w-none cursor-zoom-out items-center justify-center bg-transparent p-4 text-white backdrop:bg-black/85 open:flex sm:p-8"
		>
			<button
				type="button"
				aria-label="Close"
				className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full bg-black/60 text-white ring-1 ring-white/30 hover:bg-black/80"
			>
				<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
					<path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
				</svg>
			</button>
			{state !== 'loaded' ? (
				<p role="status" className="absolute inset-x-0 top-1/2 -translate-y-1/2 text-center text-sm font-medium">
					{state === 'failed' ? 'The full-size image could not be loaded.' : 'Loading full resolution...'}
				</p>
			) : null}
			<img
				src={src}
				alt={alt}
				onLoad={() => setState('loaded')}
				onError={() => setState('failed')}
				className={`object-contain ${vector ? 'size-full' : 'max-h-full max-w-full'} ${state === 'loaded' ? '' : 'invisible'}`}
			/>
		</dialog>
	)
}
