import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { Route } from './+types/search'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { track } from '#app/lib/analytics.ts'
import { SearchBox } from '#app/search/search-box.tsx'
import { HitContent, type QuestStatusLabels } from '#app/search/search-results.tsx'
import { getSearchPage, searchHeaders } from '#app/search/server/search.server.ts'
import { SkillGuidePanel } from '#app/skill-guides/skill-guide-panel.tsx'

const QuestStatusBridge = lazy(() => import('#app/search/quest-status-bridge.tsx'))

export function loader({ request }: Route.LoaderArgs) {
	return getSearchPage(request)
}

export const headers: Route.HeadersFunction = () => searchHeaders

export const meta: Route.MetaFunction = ({ loaderData }) => {
	const query = loaderData?.outcome.query
	return [
		{ title: query ? `Search: ${query} - ${SITE_NAME}` : `Search - ${SITE_NAME}` },
		{
			name: 'description',
			content: 'Search the guides, quests, skill guides and glossary of Gielinor Guide.',
		},
		// Result pages are for readers; crawlers may follow their links but not list them.
		{ name: 'robots', content: 'noindex, follow' },
	]
}

/**
 * `/search?q=…`: the site search rendered on the server, ranked exactly like the dialog. Works
 * without JavaScript; the header's search box submits here until the page is hydrated.
 */
export default function Search({ loaderData }: Route.ComponentProps) {
	const { outcome, skillGuides, error } = loaderData
	const [statuses, setStatuses] = useState<QuestStatusLabels>()
	const hasQuests = outcome.groups.some((g) => g.name === 'quests')

	useEffect(() => {
		if (outcome.query && outcome.total === 0) track('search_no_results', { query: outcome.query })
	}, [outcome])

	return (
		<main id="main" className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: '/search', label: 'Search' }]} />
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight">Search</h1>
			<SearchBox key={outcome.query} variant="page" enhance={false} defaultValue={outcome.query} className="mt-4" />

			{error ? (
				<p role="alert" className="mt-4 rounded-lg border border-bad/50 bg-bad-bg p-3 text-sm text-bad">
					{error}
				</p>
			) : null}

			{outcome.query ? (
				<p className="mt-6 text-sm text-muted" role="status" data-search-count="">
					{outcome.total === 0
						? `No results for “${outcome.query}”.`
						: `${outcome.total} result${outcome.total === 1 ? '' : 's'} for “${outcome.query}”`}
				</p>
			) : null}

			{outcome.groups.map((group) => (
				<section key={group.name} aria-labelledby={`group-${group.name}`} className="mt-6">
					<h2 id={`group-${group.name}`} className="text-xs font-semibold tracking-wide text-muted uppercase">
						{group.label}
					</h2>
					<ul className="mt-2 flex flex-col gap-1">
						{group.hits.map((hit) => (
							<li key={hit.id} data-search-result={hit.kind}>
								{hit.skill && skillGuides[hit.skill] ? (
									// Skill guides have no page of their own: the guide opens in place.
									<details className="rounded-lg border border-line">
										<summary className="flex cursor-pointer list-none items-start gap-3 px-3 py-2 hover:bg-raised">
											<HitContent hit={hit} />
										</summary>
										<div className="px-3 pb-3">
											<SkillGuidePanel guide={skillGuides[hit.skill]!} current={undefined} />
										</div>
									</details>
								) : hit.href ? (
									<Link
										to={hit.href}
										className="flex items-start gap-3 rounded-lg border border-transparent px-3 py-2 hover:border-line hover:bg-raised"
									>
										<HitContent hit={hit} status={hit.kind === 'quest' ? statuses?.[hit.name] : undefined} />
									</Link>
								) : null}
							</li>
						))}
					</ul>
				</section>
			))}

			{outcome.query && outcome.total === 0 && !error ? (
				<div className="mt-4 rounded-xl border border-dashed border-line px-6 py-8 text-sm" data-search-empty="">
					{outcome.suggestions.length > 0 ? (
						<p>
							Closest matches:{' '}
							{outcome.suggestions.map((s, i) => (
								<span key={s}>
									{i > 0 ? ', ' : null}
									<Link to={`/search?q=${encodeURIComponent(s)}`} className="text-link underline">
										{s}
									</Link>
								</span>
							))}
						</p>
					) : null}
					<p className="mt-2 text-muted">
						Looking for a quest?{' '}
						<Link to="/quests" className="text-link underline">
							Browse the quest catalogue
						</Link>
						.
					</p>
				</div>
			) : null}

			{hasQuests ? (
				<Suspense fallback={null}>
					<QuestStatusBridge onChange={setStatuses} />
				</Suspense>
			) : null}
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
