import { data, Form, Link } from 'react-router'
import type { Route } from './+types/group'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ActivityFeed } from '#app/groups/activity-feed.tsx'
import { ACTIVITY_LIMIT } from '#app/groups/activity.ts'
import { groupPageHref, groupPagesSchema, type Paged } from '#app/groups/group-page.ts'
import { Pagination } from '#app/components/pagination.tsx'
import { getGroupsService } from '#app/groups/server/services.server.ts'
import { COMPETITIONS_PATH, competitionPath } from '#app/competitions/paths.ts'
import { getCompetitionsService } from '#app/competitions/server/services.server.ts'
import { readGroupWebhook } from '#app/competitions/server/services.server.ts'
import { gainIn, groupGainsQuerySchema, type GroupGainsQuery } from '#app/groups/group-gains.ts'
import { parseQuery } from '#app/lib/query-params.ts'
import { SKILLS, skillLabel } from '#app/lib/skills.ts'
import { getClock } from '#app/server/clock.server.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { playerPath } from '#app/lib/player-paths.ts'

const CAP_MARK = { capped: '✔', 'not-capped': '✘', unknown: '?' } as const

const DEFAULT_GAINS: GroupGainsQuery = { period: 'week', sort: 'overall' }

/**
 * `?period=day|week|month|year` or `?from=&to=` (UTC days) and `?sort=overall|<skill>` choose the
 * gains shown; `?page=` the members' page (and the caps grid's), `?gainsPage=` the gains' page
 * (past the last: the last). A bad parameter is a 400 that names it, with the defaults shown.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
	if (!/^[1-9]\d{0,8}$/.test(params.id)) throw data('No such group.', { status: 404 })
	const id = Number(params.id)
	const search = new URL(request.url).searchParams
	// The form sends its dates whatever the period: a period chosen wins over them (the API refuses both).
	if (search.get('period')) ['from', 'to'].forEach((name) => search.delete(name))
	const asked = parseQuery(groupGainsQuerySchema(utcDay(getClock().now())), search, { ignoreUnknown: true })
	const query = asked.ok ? asked.value : DEFAULT_GAINS
	const askedPages = parseQuery(groupPagesSchema, search, { ignoreUnknown: true })
	const pages = askedPages.ok ? askedPages.value : { page: 1, gainsPage: 1 }
	const [read, competitions, webhook] = await Promise.all([
		getGroupsService().page(id, query, pages),
		getCompetitionsService().ofGroup(id),
		readGroupWebhook(id),
	])
	if (!read.ok) throw data(read.message, { status: 404 })
	const { gains } = read
	const page = {
		...read,
		// Only what the table shows: a member's 29 skills each would weigh on every page.
		gains: {
			from: gains.from,
			to: gains.to,
			members: {
				...gains.members,
				rows: gains.members.rows.map((m) => ({ key: m.key, name: m.name, overall: m.overall, sorted: gainIn(m, query.sort) })),
			},
		},
		competitions,
		webhook,
		query,
		gainsError: asked.ok ? null : asked.message,
		pageError: askedPages.ok ? null : { parameter: askedPages.parameter, message: askedPages.message },
	}
	return asked.ok && askedPages.ok ? page : data(page, { status: 400 })
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': CACHE_CONTROL.personal, 'X-Robots-Tag': 'noindex' })

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.group.name ?? 'Group'} - ${SITE_NAME}` },
	{ name: 'robots', content: 'noindex' },
]

const day = (date: Date) => date.toISOString().slice(0, 10)
const PERIODS = ['day', 'week', 'month', 'year'] as const
const sortLabel = (sort: GroupGainsQuery['sort']) => (sort === 'overall' ? 'Overall' : skillLabel(sort))
const xp = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-GB'))

const field = 'rounded-md border border-line bg-sunken px-3 py-2'

export default function Group({ loaderData }: Route.ComponentProps) {
	const { group, members, caps, gains, query, gainsError, pageError, activity, competitions, webhook } = loaderData
	// A new sort starts the gains over from their first page; the members stay on theirs.
	const sortHref = (sort: GroupGainsQuery['sort']) => groupPageHref({ ...query, sort }, { page: members.page, gainsPage: 1 }, 'gains')
	const membersHref = (anchor: string) => (page: number) => groupPageHref(query, { page, gainsPage: gains.members.page }, anchor)
	const gainsHref = (gainsPage: number) => groupPageHref(query, { page: members.page, gainsPage }, 'gains')
	const pageProblem = (parameter: string) =>
		pageError?.parameter === parameter ? (
			<p role="alert" className="mt-3 rounded-md bg-bad-bg px-4 py-3 text-bad" data-page-error="">
				{pageError.message} (showing the first page).
			</p>
		) : null
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs
				items={[
					{ path: '/groups', label: 'Groups' },
					{ path: `/groups/${group.id}`, label: group.name },
				]}
			/>
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight">{group.name}</h1>
			<p className="mt-2 text-muted">
				{group.clanName ? `The clan ${group.clanName}, roster read ${day(group.rosterAt)}` : 'A group of players'}
				{group.citadelReset ? `; citadel resets ${group.citadelReset.weekday} ${group.citadelReset.time} UTC` : ''}.
			</p>
			{webhook?.disabledAt ? (
				<p className="mt-2 text-sm" role="status" data-webhook-off="">
					Discord notifications are off: Discord answered “{webhook.disabledReason}” on {day(webhook.disabledAt)}. Set the webhook again to
					switch them back on.
				</p>
			) : null}
			<h2 id="members" className="mt-8 text-xl font-bold">
				Members ({members.total})
			</h2>
			<p className="mt-1 text-sm text-muted">Total level once a member has been looked up on the site (— until then).</p>
			{pageProblem('page')}
			<Showing paged={members} what="members" />
			<table className="mt-3 w-full text-left text-sm" data-group-members="">
				<thead>
					<tr>
						<th scope="col" className="py-1">
							Name
						</th>
						<th scope="col">Rank</th>
						<th scope="col" className="text-right">
							Total level
						</th>
						<th scope="col" className="text-right">
							Total XP
						</th>
					</tr>
				</thead>
				<tbody>
					{members.rows.map((member) => (
						<tr key={member.key} className="border-t border-line">
							<td className="py-1">
								<Link to={playerPath(member.name)} className="text-link underline">
									{member.name}
								</Link>
							</td>
							<td>{member.rank ?? '—'}</td>
							<td className="text-right tabular-nums">{member.totalLevel ?? '—'}</td>
							<td className="text-right tabular-nums">{member.totalXp === null ? '—' : member.totalXp.toLocaleString('en-GB')}</td>
						</tr>
					))}
				</tbody>
			</table>
			<Pagination page={members.page} totalPages={members.pages} href={membersHref('members')} label="Member pages" className="mt-4" />
			<h2 className="mt-10 text-xl font-bold">Competitions</h2>
			{competitions.length === 0 ? (
				<p className="mt-2 text-muted">
					None yet:{' '}
					<Link to={COMPETITIONS_PATH} className="text-link underline">
						create one
					</Link>{' '}
					with this group’s number, {group.id}.
				</p>
			) : (
				<ul className="mt-2 divide-y divide-line" data-group-competitions="">
					{competitions.map((competition) => (
						<li key={competition.id} className="py-1.5">
							<Link to={competitionPath(competition.id)} className="text-link underline">
								{competition.title}
							</Link>
							<span className="ml-2 text-sm text-muted">
								{competition.status}, {day(competition.startsAt)} – {day(competition.endsAt)}
							</span>
						</li>
					))}
				</ul>
			)}
			<h2 id="gains" className="mt-10 text-xl font-bold">
				Gains
			</h2>
			<Form method="get" className="mt-3 flex flex-wrap items-end gap-3 text-sm" data-gains-form="">
				{members.page > 1 ? <input type="hidden" name="page" value={members.page} /> : null}
				<label className="flex flex-col gap-1">
					Period
					<select name="period" defaultValue={'period' in query ? query.period : ''} className={field}>
						{PERIODS.map((period) => (
							<option key={period} value={period}>
								Last {period}
							</option>
						))}
						<option value="">From–to dates</option>
					</select>
				</label>
				<label className="flex flex-col gap-1">
					From
					<input type="date" name="from" defaultValue={'from' in query ? query.from : ''} className={field} />
				</label>
				<label className="flex flex-col gap-1">
					To
					<input type="date" name="to" defaultValue={'to' in query ? query.to : ''} className={field} />
				</label>
				<label className="flex flex-col gap-1">
					Sort by
					<select name="sort" defaultValue={query.sort} className={field}>
						<option value="overall">Overall</option>
						{SKILLS.map((skill) => (
							<option key={skill.name} value={skill.name}>
								{skill.label}
							</option>
						))}
					</select>
				</label>
				<button type="submit" className="rounded-md border border-line px-4 py-2 font-semibold">
					Show
				</button>
			</Form>
			{gainsError ? (
				<p role="alert" className="mt-3 rounded-md bg-bad-bg px-4 py-3 text-bad" data-gains-error="">
					{gainsError} (showing the last week).
				</p>
			) : null}
			{pageProblem('gainsPage')}
			<p className="mt-2 text-sm text-muted">
				XP gained from {day(new Date(gains.from))} to {day(new Date(gains.to))} (UTC), between the snapshots the site holds; — for a member
				not looked up on the site in that time. Sorted over all the members, most {sortLabel(query.sort)} XP first.
			</p>
			<Showing paged={gains.members} what="members" />
			<table className="mt-3 w-full text-left text-sm" data-group-gains="">
				<thead>
					<tr>
						<th scope="col" className="py-1">
							Member
						</th>
						{query.sort === 'overall' ? null : (
							<th scope="col" className="text-right" aria-sort="descending">
								{sortLabel(query.sort)} XP
							</th>
						)}
						<th scope="col" className="text-right" aria-sort={query.sort === 'overall' ? 'descending' : undefined}>
							<Link to={sortHref('overall')} className="text-link underline">
								Overall XP
							</Link>
						</th>
					</tr>
				</thead>
				<tbody>
					{gains.members.rows.map((member) => (
						<tr key={member.key} className="border-t border-line">
							<td className="py-1">
								<Link to={playerPath(member.name)} className="text-link underline">
									{member.name}
								</Link>
							</td>
							{query.sort === 'overall' ? null : <td className="text-right tabular-nums">{xp(member.sorted)}</td>}
							<td className="text-right tabular-nums">{xp(member.overall)}</td>
						</tr>
					))}
				</tbody>
			</table>
			<Pagination page={gains.members.page} totalPages={gains.members.pages} href={gainsHref} label="Gains pages" className="mt-4" />
			<h2 id="caps" className="mt-10 text-xl font-bold">
				Citadel caps
			</h2>
			{caps ? (
				<>
					<p className="mt-2 text-sm text-muted">✔ capped, ✘ not capped, ? not known (a private profile, or a log not seen that week).</p>
					<Showing paged={members} what="members" />
					<div className="mt-3 overflow-x-auto">
						<table className="text-sm" data-caps-grid="">
							<thead>
								<tr>
									<th scope="col" className="pr-3 text-left">
										Member
									</th>
									{caps.weeks.map((week) => (
										<th key={String(week.start)} scope="col" className="px-1 font-normal">
											{day(week.start).slice(5)}
										</th>
									))}
									<th scope="col" className="pl-3">
										Current streak
									</th>
									<th scope="col" className="pl-3">
										Longest streak
									</th>
								</tr>
							</thead>
							<tbody>
								{caps.members.map((row) => (
									<tr key={row.key} className="border-t border-line">
										<th scope="row" className="pr-3 text-left font-normal">
											{row.name}
										</th>
										{row.weeks.map((state, i) => (
											<td key={i} className="px-1 text-center" title={state}>
												{CAP_MARK[state]}
											</td>
										))}
										<td className="pl-3 text-center">{row.currentStreak}</td>
										<td className="pl-3 text-center">{row.longestStreak}</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
					<Pagination page={members.page} totalPages={members.pages} href={membersHref('caps')} label="Caps grid pages" className="mt-4" />
				</>
			) : (
				<p className="mt-2 text-muted">This group has no citadel reset set, so it has no caps grid.</p>
			)}
			<ActivityFeed items={activity} limit={ACTIVITY_LIMIT.default} />
		</main>
	)
}

/** "Showing 101–200 of 500 members", when the table has more than one page. */
function Showing({ paged, what }: { paged: Paged<unknown>; what: string }) {
	if (paged.pages <= 1) return null
	return (
		<p className="mt-2 text-sm" data-showing="">
			Showing {paged.first}–{paged.last} of {paged.total} {what} (page {paged.page} of {paged.pages}).
		</p>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
