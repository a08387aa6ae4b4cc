import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { pad, remaining } from '#app/lib/countdown.ts'
import type { GameEvent } from '#app/home/events.schema.ts'
import { type HeroState, heroState } from '#app/home/timeline.ts'

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const

const SECTIONS = [
	{ title: 'Setup', href: '/setup' },
	{ title: 'Getting Started', href: '/getting-started' },
	{ title: 'Guides', href: '/guides' },
]

/**
 * When the hero was decided and whether the clock has ticked since. Null on the server and while
 * hydrating: the page is prerendered, so only the browser knows what "now" is.
 */
type Clock = { now: number; ticked: boolean } | null

function useHeroClock(events: readonly GameEvent[]): [Clock, HeroState | null] {
	const [clock, setClock] = useState<Clock>(null)
	useEffect(() => setClock({ now: Date.now(), ticked: false }), [])
	const state = clock ? heroState(events, clock.now) : null
	// Ticks only while something counts down; the introduction needs no clock.
	const counting = state !== null && state.kind !== 'intro'
	useEffect(() => {
		if (!counting) return
		const timer = setInterval(() => setClock({ now: Date.now(), ticked: true }), 1000)
		return () => clearInterval(timer)
	}, [counting])
	return [clock, state]
}

function RunicNumber({ value }: { value: number }) {
	// The digit SVGs are masks, so they take the text colour in either theme.
	return (
		<span className="flex max-w-full min-w-0 justify-center" aria-hidden="true">
			{pad(value)
				.split('')
				.map((digit, i) => (
					<span
						key={i}
						data-runic-digit={digit}
						className="inline-block h-12 w-9 min-w-0 shrink bg-current sm:h-16 sm:w-12"
						style={{ mask: `url(/images/runic-digits/${digit}.svg) center / contain no-repeat` }}
					/>
				))}
		</span>
	)
}

/**
 * Days, hours, minutes and seconds to `target`: runic digits until the clock first ticks, then
 * zero-padded numbers. It never goes below zero; the hero moves on when the target passes.
 */
function Countdown({ target, now, ticked, label }: { target: number; now: number; ticked: boolean; label: string }) {
	const time = remaining(target, now)
	return (
		<div className="grid w-full grid-cols-4 gap-2 sm:gap-4" role="timer" aria-label={label}>
			{UNITS.map((unit) => (
				<div key={unit} className="flex flex-col items-center rounded-xl border border-line bg-raised/80 px-2 py-3 sm:px-5 sm:py-4">
					{/* A fixed box: swapping runic digits for numbers moves nothing. */}
					<span
						className={`flex h-12 min-h-0 w-full items-center justify-center overflow-hidden leading-none font-black text-accent tabular-nums sm:h-16 ${pad(time[unit]).length > 2 ? 'text-3xl sm:text-5xl' : 'text-5xl sm:text-6xl'}`}
						data-unit={unit}
					>
						{ticked ? pad(time[unit]) : <RunicNumber value={time[unit]} />}
					</span>
					<span className="mt-2 text-xs font-semibold tracking-widest text-muted uppercase">{unit}</span>
				</div>
			))}
		</div>
	)
}

function EventLink({ event }: { event: GameEvent }) {
	const className = 'font-semibold text-link underline'
	const text = `About ${event.name}`
	return event.link.startsWith('/') ? (
		<Link to={event.link} className={className}>
			{text}
		</Link>
	) : (
		<a href={event.link} target="_blank" rel="noopener noreferrer" className={className}>
			{text}
		</a>
	)
}

function countdownHeading(event: GameEvent) {
	return event.kind === 'league' ? 'Leagues start in' : `${event.name} starts in`
}

function Intro() {
	return (
		<>
			<h2 id="hero-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
				RuneScape 3 guides that check your account
			</h2>
			<p className="mt-4 max-w-2xl text-muted sm:text-lg">
				Set up the game, learn the current combat system, and plan the quests and unlocks of the mid and late game, with every requirement
				checked against your own levels.
			</p>
			<ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label="The guide sections">
				{SECTIONS.map((s) => (
					<li key={s.href}>
						<Link
							to={s.href}
							className="inline-block rounded-full border border-line bg-raised px-4 py-2 font-semibold hover:border-accent hover:text-accent"
						>
							{s.title}
						</Link>
					</li>
				))}
			</ul>
		</>
	)
}

/**
 * The home page hero: a countdown to the next game event, "Live now" with the time left while one
 * runs, or the evergreen introduction when nothing is coming. The server (and hydration) renders
 * the introduction, which is true on any day; the browser then switches to the event, inside a
 * box whose size never changes, so nothing on the page moves.
 */
export function EventHero({ events }: { events: readonly GameEvent[] }) {
	const [clock, state] = useHeroClock(events)
	return (
		<section
			aria-labelledby="hero-heading"
			data-hero={state?.kind ?? 'pending'}
			className="flex h-[23rem] w-full max-w-3xl flex-col items-center justify-center text-center sm:h-[21rem]"
		>
			{clock && state && state.kind !== 'intro' ? (
				<>
					<h2 id="hero-heading" className="text-2xl font-bold tracking-tight sm:text-4xl">
						{state.kind === 'live' ? `Live now: ${state.event.name}` : countdownHeading(state.event)}
					</h2>
					<p className="mt-2 mb-5 line-clamp-2 max-w-2xl text-muted">
						{state.kind === 'countdown' && state.event.kind === 'league' ? <strong className="text-fg">{state.event.name}: </strong> : null}
						{state.event.description}
					</p>
					{state.kind === 'live' ? (
						<p className="-mt-2 mb-2 text-xs font-semibold tracking-widest text-muted uppercase">Time left</p>
					) : null}
					<Countdown
						target={state.target}
						now={clock.now}
						ticked={clock.ticked}
						label={state.kind === 'live' ? `Time left in ${state.event.name}` : `Time until ${state.event.name}`}
					/>
					<p className="mt-5">
						<EventLink event={state.event} />
					</p>
				</>
			) : (
				<Intro />
			)}
		</section>
	)
}
