import { useRef, useState } from 'react'
import { useHydrated } from '../use-hydrated.ts'
import type { VideoProps } from './video.schema.ts'
import { embedUrl, formatStart, watchUrl } from './video-url.ts'

/**
 * A YouTube video behind a click-to-load facade: nothing is requested from YouTube (not even a
 * thumbnail) until the reader presses play; then the privacy-enhanced player loads and starts.
 */
export default function Video({ id, title, start }: VideoProps) {
	const hydrated = useHydrated()
	const [playing, setPlaying] = useState(false)
	const frameRef = useRef<HTMLIFrameElement>(null)

	return (
		<figure className="not-prose my-6" data-video={id} data-hydrated={hydrated ? '' : undefined}>
			<div className="relative aspect-video w-full overflow-hidden rounded-lg border border-line bg-sunken">
				{playing ? (
					<iframe
						ref={frameRef}
						src={embedUrl(id, start)}
						title={title}
						className="absolute inset-0 size-full"
						allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
						referrerPolicy="strict-origin-when-cross-origin"
						allowFullScreen
						onLoad={() => frameRef.current?.focus()}
					/>
				) : (
					<button
						type="button"
						onClick={() => setPlaying(true)}
						aria-label={`Play video: ${title}`}
						className="group absolute inset-0 flex size-full flex-col items-center justify-center gap-4 p-6 text-center"
						style={{
							backgroundImage:
								'radial-gradient(circle at 30% 20%, rgb(229 180 84 / 0.22), transparent 55%), radial-gradient(circle at 80% 90%, rgb(229 180 84 / 0.12), transparent 50%), repeating-linear-gradient(135deg, transparent 0 22px, var(--grid) 22px 23px)',
						}}
					>
						<span className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-transform group-hover:scale-110 sm:size-20">
							<svg viewBox="0 0 24 24" width="32" height="32" fill="currentColor" aria-hidden="true">
								<path d="M8 5.5v13l11-6.5z" />
							</svg>
						</span>
						<span className="max-w-md text-base font-semibold text-fg sm:text-lg">{title}</span>
						<span className="text-xs text-muted">
							{start ? `Starts at ${formatStart(start)} · ` : ''}Plays from YouTube when you press play
						</span>
					</button>
				)}
			</div>
			<figcaption className="mt-2 text-sm text-muted">
				<a href={watchUrl(id, start)} target="_blank" rel="noopener noreferrer" className="text-link underline">
					Watch on YouTube
					<span className="sr-only"> (opens in a new tab)</span>
				</a>
			</figcaption>
		</figure>
	)
}
