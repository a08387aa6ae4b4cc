import { Link } from 'react-router'
import type { Route } from './+types/home'
import events from '#app/generated/events.json' with { type: 'json' }
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ContinueReadingCard } from '#app/home/continue-reading-card.tsx'
import { EventHero } from '#app/home/event-hero.tsx'
import { PlayerCard } from '#app/home/player-card.tsx'
import { IconBook, IconCog, IconExternal, IconSword } from '#app/components/icons.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import type { GameEvent } from '#app/home/events.schema.ts'
import { SearchBox } from '#app/search/search-box.tsx'

export function loader() {
	// Prerendered: the page carries every event and the browser picks what to show from its clock.
	return { events: events as GameEvent[] }
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	return [
		{ title: SITE_NAME },
		{
			name: 'description',
			content:
				'Guides for RuneScape 3 players: set up the game, learn combat and plan the quest-locked mid and late game, with countdowns to the next game events.',
		},
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}/` },
	]
}

const CARDS = [
	{
		title: 'Setup',
		href: '/setup',
		text: 'Install the game, pick a game mode and set up an interface that works for you.',
		icon: <IconCog size={28} />,
	},
	{
		title: 'Getting Started',
		href: '/getting-started',
		text: 'The tick system, abilities, combat styles and the gear to start with.',
		icon: <IconSword size={28} />,
	},
	{
		title: 'Guides',
		href: '/guides',
		text: 'From day one to the late game: the quests and unlocks that matter, in order.',
		icon: <IconBook size={28} />,
	},
]

// The phone's short way in (the start cards below are hidden under 768 px).
const PHONE_LINKS = [
	{ title: 'Quests', href: '/quests' },
	{ title: 'Returning players', href: '/guides/returning-players' },
	{ title: 'Tools', href: '/tools' },
]

export default function Home({ loaderData }: Route.ComponentProps) {
	return (
		// Top-aligned, not centred: a paint while the parser is still part-way through the body
		// (a busy phone) would centre the part it has, and the hero would jump when the rest came.
		<main
			id="main"
			className="relative flex min-h-[calc(100dvh-3.5rem)] flex-col items-center justify-start gap-6 overflow-hidden px-4 py-10"
			style={{
				backgroundImage: 'linear-gradient(var(--grid) 1px, transparent 1px), linear-gradient(90deg, var(--grid) 1px, transparent 1px)',
				backgroundSize: '40px 40px',
			}}
		>
			<h1 className="sr-only">{SITE_NAME}</h1>
			<EventHero events={loaderData.events} />
			<SearchBox variant="hero" className="w-full max-w-xl" />
			{/* grid-cols-1 is minmax(0, 1fr): without it the column grows to a card's longest
			    one-line text (a quest name cut short with an ellipsis) and the page overflows a phone. */}
			<div className="grid w-full max-w-5xl grid-cols-1 gap-4 md:grid-cols-2">
				<ContinueReadingCard />
				<nav aria-label="Quick links" className="md:hidden">
					<ul className="grid grid-cols-3 gap-2 text-center text-sm font-semibold">
						{PHONE_LINKS.map((link) => (
							<li key={link.href}>
								<Link
									to={link.href}
									className="flex h-12 items-center justify-center rounded-lg border border-line bg-raised px-2 hover:border-accent"
								>
									{link.title}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<PlayerCard />
			</div>
			<nav aria-label="Start here" className="hidden w-full max-w-5xl grid-cols-4 gap-4 md:grid">
				{CARDS.map((card) => (
					<Link
						key={card.title}
						to={card.href}
						className="group rounded-xl border border-line bg-raised p-5 transition hover:border-accent"
					>
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
