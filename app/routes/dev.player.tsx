import type { Route } from './+types/dev.player'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import PlayerLookupWidget from '#app/player/player-lookup.tsx'
import SkillBadgeWidget from '#app/widgets/skill-badge/skill-badge.tsx'

// A hidden page with the player widgets as a guide page uses them (each in its own provider),
// for browser tests and for trying the widgets against `npm run dev:offline`.

export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow' })

export const meta: Route.MetaFunction = () => [
	{ title: 'Player widgets (test page) - Gielinor Guide' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

const BLOCK_BADGES = [
	{ skill: 'attack', level: 80 },
	{ skill: 'herblore', level: 96 },
	{ skill: 'invention', level: 1 },
	{ skill: 'necromancy', level: 40 },
	{ skill: 'archaeology', level: 5 },
] as const

export default function DevPlayerRoute() {
	return (
		<main id="main" className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 sm:px-8">
			<h1 className="text-3xl font-extrabold tracking-tight">Player widgets</h1>
			<p className="mt-2 text-sm text-muted">
				A test page for the player lookup and skill badges; it is not linked from the site. Try Zezima Jr, Private Pat or No Profile with{' '}
				<code>npm run dev:offline</code>.
			</p>
			<article className="prose mt-6">
				<h2 id="lookup">Lookup</h2>
				<PlayerLookupWidget />
				<h2 id="badges">Badges</h2>
				<p data-testid="inline-badges">
					Making overloads needs <SkillBadgeWidget skill="herblore" level={96} /> and the quest chain behind it; a fletching shortcut asks
					for <SkillBadgeWidget skill="agility" level={50} /> only.
				</p>
				<ul data-testid="block-badges">
					{BLOCK_BADGES.map((badge) => (
						<li key={badge.skill}>
							<SkillBadgeWidget skill={badge.skill} level={badge.level} />
						</li>
					))}
				</ul>
			</article>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
