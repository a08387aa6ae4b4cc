import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/competitions'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import {
	competitionBody,
	fieldErrors,
	FORM_FIELDS,
	type CompetitionFormValues,
	type FormField,
} from '#app/competitions/competition-form.ts'
import { MAX_DAYS, MAX_PARTICIPANTS, parseCompetitionInput } from '#app/competitions/competition-input.ts'
import { COMPETITIONS_PATH, competitionPath } from '#app/competitions/paths.ts'
import type { CompetitionStatus } from '#app/competitions/schedule.ts'
import { rememberCode } from '#app/competitions/server/created-code.server.ts'
import { getCompetitionsService } from '#app/competitions/server/services.server.ts'
import { formatDateTime } from '#app/lib/format-date.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { withRetryAfter } from '#app/server/page-limit.server.ts'
import { getClock } from '#app/server/clock.server.ts'
import { readForm } from '#app/server/form-body.server.ts'
import { clientKeyContext } from '#app/server/load-context.server.ts'

const STATUSES = ['ongoing', 'upcoming', 'finished'] as const satisfies CompetitionStatus[]
const STATUS_LABEL = { ongoing: 'Ongoing', upcoming: 'Upcoming', finished: 'Finished' } as const
const PAGE_SIZE = 20
const HOUR = 3_600_000

/** `2026-12-01T18:00`: a datetime-local value, in UTC. */
const localUtc = (time: number) => new Date(time).toISOString().slice(0, 16)

/**
 * `?q=` searches titles; `?status=` picks the list (by default the first with a competition);
 * `?page=` pages it. The form's times start at the next full hour, for a week.
 */
export async function loader({ request }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	const q = (params.get('q') ?? '').trim().slice(0, 80)
	const service = getCompetitionsService()
	const counts = await service.count(q)
	const asked = STATUSES.find((status) => status === params.get('status'))
	const status = asked ?? STATUSES.find((s) => counts[s] > 0) ?? 'ongoing'
	const totalPages = Math.max(1, Math.ceil(counts[status] / PAGE_SIZE))
	const page = Math.min(totalPages, Math.max(1, Math.trunc(Number(params.get('page'))) || 1))
	const competitions = await service.list(status, { search: q, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })
	const start = Math.ceil(getClock().now() / HOUR) * HOUR
	return {
		q,
		status,
		counts,
		page,
		totalPages,
		competitions,
		defaults: { startsAt: localUtc(start), endsAt: localUtc(start + 7 * 24 * HOUR) },
	}
}

/**
 * The creation form, without JavaScript too. Created: a redirect to the competition's page, its
 * code in a one-time cookie (shown there once; reloading creates nothing). Refused: each error
 * under its field, and the form as filled in.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const values = Object.fromEntries(FORM_FIELDS.map((field) => [field, String(form.get(field) ?? '')])) as CompetitionFormValues
	const { body, errors } = competitionBody(values)
	const refuse = (status: number, found: Parameters<typeof fieldErrors>[0], headers?: HeadersInit) =>
		data({ values, errors: fieldErrors(found, body) }, { status, headers })
	if (errors.length > 0) {
		const parsed = parseCompetitionInput(body)
		return refuse(400, [...errors, ...(parsed.ok ? [] : parsed.errors)])
	}
	const created = await getCompetitionsService().create(body, context.get(clientKeyContext))
	if (created.kind === 'invalid') return refuse(400, created.errors)
	if (created.kind === 'rate-limited')
		return refuse(
			429,
			[{ path: '', message: `Too many competitions created from your address; try again in ${created.retryAfterSeconds} seconds.` }],
			{
				'Retry-After': String(created.retryAfterSeconds),
			},
		)
	const id = created.competition.id
	throw redirect(competitionPath(id), { status: 303, headers: { 'Set-Cookie': await rememberCode(request, id, created.code) } })
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
	withRetryAfter({ 'Cache-Control': CACHE_CONTROL.personal, 'X-Robots-Tag': 'noindex' }, actionHeaders)

export const meta: Route.MetaFunction = () => [
	{ title: `Competitions - ${SITE_NAME}` },
	{ name: 'description', content: 'RuneScape competitions: skill of the week, team events and drop races, scored live.' },
	{ name: 'robots', content: 'noindex' },
]

const input = 'mt-1 block w-full rounded-md border border-line bg-sunken px-3 py-2'

function listHref(params: { q: string; status?: CompetitionStatus; page?: number }): string {
	const search = new URLSearchParams()
	if (params.q) search.set('q', params.q)
	if (params.status) search.set('status', params.status)
	if (params.page && params.page > 1) search.set('page', String(params.page))
	const query = search.toString()
	return query ? `${COMPETITIONS_PATH}?${query}` : COMPETITIONS_PATH
}

/** A field's errors, under it (the field's `aria-describedby` names this list). */
function FieldError({ name, messages }: { name: FormField; messages: string[] | undefined }) {
	if (!messages) return null
	return (
		<ul id={`competition-${name}-error`} className="mt-1 text-sm text-bad" data-field-error={name}>
			{messages.map((message) => (
				<li key={message}>{message}</li>
			))}
		</ul>
	)
}

