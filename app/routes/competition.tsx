import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/competition'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { COMPETITIONS_PATH, competitionPath, standingsCsvPath } from '#app/competitions/paths.ts'
import { ProgressSection } from '#app/competitions/progress-section.tsx'
import { takeCode } from '#app/competitions/server/created-code.server.ts'
import { getCompetitionsService } from '#app/competitions/server/services.server.ts'
import { StandingsTable } from '#app/competitions/standings-table.tsx'
import { TimeLeft } from '#app/competitions/time-left.tsx'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { formatDateTime } from '#app/lib/format-date.ts'
import { formatNumber } from '#app/lib/format-number.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { withRetryAfter } from '#app/server/page-limit.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { readForm } from '#app/server/form-body.server.ts'

/** The path's id, or the 404 (as the API's ids: a positive 32-bit whole number). */
function competitionId(raw: string): number {
	const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0
	if (id < 1 || id > 2_147_483_647) throw data('No such competition.', { status: 404 })
	return id
}

/**
 * The competition with its live standings. Straight after its creation, its code, once (the
 * creation's one-time cookie, cleared by this answer); after an update request, `?updating=N&skipped=M`.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
	const id = competitionId(params.id)
	const found = await getCompetitionsService().read(id)
	if (!found) throw data(`There is no competition ${id}.`, { status: 404 })
	const created = await takeCode(request, id)
	const query = new URL(request.url).searchParams
	const count = (name: string) => {
		const value = Number(query.get(name) ?? '')
		return Number.isSafeInteger(value) && value >= 0 ? value : 0
	}
	const update = query.has('updating') ? { queued: count('updating'), skipped: count('skipped') } : null
	return data(
		{
			...found,
			now: getClock().now(),
			code: created?.code ?? null,
			update,
		},
		{ headers: created ? { 'Set-Cookie': created.clear } : undefined },
	)
}

/** "Update now" with the code, without JavaScript too: queued, back to the page (Post/Redirect/Get); refused, the reason. */
export async function action({ params, request }: Route.ActionArgs) {
	const id = competitionId(params.id)
	const code = String((await readForm(request)).get('code') ?? '').trim()
	const outcome = await getCompetitionsService().requestUpdate(id, code || undefined)
	if (outcome.kind === 'not-found') throw data(`There is no competition ${id}.`, { status: 404 })
	if (outcome.kind === 'wrong-code')
		return data({ error: code ? 'That is not this competition’s verification code.' : 'Give the verification code.' }, { status: 403 })
	if (outcome.kind === 'rate-limited')
		return data(
			{ error: `Its participants were updated recently; try again in ${outcome.retryAfterSeconds} seconds.` },
			{ status: 429, headers: { 'Retry-After': String(outcome.retryAfterSeconds) } },
		)
	throw redirect(`${competitionPath(id)}?updating=${outcome.queued}&skipped=${outcome.skipped}`, 303)
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
	const headers = withRetryAfter({ 'Cache-Control': CACHE_CONTROL.personal, 'X-Robots-Tag': 'noindex' }, actionHeaders)
	const cookie = loaderHeaders.get('Set-Cookie')
	if (cookie) headers.set('Set-Cookie', cookie)
	return headers
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.competition.title ?? 'Competition'} - ${SITE_NAME}` },
	{ name: 'robots', content: 'noindex' },
]

const STATUS_LABEL = { ongoing: 'Ongoing', upcoming: 'Upcoming', finished: 'Finished' } as const

export default function Competition({ loaderData, actionData }: Route.ComponentProps) {
	const { competition, standings, teams, lastCheckedAt, topProgress, now, code, update } = loaderData
	const metrics = competition.metrics
	return (
		<main id="main" className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs
				items={[
					{ path: COMPETITIONS_PATH, label: 'Competitions' },
					{ path: competitionPath(competition.id), label: competition.title },
				]}
			/>
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight">{competition.title}</h1>
			{code ? (
				<section role="status" className="mt-6 rounded-lg border border-accent/60 bg-raised p-5" data-competition-created="">
					<h2 className="text-lg font-bold">Created</h2>
					<p className="mt-2">Its verification code, needed to update, change or delete it, is shown this once: keep it.</p>
					<p className="mt-2">
						<code className="rounded bg-sunken px-2 py-1 text-lg" data-competition-code="">
							{code}
						</code>
					</p>
				</section>
			) : null}
			{update ? (
				<p role="status" className="mt-6 rounded-md border border-line bg-raised px-4 py-3" data-updating="">
					{update.queued > 0
						? `Updating ${plural(update.queued, 'participant')} now, one after another: reload in a minute for their new standings.`
						: 'Nothing to update now.'}
					{update.skipped > 0
						? ` ${plural(update.skipped, 'participant')} skipped: updated in the last 10 minutes, or being updated already.`
						: ''}
				</p>
			) : null}
			<p className="mt-4 text-muted">
				{STATUS_LABEL[competition.status]}: {formatDateTime(competition.startsAt.toISOString())} –{' '}
				{formatDateTime(competition.endsAt.toISOString())}, {competition.participants.length} participant
				{competition.participants.length === 1 ? '' : 's'}
				{competition.groupId ? (
					<>
						{' '}
						of{' '}
						<Link to={`/groups/${competition.groupId}`} className="text-link underline">
							group {competition.groupId}
						</Link>
					</>
				) : null}
				.
			</p>
			<TimeLeft startsAt={competition.startsAt} endsAt={competition.endsAt} now={now} />
			<p className="mt-2">
				Scored by{' '}
				{metrics.map(({ metric, weight }, index) => (
					<span key={metric}>
						{index > 0 ? ', ' : ''}
						<code>{metric}</code>
						{weight === 1 ? '' : ` ×${formatNumber(weight)}`}
					</span>
				))}
				. Private profiles and players never tracked show “no data”; gains no account could make are left out and marked ⚑.
			</p>

			<section aria-labelledby="standings" className="mt-8">
				<div className="flex flex-wrap items-baseline justify-between gap-2">
					<h2 id="standings" className="text-xl font-bold">
						Standings
					</h2>
					<a href={standingsCsvPath(competition.id)} download className="text-link underline" data-standings-csv="">
						Download the standings (CSV)
					</a>
				</div>
				{teams ? (
					<>
						<table className="mt-3 w-full text-sm" data-team-standings="">
							<caption className="sr-only">Teams</caption>
							<thead>
								<tr className="text-xs tracking-wide text-muted uppercase">
									<th scope="col" className="px-2 py-1 text-right">
										Rank
									</th>
									<th scope="col" className="px-2 py-1 text-left">
										Team
									</th>
									<th scope="col" className="px-2 py-1 text-right">
										Score
									</th>
									<th scope="col" className="px-2 py-1 text-right">
										Members
									</th>
								</tr>
							</thead>
							<tbody className="divide-y divide-line">
								{teams.map((team) => (
									<tr key={team.name} data-team={team.name}>
										<td className="px-2 py-1 text-right tabular-nums">{team.rank ?? '—'}</td>
										<th scope="row" className="px-2 py-1 text-left">
											<a href={`#team-${teams.indexOf(team)}`} className="text-link underline">
												{team.name}
											</a>
										</th>
										<td className="px-2 py-1 text-right font-semibold tabular-nums">
											{team.score === null ? <span className="font-normal text-muted">no data</span> : formatNumber(Math.round(team.score))}
										</td>
										<td className="px-2 py-1 text-right tabular-nums">{team.members.length}</td>
									</tr>
								))}
							</tbody>
						</table>
						{teams.map((team, index) => (
							<section key={team.name} aria-labelledby={`team-${index}`} className="mt-6">
								<h3 id={`team-${index}`} className="text-lg font-bold">
									{team.rank ? `${team.rank}. ` : ''}
									{team.name}
								</h3>
								<StandingsTable
									standings={team.members}
									metrics={metrics}
									lastCheckedAt={lastCheckedAt}
									caption={`${team.name}: each member’s part`}
								/>
							</section>
						))}
					</>
				) : (
					<StandingsTable standings={standings} metrics={metrics} lastCheckedAt={lastCheckedAt} caption="Standings" />
				)}
			</section>

			<ProgressSection series={topProgress} until={Math.min(now, competition.endsAt.getTime())} />

			<section aria-labelledby="update-now" className="mt-10 rounded-lg border border-line p-5">
				<h2 id="update-now" className="text-lg font-bold">
					Update now
				</h2>
				<p className="mt-1 text-sm text-muted">
					With the code, every participant is fetched again now, one after another (once every 10 minutes).
				</p>
				<Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
					<div>
						<label htmlFor="update-code" className="block">
							Verification code
						</label>
						<input
							id="update-code"
							name="code"
							required
							autoComplete="off"
							maxLength={64}
							aria-invalid={actionData ? true : undefined}
							aria-describedby={actionData ? 'update-error' : undefined}
							className="mt-1 block rounded-md border border-line bg-sunken px-3 py-2"
						/>
					</div>
					<button type="submit" className="rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg">
						Update now
					</button>
				</Form>
				{actionData ? (
					<p id="update-error" role="alert" className="mt-2 text-sm text-bad" data-update-error="">
						{actionData.error}
					</p>
				) : null}
			</section>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`
