import type { Route } from './+types/privacy'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { PRIVACY_PATH } from '#app/tracker/paths.ts'

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.page })

export const meta: Route.MetaFunction = ({ matches }) => {
	const root = matches[0]?.loaderData as { siteUrl?: string } | undefined
	return [
		{ title: `Privacy - ${SITE_NAME}` },
		{
			name: 'description',
			content: 'What Gielinor Guide keeps about RuneScape players, for how long, and how to have it removed.',
		},
		{ tagName: 'link', rel: 'canonical', href: `${root?.siteUrl ?? ''}${PRIVACY_PATH}` },
	]
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
	return (
		<section aria-labelledby={id} className="mt-8">
			<h2 id={id} className="border-b border-line pb-1 text-2xl font-bold">
				{title}
			</h2>
			<div className="mt-3 space-y-3">{children}</div>
		</section>
	)
}

/** `/privacy`: what the player history keeps and how to have it removed. */
export default function Privacy() {
	return (
		<main id="main" className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: PRIVACY_PATH, label: 'Privacy' }]} />
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">Privacy</h1>
			<p className="mt-2 max-w-2xl text-muted">
				When someone looks up a RuneScape player here, the site remembers that player’s public progress so the player page can show gains
				over time. This page says exactly what that means.
			</p>

			<Section id="stored" title="What we store about players">
				<p>Only what Jagex already publishes for anyone to read, for each player name that was looked up:</p>
				<ul className="list-disc space-y-1 pl-5">
					<li>levels, experience and ranks of every skill, total level and XP, from the RuneMetrics profile or the hiscores;</li>
					<li>quest points and how many quests are complete or started, and the date we first saw each quest completed;</li>
					<li>the entries of the RuneMetrics adventurer’s log;</li>
					<li>up to twelve months of monthly XP gains that RuneMetrics reports when a player is first tracked;</li>
					<li>
						what follows from those: XP gained per day, week and month, the player’s best of each, and their place on the public top-gainers
						boards;
					</li>
					<li>when the player was first tracked, last looked up and last refreshed.</li>
				</ul>
				<p>A private RuneMetrics profile is respected: from then on we only read the public hiscores, which show no quests and no log.</p>
			</Section>

			<Section id="visitors" title="Nothing about you, the visitor">
				<p>
					The database never records who looked a player up: no IP addresses, no accounts, no cookies tied to a lookup. The name you enter
					in the lookup box is remembered in your own browser only. To keep the site from being flooded, lookups per network address are
					counted for a few minutes in the server’s memory (or its short-lived shared cache), and how many new players an address started
					tracking is counted for a day the same way; those counts never reach the database and are never kept next to a player’s name.
				</p>
			</Section>

			<Section id="limits" title="Who gets tracked, and how much we ask Jagex">
				<p>
					Looking a player up starts tracking them, within two limits: one network address may start tracking a few new players a day (ten
					unless the site’s operators set another number), and everyone together a set number an hour. Past either limit the lookup still
					answers and the player’s levels still work on every guide page; we only do not start keeping their history, and the player page
					says so.
				</p>
				<p>
					Everything the site asks RuneMetrics and the hiscores shares one small budget (by default 15 requests a minute), whatever the
					number of players tracked: people waiting on an answer come first, then the daily refresh of players someone looked at lately,
					then the rest. When Jagex answers that we are asking too much, the site slows down by itself.
				</p>
			</Section>

			<Section id="how-long" title="For how long">
				<p>
					A player someone viewed, updated or put in a group or competition in the last 90 days is refreshed about once a day, as the budget
					above allows. After 90 days without any of those the player becomes dormant: the refreshing stops and nothing new is recorded; the
					history already kept stays, so gains over months and years keep working, until removal is asked for. A visit to the player’s page
					wakes them.
				</p>
			</Section>

			<Section id="removal" title="Having a player removed">
				<p>
					Ask the people who run this site, giving the player name. An author deletes the player’s whole history from the author dashboard
					and blocks the name: the site then no longer records it, the player page and the API answer “not found”, the name leaves the
					top-gainers boards, and the daily refresh skips it. The quest and skill checks on guide pages still work for that name; they read
					RuneMetrics live and keep nothing. The name and the date of its removal are kept, and nothing else, so that restoring an older
					backup of the database does not bring the history back.
				</p>
			</Section>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
