import { data, Link } from 'react-router'
import type { Route } from './+types/top-gainers'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { clientKeyContext } from '#app/server/load-context.server.ts'
import { refuseOverLimit, withRetryAfter } from '#app/server/page-limit.server.ts'
import { parseBoardQuery } from '#app/tracker/api-params.ts'
import { periodStart, utcDay } from '#app/tracker/gain-periods.ts'
import { TOP_GAINERS_PATH } from '#app/lib/player-paths.ts'
import { TopGainersPage } from '#app/tracker/top-gainers-page.tsx'
import { getPlayerServices } from '#app/server/player-services.server.ts'

/** `?period=&skill=&page=&date=` as the API takes them; a bad one is a 400 that names it. */
export async function loader({ request, context }: Route.LoaderArgs) {
	const { lookup, tracker } = getPlayerServices()
	refuseOverLimit(await lookup.hitLimit(context.get(clientKeyContext)))
	const today = utcDay(getClock().now())
	const query = parseBoardQuery(new URL(request.url).searchParams, today)
	if (!query.ok) return data({ kind: 'invalid' as const, message: query.message }, { status: 400 })
	const board = await tracker.gainsBoard(query.value)
	const currentStart = periodStart(query.value.period, today)
	return { kind: 'board' as const, view: { board, currentStart } }
}

// Read from the database on each request: a removed player must leave at once, so nothing keeps a
// copy. Noindex: the boards change daily and are about players, not the game.
export const headers: Route.HeadersFunction = ({ errorHeaders }) =>
	withRetryAfter({ 'Cache-Control': CACHE_CONTROL.personal, 'X-Robots-Tag': 'noindex' }, errorHeaders)

export const meta: Route.MetaFunction = () => [
	{ title: `Top gainers - ${SITE_NAME}` },
	{
		name: 'description',
		content: 'The RuneScape players tracked here who gained the most XP this week and this month, overall and per skill.',
	},
	{ name: 'robots', content: 'noindex' },
]

export default function TopGainers({ loaderData }: Route.ComponentProps) {
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: TOP_GAINERS_PATH, label: 'Top gainers' }]} />
			{loaderData.kind === 'board' ? (
				<TopGainersPage view={loaderData.view} />
			) : (
				<>
					<h1 className="mt-3 text-3xl font-extrabold tracking-tight">Top gainers</h1>
					<p role="alert" className="mt-4 rounded-lg border border-bad/50 bg-bad-bg p-4 text-bad" data-board-invalid="">
						{loaderData.message}
					</p>
					<p className="mt-3">
						<Link to={TOP_GAINERS_PATH} className="font-semibold text-link underline">
							Show this week’s top gainers
						</Link>
					</p>
				</>
			)}
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
