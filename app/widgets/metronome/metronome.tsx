import { useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { MetronomeProps } from './metronome.schema.ts'
import { beatIntervalMs, DEFAULT_VOLUME, INDICATOR_BEATS, litBeat, parseVolume } from './metronome-state.ts'

/** Plays the click; a browser that refuses (autoplay rules, no audio device) is logged, never thrown. */
function playClick(audio: HTMLAudioElement, volume: number) {
	try {
		audio.volume = volume
		audio.currentTime = 0
		audio.play()?.catch((error: unknown) => console.warn('Metronome: the click could not be played.', error))
	} catch (error) {
		console.warn('Metronome: the click could not be played.', error)
	}
}

/** A click at a steady tempo (100 BPM = one game tick) with a visual beat, to practise tick timing. */
export default function Metronome({ bpm, src }: MetronomeProps) {
	const hydrated = useHydrated()
	const [running, setRunning] = useState(false)
	const [beats, setBeats] = useState(0)
	const [volume, setVolume] = useState(DEFAULT_VOLUME)
	// One audio element, made on the first start (inside the click, as iOS wants) and reused per beat.
	const audioRef = useRef<HTMLAudioElement | null>(null)
	const volumeRef = useRef(volume)
	const volumeId = useId()
	const interval = beatIntervalMs(bpm)

	useEffect(() => {
		if (!running) return
		const timer = window.setInterval(() => {
			setBeats((b) => b + 1)
			if (audioRef.current) playClick(audioRef.current, volumeRef.current)
		}, interval)
		return () => {
			window.clearInterval(timer)
			audioRef.current?.pause()
		}
	}, [running, interval])

	// Unmounting (leaving the page) stops any sound still playing and lets the element go.
	useEffect(
		() => () => {
			audioRef.current?.pause()
			audioRef.current = null
		},
		[],
	)

	const toggle = () => {
		if (running) {
			setRunning(false)
			return
		}
		const audio = (audioRef.current ??= new Audio(src))
		playClick(audio, volumeRef.current)
		setBeats(1)
		setRunning(true)
	}

	const changeVolume = (value: string) => {
		const next = parseVolume(value)
		volumeRef.current = next
		setVolume(next)
		if (audioRef.current) audioRef.current.volume = next
	}

	const lit = running ? litBeat(beats) : -1
	return (
		<div
			className="not-prose my-6 flex flex-wrap items-center gap-x-6 gap-y-4 rounded-lg border border-line bg-raised px-4 py-4 sm:px-5"
			data-metronome=""
			data-running={running ? '' : undefined}
			data-hydrated={hydrated ? '' : undefined}
		>
			<p className="no-js-only w-full text-sm text-muted">The metronome needs JavaScript to play.</p>
			<button
				type="button"
				onClick={toggle}
				className={`js-only inline-flex min-w-28 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold transition-colors ${
					running ? 'bg-fg text-bg hover:opacity-90' : 'bg-accent text-accent-fg hover:opacity-90'
				}`}
			>
				<svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
					{running ? <path d="M6 5h4v14H6zM14 5h4v14h-4z" /> : <path d="M8 5.5v13l11-6.5z" />}
				</svg>
				{running ? 'Stop' : 'Start'}
				<span className="sr-only"> metronome</span>
			</button>

			<div className="flex items-center gap-2" aria-hidden="true" data-beat={lit}>
				{Array.from({ length: INDICATOR_BEATS }, (_, i) => (
					<span
						key={i}
						className={`size-4 rounded-full border-2 transition-[transform,background-color] duration-100 ${
							i === lit ? 'scale-125 border-accent bg-accent' : 'border-line bg-sunken'
						}`}
					/>
				))}
			</div>

			<div className="js-only flex items-center gap-3">
				<label htmlFor={volumeId} className="text-sm font-semibold">
					Volume
				</label>
				<input
					id={volumeId}
					type="range"
					min={0}
					max={1}
					step={0.1}
					value={volume}
					onChange={(e) => changeVolume(e.currentTarget.value)}
					aria-valuetext={`${Math.round(volume * 100)}%`}
					className="w-28 accent-accent sm:w-36"
				/>
				<output htmlFor={volumeId} className="w-10 text-sm text-muted tabular-nums">
					{Math.round(volume * 100)}%
				</output>
			</div>

			<p className="w-full text-sm text-muted sm:w-auto sm:flex-1 sm:text-right">
				{bpm} BPM · a click every {Math.round(interval)} ms{bpm === 100 ? ' (one game tick)' : ''}
			</p>
		</div>
	)
}
