import { useRef, useState } from 'react'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { TranscriptLine, VideoProps } from './video.schema.ts'
import { embedUrl, formatStart, watchUrl } from './video-url.ts'

/** What the build adds to a video file's props: its transcript lines and length, from the .vtt file. */
type Props = VideoProps & { lines?: TranscriptLine[]; duration?: number }

/**
 * A video behind a click-to-load facade. A YouTube video requests nothing from YouTube (not even a
 * thumbnail) until the reader presses play; a video file of ours shows its poster and loads only
 * then. A file's transcript sits under it, each line a link to its moment in the video.
 */
export default function Video({ id, src, poster, lines, duration, title, start }: Props) {
	const hydrated = useHydrated()
	const [playing, setPlaying] = useState(false)
	const frameRef = useRef<HTMLIFrameElement>(null)
	const videoRef = useRef<HTMLVideoElement>(null)
	const seekTo = useRef(start ?? 0)

	const play = (at = start ?? 0) => {
		seekTo.current = at
		const video = videoRef.current
		if (video) {
			video.currentTime = at
			void video.play().catch(() => {})
			video.focus()
		} else setPlaying(true)
	}

	return (
		<figure className="not-prose my-6" data-video={id ?? src} data-hydrated={hydrated ? '' : undefined}>
			<div className="relative aspect-video w-full overflow-hidden rounded-lg border border-line bg-sunken">
				{playing && id ? (
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
				) : playing ? (
					<video
						ref={videoRef}
						className="absolute inset-0 size-full"
						controls
						autoPlay
						playsInline
						preload="auto"
						poster={poster}
						aria-label={title}
						onLoadedMetadata={(event) => {
							event.currentTarget.currentTime = seekTo.current
							event.currentTarget.focus()
						}}
					>
						<source src={src} type="video/mp4" />
					</video>
				) : (
					// Until hydration the facade is only a picture (kept out of the tab order and hidden from
					// assistive technology); without JavaScript the caption links the video itself.
					<button
						type="button"
						onClick={() => play()}
						aria-label={`Play video: ${title}`}
						tabIndex={hydrated ? undefined : -1}
						aria-hidden={hydrated ? undefined : true}
						className="group absolute inset-0 flex size-full flex-col items-center justify-center gap-4 p-6 text-center"
						style={
							poster
								? undefined
								: {
										backgroundImage:
											'radial-gradient(circle at 30% 20%, rgb(229 180 84 / 0.22), transparent 55%), radial-gradient(circle at 80% 90%, rgb(229 180 84 / 0.12), transparent 50%), repeating-linear-gradient(135deg, transparent 0 22px, var(--grid) 22px 23px)',
									}
						}
					>
						{poster ? <img src={poster} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" /> : null}
						<span className="js-only relative flex size-16 items-center justify-center rounded-full bg-accent text-accent-fg shadow-lg transition-transform group-hover:scale-110 sm:size-20">
							<svg viewBox="0 0 24 24" width="32" height="32" fill="currentColor" aria-hidden="true">
								<path d="M8 5.5v13l11-6.5z" />
							</svg>
						</span>
						{poster ? null : <span className="max-w-md text-base font-semibold text-fg sm:text-lg">{title}</span>}
						<span className={`js-only ${poster ? 'relative rounded bg-black/70 px-2 py-1 text-xs text-white' : 'text-xs text-muted'}`}>
							{id
								? `${start ? `Starts at ${formatStart(start)} · ` : ''}Plays from YouTube when you press play`
								: `${duration ? `${formatStart(Math.round(duration))} · ` : ''}No sound: the text is on screen`}
						</span>
					</button>
				)}
			</div>
			<figcaption className="mt-2 text-sm text-muted">
				{id ? (
					<a href={watchUrl(id, start)} target="_blank" rel="noopener noreferrer" className="text-link underline">
						Watch on YouTube
						<span className="sr-only"> (opens in a new tab)</span>
					</a>
				) : (
					<>
						<span>{title}</span>
						<a href={src} className="no-js-only mt-1 text-link underline">
							Play the video file
						</a>
						{lines?.length ? (
							<details className="mt-2 rounded-lg border border-line px-3 py-2">
								<summary className="cursor-pointer font-medium text-fg">Transcript</summary>
								<ol className="mt-2 space-y-2">
									{lines.map((line) => (
										<li key={line.start} className="flex items-baseline gap-3">
											<button
												type="button"
												onClick={() => play(line.start)}
												className="js-only shrink-0 font-mono text-link tabular-nums underline"
												aria-label={`Play from ${formatStart(Math.floor(line.start))}`}
											>
												{formatStart(Math.floor(line.start))}
											</button>
											<span className="text-fg">{line.text}</span>
										</li>
									))}
								</ol>
							</details>
						) : null}
					</>
				)}
			</figcaption>
		</figure>
	)
}
