import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/players'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { PlayerLogSection } from '#app/groups/player-log-section.tsx'
import { getGroupsService, getNameChanges } from '#app/groups/server/services.server.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { parsePlayerName } from '#app/player/username-schema.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { readForm } from '#app/server/form-body.server.ts'
import { clientKeyContext } from '#app/server/load-context.server.ts'
import { refuseOverLimit, withRetryAfter } from '#app/server/page-limit.server.ts'
import { getPlayerServices, playerPageSource } from '#app/server/player-services.server.ts'
import { LazyTrackedPlanSection } from '#app/planner/lazy-tracked-plan-section.tsx'
import { PlayerPage } from '#app/tracker/player-page.tsx'
import { playerPath, TOP_GAINERS_PATH } from '#app/lib/player-paths.ts'
import { PRIVACY_PATH } from '#app/tracker/paths.ts'
import { loadPlayerPage, updateFromPage } from '#app/tracker/server/player-page.server.ts'

/** The tracker feature's one mapping from a player page's outcome to its HTTP status. */
const PAGE_STATUS = { player: 200, 'not-tracked': 200, invalid: 400, unknown: 404, unavailable: 502 } as const

export async function loader({ request, params, context }: Route.LoaderArgs) {
	// A changed name with no history of its own: its page is the new name's now.
	const player = parsePlayerName(params.name.replaceAll('_', ' '))
	const renamed = player.success ? await getNameChanges().renamedTo(player.data.key) : undefined
	if (renamed) throw redirect(`${playerPath(renamed.name)}${new URL(request.url).search}`, 301)
	const client = context.get(clientKeyContext)
	refuseOverLimit(await getPlayerServices().lookup.hitLimit(client))
	const result = await loadPlayerPage(playerPageSource(client), params.name, new URL(request.url))
	const log = result.kind === 'player' && player.success ? await getGroupsService().playerLog(player.data.key) : null
	return data({ ...result, log }, { status: PAGE_STATUS[result.kind] })
}

/** The Update button (a plain form): fetch now, then back to the page (POST/redirect/GET, a 303). */
export async function action({ request, params, context }: Route.ActionArgs) {
	const form = await readForm(request)
	if (form.get('intent') !== 'update') {
		throw data('Unknown request: the form sends intent=update.', { status: 400 })
	}
	const source = playerPageSource(context.get(clientKeyContext))
	return redirect(await updateFromPage(source, params.name, new URL(request.url)), 303)
}

// Rendered for each request from the database: never stored by a shared cache, never indexed.
export const headers: Route.HeadersFunction = ({ errorHeaders }) =>
	withRetryAfter({ 'Cache-Control': CACHE_CONTROL.personal, 'X-Robots-Tag': 'noindex' }, errorHeaders)

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{
		title: `${!loaderData ? 'Player' : loaderData.kind === 'player' ? loaderData.view.summary.name : loaderData.name} - ${SITE_NAME}`,
	},
	{
		name: 'description',
		content: 'A RuneScape player’s levels, gains, quests and adventurer’s log over time.',
	},
	{ name: 'robots', content: 'noindex' },
]

const problem = 'mt-4 rounded-lg border p-4'

export default function Players({ loaderData }: Route.ComponentProps) {
	const name = loaderData.kind === 'player' ? loaderData.view.summary.name : loaderData.name
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs
				items={[
					{ path: TOP_GAINERS_PATH, label: 'Players' },
					{ path: playerPath(name), label: name },
				]}
			/>
			{loaderData.kind === 'player' ? (
				<PlayerPage
					view={loaderData.view}
					plan={
						<LazyTrackedPlanSection
							name={loaderData.view.summary.name}
							latest={loaderData.view.summary.latest}
							completedTitles={loaderData.view.quests.map((quest) => quest.title)}
						/>
					}
				/>
			) : null}
			{loaderData.log ? <PlayerLogSection log={loaderData.log} /> : null}
			{loaderData.kind === 'unknown' ? (
				<>
					<h1 className="mt-3 text-3xl font-extrabold tracking-tight">{name}</h1>
					<p className={`${problem} border-line bg-raised`} data-player-state="unknown">
						Neither RuneMetrics nor the hiscores know a player called “{name}”, or the name was removed at its owner’s request. Check the
						spelling: names are 1 to 12 letters, digits, spaces, “-” or “_”.
					</p>
				</>
			) : null}
			{loaderData.kind === 'invalid' ? (
				<>
					<h1 className="mt-3 text-3xl font-extrabold tracking-tight">{name}</h1>
					<p role="alert" className={`${problem} border-bad/50 bg-bad-bg text-bad`} data-player-state="invalid">
						{loaderData.message}
					</p>
					<p className="mt-3">
						<Link to={playerPath(name)} className="font-semibold text-link underline">
							Show the last week instead
						</Link>
					</p>
				</>
			) : null}
			{loaderData.kind === 'not-tracked' ? (
				<>
					<h1 className="mt-3 text-3xl font-extrabold tracking-tight">{name}</h1>
					<p className={`${problem} border-line bg-raised`} data-player-state="not-tracked">
						{name} exists, but we did not start tracking them:{' '}
						{loaderData.refused === 'client'
							? `each address may start tracking ${loaderData.perClientPerDay} new players a day, and yours has today.`
							: `the site starts tracking at most ${loaderData.perHour} new players an hour, and this hour’s are taken.`}{' '}
						Their levels still work everywhere a guide asks for your name; come back{' '}
						{loaderData.refused === 'client' ? 'tomorrow' : 'in an hour'} to start their history.{' '}
						<Link to={PRIVACY_PATH} className="text-link underline">
							Why there is a limit
						</Link>
					</p>
				</>
			) : null}
			{loaderData.kind === 'unavailable' ? (
				<>
					<h1 className="mt-3 text-3xl font-extrabold tracking-tight">{name}</h1>
					<p role="alert" className={`${problem} border-bad/50 bg-bad-bg text-bad`} data-player-state="unavailable">
						We could not start tracking {name}: {loaderData.message} Nothing was recorded; try again in a minute.
					</p>
				</>
			) : null}
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
