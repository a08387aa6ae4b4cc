import { type KeyboardEvent, type MouseEvent, useId, useState } from 'react'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import { formatPercent, type MarkerPosition, markerFromPointer, moveMarker, PIN_SIZE } from './marker-position.ts'
import type { WorldMapProps } from './world-map.schema.ts'

/** A map image where a double-click drops a marker and shows where it is. */
export default function WorldMap({ src, alt, width, height }: WorldMapProps) {
	const hydrated = useHydrated()
	const [marker, setMarker] = useState<MarkerPosition>()
	const helpId = useId()

	const onDoubleClick = (event: MouseEvent<HTMLDivElement>) => {
		const next = markerFromPointer(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect())
		if (next) setMarker(next)
	}

	const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
		if (event.target !== event.currentTarget) return
		if (event.key === 'Enter' || event.key === ' ') {
			event.preventDefault()
			if (!marker) setMarker({ x: 50, y: 50 })
			return
		}
		if ((event.key === 'Escape' || event.key === 'Delete' || event.key === 'Backspace') && marker) {
			event.preventDefault()
			setMarker(undefined)
			return
		}
		const moved = marker && moveMarker(marker, event.key, event.shiftKey)
		if (moved) {
			event.preventDefault()
			setMarker(moved)
		}
	}

	return (
		<figure className="not-prose my-6" data-world-map="" data-hydrated={hydrated ? '' : undefined}>
			<div
				role="group"
				aria-label={`${alt}. Interactive map`}
				aria-describedby={helpId}
				tabIndex={0}
				onDoubleClick={onDoubleClick}
				onKeyDown={onKeyDown}
				className="relative cursor-crosshair [touch-action:manipulation] overflow-hidden rounded-lg border border-line bg-sunken select-none [-webkit-tap-highlight-color:transparent]"
				data-map-area=""
			>
				<img
					src={src}
					alt={alt}
					width={width}
					height={height}
					loading="lazy"
					decoding="async"
					draggable={false}
					className="block h-auto w-full"
				/>
				{marker ? (
					<svg
						viewBox="0 0 24 32"
						width={(PIN_SIZE * 3) / 4}
						height={PIN_SIZE}
						aria-hidden="true"
						data-marker=""
						className="pointer-events-none absolute -translate-x-1/2 -translate-y-full drop-shadow-[0_2px_2px_rgb(0_0_0/0.5)]"
						style={{ left: `${marker.x}%`, top: `${marker.y}%` }}
					>
						<path d="M12 31C12 31 2 19.5 2 11.5a10 10 0 0 1 20 0C22 19.5 12 31 12 31z" fill="var(--bad)" stroke="#fff" strokeWidth="1.5" />
						<circle cx="12" cy="11.5" r="3.8" fill="#fff" />
					</svg>
				) : null}
			</div>
			<figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
				<span aria-live="polite" data-coordinates="" className="font-medium text-fg tabular-nums">
					{marker ? `Marker at ${formatPercent(marker.x)} across, ${formatPercent(marker.y)} down` : 'No marker yet'}
				</span>
				<span id={helpId}>Double-click the map to drop a marker. With the keyboard: Enter places one, the arrow keys move it.</span>
				{marker ? (
					<button type="button" onClick={() => setMarker(undefined)} className="text-link underline">
						Remove marker
					</button>
				) : null}
			</figcaption>
		</figure>
	)
}
