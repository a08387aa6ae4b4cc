import { lazy, type MouseEvent, Suspense } from 'react'
import { Link, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/quests'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PageReport } from '#app/feedback/page-report.tsx'
import { PlayerLookupSection } from '#app/player/player-lookup-section.tsx'
import { CatalogueForm } from '#app/quests/catalogue-form.tsx'
import { ProgressFilters } from '#app/quests/progress-filters.tsx'
import { QuestTable } from '#app/quests/quest-table.tsx'
import { useCatalogueQuery, useSearchText } from '#app/quests/use-catalogue-query.ts'
import { useCatalogueResults, usePlayerProgress } from '#app/quests/use-player-progress.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import {
	type CatalogueQuery,
	chainMembers,
	parseCatalogueQuery,
	type QuestListEntry,
	serialiseCatalogueQuery,
} from '#app/quests/catalogue-query.ts'
import { getQuestList, questHeaders } from '#app/quests/server/quests.server.ts'
import { questPath } from '#app/quests/names.ts'

const PlayerSnapshotBridge = lazy(() => import('#app/player/player-snapshot.tsx'))

export function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	// The query the server applied: the browser's first render must show the same list.
	const query = serialiseCatalogueQuery(parseCatalogueQuery(url.searchParams))
	return { quests: getQuestList(), query }
}

export const headers: Route.HeadersFunction = () => questHeaders

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	const count = loaderData?.quests.length ?? 0
	return [
		{ title: `Quests - ${SITE_NAME}` },
		{
			name: 'description',
			content: `All ${count} RuneScape 3 quests and miniquests: search by name or abbreviation, filter by difficulty, membership and quest points, and see which ones you can start now.`,
		},
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}/quests` },
	]
}

// Filtering happens in the browser; nothing on the server changes with the query.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

export default function Quests({ loaderData }: Route.ComponentProps) {
	const { quests } = loaderData
	const [query, update] = useCatalogueQuery(loaderData.query)
	const [text, setText] = useSearchText(query.q)
	const { player, setPlayer, statuses } = usePlayerProgress(quests)
	const { shown, counts } = useCatalogueResults(quests, query, statuses)

	// The "clear" links work without JavaScript (they go to /quests); hydrated, they clear in place.
	function clearAll(event: MouseEvent<HTMLAnchorElement>) {
		event.preventDefault()
		setText('')
		update({ q: '' })
	}

	return (
		<main id="main" className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: '/quests', label: 'Quests' }]} />
			<div className="mt-3 flex flex-wrap items-end justify-between gap-4">
				<div className="max-w-2xl">
					<h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Quests</h1>
					<p className="mt-2 text-muted">
						Every quest and miniquest with its full requirement chain. Search by name or by the short names players use (“dt”, “wgs”),
						filter, sort, and share the link.
					</p>
				</div>
			</div>

			<PlayerLookupSection />
			<Suspense fallback={null}>
				<PlayerSnapshotBridge onChange={setPlayer} />
			</Suspense>

			<CatalogueForm query={query} update={update} text={text} setText={setText} onClear={clearAll} />
			<ChainScope query={query} update={update} quests={quests} />
			<ProgressFilters query={query} update={update} player={player} counts={counts} />

			<p className="mt-6 mb-2 text-sm text-muted" aria-live="polite" data-testid="quest-count">
				{shown.length === quests.length ? `${quests.length} quests` : `${shown.length} of ${quests.length} quests`}
			</p>

			{shown.length === 0 ? (
				<div className="rounded-xl border border-dashed border-line px-6 py-12 text-center">
					<p className="font-semibold">No quest matches.</p>
					<p className="mt-1 text-sm text-muted">
						Try fewer letters or{' '}
						<a href="/quests" onClick={clearAll} className="text-link underline">
							clear the filters
						</a>
						.
					</p>
				</div>
			) : (
				<QuestTable quests={shown} query={query} update={update} statuses={statuses} />
			)}
			{shown.some((q) => q.unverified?.includes('questPoints')) ? (
				<p className="mt-2 text-sm text-muted">
					<span className="text-warn">*</span> Quest points not verified against the game yet.
				</p>
			) : null}
			<PageReport />
		</main>
	)
}

/** "Showing the chain of X": the list is scoped to one quest's requirement chain (`chain=`). */
function ChainScope({ query, update, quests }: { query: CatalogueQuery; update: (q: CatalogueQuery) => void; quests: QuestListEntry[] }) {
	const target = query.chain ? quests.find((q) => q.slug === query.chain) : undefined
	if (!target) return null
	const size = chainMembers(quests, target.slug)?.size ?? 0
	const { chain: _chain, ...rest } = query
	return (
		<p
			className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-accent/50 bg-accent/10 px-3 py-2 text-sm"
			data-chain-scope=""
		>
			<span>
				Only the chain of{' '}
				<Link to={questPath(target.slug)} className="font-semibold text-link underline underline-offset-2">
					{target.name}
				</Link>{' '}
				({size} quests, {target.name} included)
			</span>
			<a
				href={`/quests${serialiseCatalogueQuery(rest) ? `?${serialiseCatalogueQuery(rest)}` : ''}`}
				onClick={(event) => {
					event.preventDefault()
					update(rest)
				}}
				className="text-link underline underline-offset-2"
			>
				Show every quest
			</a>
		</p>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