export default function Competitions({ loaderData, actionData }: Route.ComponentProps) {
	const { q, status, counts, page, totalPages, competitions, defaults } = loaderData
	const errors = actionData?.errors ?? {}
	const values = actionData?.values
	/** A field's props and its errors' element: described by its errors, marked invalid. */
	const field = (name: FormField) => ({
		name,
		id: `competition-${name}`,
		'aria-invalid': errors[name] ? true : undefined,
		'aria-describedby': errors[name] ? `competition-${name}-error` : undefined,
	})
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: COMPETITIONS_PATH, label: 'Competitions' }]} />
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight">Competitions</h1>
			<p className="mt-2 text-muted">
				Skill of the week, team events and drop races, scored from the tracker’s snapshots and the adventurer’s log.
			</p>
			<form method="get" action={COMPETITIONS_PATH} className="mt-6 flex gap-2" role="search" aria-label="Search competitions">
				<label htmlFor="competitions-q" className="sr-only">
					Search competitions
				</label>
				<input id="competitions-q" name="q" defaultValue={q} maxLength={80} placeholder="Competition title" className={input} />
				<button type="submit" className="rounded-md border border-line px-4 py-2 font-semibold">
					Search
				</button>
			</form>
			<nav aria-label="Competitions by status" className="mt-4">
				<ul className="flex flex-wrap gap-2">
					{STATUSES.map((s) => (
						<li key={s}>
							<Link
								to={listHref({ q, status: s })}
								aria-current={s === status ? 'page' : undefined}
								className={`inline-block rounded-md border px-3 py-1.5 text-sm font-semibold ${s === status ? 'border-accent bg-accent text-accent-fg' : 'border-line text-link'}`}
							>
								{STATUS_LABEL[s]} ({counts[s]})
							</Link>
						</li>
					))}
				</ul>
			</nav>
			{competitions.length === 0 ? (
				<p className="mt-4 text-muted">{q ? `No ${status} competition matches “${q}”.` : `No ${status} competition.`}</p>
			) : (
				<ul className="mt-4 divide-y divide-line" data-competitions-list="">
					{competitions.map((competition) => (
						<li key={competition.id} className="py-2">
							<Link to={competitionPath(competition.id)} className="font-semibold text-link underline">
								{competition.title}
							</Link>
							<span className="ml-2 text-sm text-muted">
								{formatDateTime(competition.startsAt.toISOString())} – {formatDateTime(competition.endsAt.toISOString())},{' '}
								{competition.participants} participant{competition.participants === 1 ? '' : 's'}
							</span>
						</li>
					))}
				</ul>
			)}
			<Pagination
				page={page}
				totalPages={totalPages}
				href={(n) => listHref({ q, status, page: n })}
				label="Competition pages"
				className="mt-4"
			/>

			<section aria-labelledby="create-competition" className="mt-10 rounded-lg border border-line p-5">
				<h2 id="create-competition" className="text-lg font-bold">
					Create a competition
				</h2>
				{errors.form ? (
					<p role="alert" className="mt-3 rounded-md bg-bad-bg px-4 py-3 text-bad" data-field-error="form">
						{errors.form.join(' ')}
					</p>
				) : actionData ? (
					<p role="alert" className="mt-3 rounded-md bg-bad-bg px-4 py-3 text-bad">
						The competition was not created: see the fields marked below.
					</p>
				) : null}
				<Form method="post" action={COMPETITIONS_PATH} className="mt-4 grid gap-5">
					<div>
						<label htmlFor="competition-title">Title</label>
						<input {...field('title')} required maxLength={80} defaultValue={values?.title} className={input} />
						<FieldError name="title" messages={errors.title} />
					</div>
					<div className="grid gap-4 sm:grid-cols-2">
						<div>
							<label htmlFor="competition-startsAt">Start (UTC)</label>
							<input
								{...field('startsAt')}
								type="datetime-local"
								required
								defaultValue={values?.startsAt ?? defaults.startsAt}
								className={input}
							/>
							<FieldError name="startsAt" messages={errors.startsAt} />
						</div>
						<div>
							<label htmlFor="competition-endsAt">End (UTC)</label>
							<input
								{...field('endsAt')}
								type="datetime-local"
								required
								defaultValue={values?.endsAt ?? defaults.endsAt}
								className={input}
							/>
							<FieldError name="endsAt" messages={errors.endsAt} />
						</div>
					</div>
					<p className="-mt-3 text-sm text-muted">At most {MAX_DAYS} days.</p>
					<div>
						<label htmlFor="competition-metrics">Metrics, one a line</label>
						<textarea {...field('metrics')} required rows={3} defaultValue={values?.metrics ?? 'overall'} className={input} />
						<p className="mt-1 text-sm text-muted">
							A skill (<code>magic</code>), skills summed (<code>attack+strength</code>), <code>overall</code>, <code>levels</code>,{' '}
							<code>kills</code> or <code>kills:vorago</code>, <code>drops</code> or <code>drops:dragon rider boots</code>,{' '}
							<code>caps</code>. A weight after <code>*</code>: <code>kills:vorago*2</code>.
						</p>
						<FieldError name="metrics" messages={errors.metrics} />
					</div>
					<fieldset>
						<legend>Participants</legend>
						<label className="mt-2 flex items-center gap-2">
							<input type="radio" name="source" value="names" defaultChecked={values?.source !== 'group'} /> A list of players (up to{' '}
							{MAX_PARTICIPANTS})
						</label>
						<label htmlFor="competition-participants" className="mt-1 block">
							Player names, one a line
						</label>
						<textarea {...field('participants')} rows={4} defaultValue={values?.participants} className={input} />
						<FieldError name="participants" messages={errors.participants} />
						<label className="mt-3 flex items-center gap-2">
							<input type="radio" name="source" value="group" defaultChecked={values?.source === 'group'} /> A group’s members (all, or
							those listed above)
						</label>
						<label htmlFor="competition-groupId" className="mt-1 block">
							Group number (in its page’s address)
						</label>
						<input {...field('groupId')} inputMode="numeric" maxLength={10} defaultValue={values?.groupId} className={input} />
						<FieldError name="groupId" messages={errors.groupId} />
					</fieldset>
					<div>
						<label htmlFor="competition-teams">Teams (optional), one a line</label>
						<textarea
							{...field('teams')}
							rows={3}
							placeholder="Team name: player, player, player"
							defaultValue={values?.teams}
							className={input}
						/>
						<p className="mt-1 text-sm text-muted">
							Every participant in one team. With teams, the list of players may be left empty: the teams are the list.
						</p>
						<FieldError name="teams" messages={errors.teams} />
					</div>
					<button type="submit" className="justify-self-start rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg">
						Create the competition
					</button>
				</Form>
			</section>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
