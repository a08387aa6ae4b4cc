import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/home'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import league from '#app/generated/league.json' with { type: 'json' }
import { IconBook, IconCog, IconExternal, IconSword } from '#app/components/icons.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { pad, type Remaining, remaining } from '#app/lib/countdown.ts'

export function loader() {
	// Prerendered at build time: the runic digits show the time left as of the build.
	return { league, renderedAt: Date.now() }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	return [
		{ title: SITE_NAME },
		{
			name: 'description',
			content: `Guides for RuneScape 3 players: set up the game, learn combat and plan the quest-locked mid and late game. ${loaderData?.league.name ?? 'Leagues'} countdown.`,
		},
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}/` },
	]
}

const UNITS = ['days', 'hours', 'minutes', 'seconds'] as const

function RunicNumber({ value }: { value: number }) {
	// The digit SVGs are masks, so they take the text colour in either theme.
	return (
		<span className="flex" aria-hidden="true">
			{pad(value)
				.split('')
				.map((digit, i) => (
					<span
						key={i}
						data-runic-digit={digit}
						className="inline-block h-12 w-9 bg-current sm:h-16 sm:w-12"
						style={{ mask: `url(/images/runic-digits/${digit}.svg) center / contain no-repeat` }}
					/>
				))}
		</span>
	)
}

function Countdown({ startsAt, renderedAt }: { startsAt: string; renderedAt: number }) {
	const target = Date.parse(startsAt)
	const initial = remaining(target, renderedAt)
	// Until the first tick the digits are runic images (server HTML); then live numbers.
	const [time, setTime] = useState<Remaining | null>(null)
	useEffect(() => {
		const tick = () => {
			const next = remaining(target, Date.now())
			setTime(next)
			return next.done
		}
		if (tick()) return
		const timer = setInterval(() => {
			if (tick()) clearInterval(timer)
		}, 1000)
		return () => clearInterval(timer)
	}, [target])

	return (
		<div>
			<div className="grid grid-cols-4 gap-2 sm:gap-4" role="timer" aria-live="off">
				{UNITS.map((unit) => (
					<div key={unit} className="flex flex-col items-center rounded-xl border border-line bg-raised/80 px-2 py-4 sm:px-5">
						<span className="flex h-12 items-center text-5xl font-black tabular-nums text-accent sm:h-16 sm:text-6xl" data-unit={unit}>
							{time ? pad(time[unit]) : <RunicNumber value={initial[unit]} />}
						</span>
						<span className="mt-2 text-xs font-semibold tracking-widest text-muted uppercase">{unit}</span>
					</div>
				))}
			</div>
			{/* Fixed height: the message appearing never moves the page. */}
			<p className="mt-6 h-7 text-lg" aria-live="polite">
				{(time ?? initial).done ? (
					<>
						Leagues has started!{' '}
						<Link to="/leagues" className="font-semibold text-link underline">
							Open the Leagues Hub
						</Link>
					</>
				) : null}
			</p>
		</div>
	)
}

const CARDS = [
	{ title: 'Setup', href: '/setup', text: 'Install the game, pick a game mode and set up an interface that works for you.', icon: <IconCog size={28} /> },
	{ title: 'Getting Started', href: '/getting-started', text: 'The tick system, abilities, combat styles and the gear to start with.', icon: <IconSword size={28} /> },
	{ title: 'Guides', href: '/guides', text: 'From day one to the late game: the quests and unlocks that matter, in order.', icon: <IconBook size={28} /> },
]

export default function Home({ loaderData }: Route.ComponentProps) {
	const { league } = loaderData
	return (
		<main
			id="main"
			className="relative flex min-h-[calc(100dvh-3.5rem)] flex-col items-center justify-center overflow-hidden px-4 py-12"
			style={{
				backgroundImage:
					'linear-gradient(var(--grid) 1px, transparent 1px), linear-gradient(90deg, var(--grid) 1px, transparent 1px)',
				backgroundSize: '40px 40px',
			}}
		>
			<h1 className="sr-only">{SITE_NAME}</h1>
			<section aria-labelledby="countdown-heading" className="text-center">
				<h2 id="countdown-heading" className="mb-6 text-2xl font-bold tracking-tight sm:text-4xl">
					Leagues start in
				</h2>
				<Countdown startsAt={league.startsAt} renderedAt={loaderData.renderedAt} />
			</section>
			<nav aria-label="Start here" className="mt-14 hidden w-full max-w-5xl grid-cols-4 gap-4 md:grid">
				{CARDS.map((card) => (
					<Link key={card.title} to={card.href} className="group rounded-xl border border-line bg-raised p-5 transition hover:border-accent">
						<span className="text-accent">{card.icon}</span>
						<h3 className="mt-3 font-bold group-hover:text-accent">{card.title}</h3>
						<p className="mt-1 text-sm text-muted">{card.text}</p>
					</Link>
				))}
				<a
					href="https://runescape.wiki/"
					target="_blank"
					rel="noopener noreferrer"
					className="group rounded-xl border border-line bg-raised p-5 transition hover:border-accent"
				>
					<span className="flex items-center gap-1 text-accent">
						<IconExternal size={28} />
					</span>
					<h3 className="mt-3 font-bold group-hover:text-accent">Wiki Resources</h3>
					<p className="mt-1 text-sm text-muted">The RuneScape Wiki: the community's reference for every item, monster and quest.</p>
				</a>
			</nav>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
