import { data, Form, Link, redirect } from 'react-router'
import type { Route } from './+types/groups'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { WEEKDAYS } from '#app/groups/citadel-caps.ts'
import { rememberCode, takeCode } from '#app/groups/server/created-code.server.ts'
import { checkNewGroup } from '#app/groups/server/group-input.server.ts'
import { groupFailureStatus } from '#app/groups/server/groups-api.server.ts'
import { getGroupsService } from '#app/groups/server/services.server.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { readForm } from '#app/server/form-body.server.ts'
import { clientKeyContext } from '#app/server/load-context.server.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { withRetryAfter } from '#app/server/page-limit.server.ts'

const GROUPS_PATH = '/groups'

/**
 * `?q=` searches the groups by name or clan. `?created=<id>` after the form: the group and its
 * code, from the one-time cookie the action set (created-code.server.ts), cleared here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const q = (url.searchParams.get('q') ?? '').trim().slice(0, 60)
	const service = getGroupsService()
	const groups = await service.list(q)
	const cookie = await takeCode(request)
	if (!cookie) return { q, groups, created: null }
	const shown =
		cookie.id === Number(url.searchParams.get('created'))
			? await service.created(cookie.id, cookie.code, context.get(clientKeyContext))
			: null
	const created = shown?.ok ? { id: shown.group.id, name: shown.group.name, members: shown.group.members.length, code: cookie.code } : null
	return data({ q, groups, created }, { headers: { 'Set-Cookie': cookie.clear } })
}

type Values = { name: string; source: string; clanName: string; members: string; weekday: string; time: string }

/**
 * The creation form, without JavaScript too. Created: 303 to `?created=<id>`, the code in a
 * one-time cookie (never in a URL), so reloading the answer neither posts again nor shows the
 * code again. Refused: the reason and the form as filled in.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const field = (name: string) => String(form.get(name) ?? '')
	const values: Values = {
		name: field('name'),
		source: field('source'),
		clanName: field('clanName'),
		members: field('members'),
		weekday: field('weekday'),
		time: field('time'),
	}
	const refuse = (status: number, error: string) => data({ ok: false as const, error, values }, { status })
	if ((values.weekday === '') !== (values.time === '')) return refuse(400, 'Give the citadel reset’s weekday and time, or neither.')
	const checked = checkNewGroup({
		name: values.name,
		...(values.source === 'names'
			? {
					members: values.members
						.split(/[\r\n,]+/)
						.map((n) => n.trim())
						.filter(Boolean),
				}
			: { clanName: values.clanName }),
		citadelReset: values.weekday ? { weekday: values.weekday, time: values.time } : null,
	})
	if (!checked.ok) return refuse(400, checked.message)
	const { name, clanName, members, citadelReset = null } = checked.value
	const created = await getGroupsService().create(
		clanName !== undefined ? { name, clanName, citadelReset } : { name, members: members!, citadelReset },
		context.get(clientKeyContext),
	)
	if (!created.ok) {
		return data(
			{ ok: false as const, error: created.message, values },
			{
				status: groupFailureStatus(created.reason),
				headers: created.retryAfterSeconds ? { 'Retry-After': String(created.retryAfterSeconds) } : undefined,
			},
		)
	}
	return redirect(`${GROUPS_PATH}?created=${created.group.id}`, {
		status: 303,
		headers: { 'Set-Cookie': await rememberCode(request, created.group.id, created.code) },
	})
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
	withRetryAfter({ 'Cache-Control': CACHE_CONTROL.personal, 'X-Robots-Tag': 'noindex' }, actionHeaders)

export const meta: Route.MetaFunction = () => [
	{ title: `Groups - ${SITE_NAME}` },
	{ name: 'description', content: 'RuneScape clans and groups of players: their members, ranks and citadel caps.' },
	{ name: 'robots', content: 'noindex' },
]

const input = 'mt-1 block w-full rounded-md border border-line bg-sunken px-3 py-2'

export default function Groups({ loaderData, actionData }: Route.ComponentProps) {
	const refused = actionData && !actionData.ok ? actionData : null
	const { created } = loaderData
	const values = refused?.values
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: GROUPS_PATH, label: 'Groups' }]} />
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight">Groups</h1>
			{created ? (
				<section role="status" className="mt-6 rounded-lg border border-accent/60 bg-raised p-5" data-group-created="">
					<h2 className="text-lg font-bold">
						Created{' '}
						<Link to={`${GROUPS_PATH}/${created.id}`} className="text-link underline">
							{created.name}
						</Link>{' '}
						with {created.members} members
					</h2>
					<p className="mt-2">Its verification code, needed to edit, sync or delete it, is shown this once: keep it.</p>
					<p className="mt-2">
						<code className="rounded bg-sunken px-2 py-1 text-lg" data-group-code="">
							{created.code}
						</code>
					</p>
				</section>
			) : null}
			<form method="get" action={GROUPS_PATH} className="mt-6 flex gap-2" role="search">
				<label htmlFor="groups-q" className="sr-only">
					Search groups
				</label>
				<input id="groups-q" name="q" defaultValue={loaderData.q} placeholder="Group or clan name" className={input} />
				<button type="submit" className="rounded-md border border-line px-4 py-2 font-semibold">
					Search
				</button>
			</form>
			{loaderData.groups.length === 0 ? (
				<p className="mt-4 text-muted">{loaderData.q ? `No group matches “${loaderData.q}”.` : 'No group yet: create the first below.'}</p>
			) : (
				<ul className="mt-4 divide-y divide-line" data-groups-list="">
					{loaderData.groups.map((group) => (
						<li key={group.id} className="py-2">
							<Link to={`${GROUPS_PATH}/${group.id}`} className="font-semibold text-link underline">
								{group.name}
							</Link>
							<span className="ml-2 text-muted">
								{group.clanName ? `clan ${group.clanName}, ` : ''}
								{group.members} members
							</span>
						</li>
					))}
				</ul>
			)}
			<section aria-labelledby="create-group" className="mt-10 rounded-lg border border-line p-5">
				<h2 id="create-group" className="text-lg font-bold">
					Create a group
				</h2>
				{refused ? (
					<p role="alert" className="mt-3 rounded-md bg-bad-bg px-4 py-3 text-bad" data-group-error="">
						{refused.error}
					</p>
				) : null}
				<Form method="post" action={GROUPS_PATH} className="mt-4 grid gap-4">
					<label>
						Name <input name="name" required maxLength={60} defaultValue={values?.name} className={input} />
					</label>
					<fieldset>
						<legend>Members</legend>
						<label className="mt-2 flex items-center gap-2">
							<input type="radio" name="source" value="clan" defaultChecked={values?.source !== 'names'} /> A clan’s roster
						</label>
						<label className="mt-1 block">
							Clan name <input name="clanName" maxLength={20} defaultValue={values?.clanName} className={input} />
						</label>
						<label className="mt-3 flex items-center gap-2">
							<input type="radio" name="source" value="names" defaultChecked={values?.source === 'names'} /> A list of players (up to 500)
						</label>
						<label className="mt-1 block">
							Player names, one a line <textarea name="members" rows={4} defaultValue={values?.members} className={input} />
						</label>
					</fieldset>
					<fieldset>
						<legend>Citadel reset (optional, UTC)</legend>
						<div className="mt-2 flex gap-3">
							<select name="weekday" defaultValue={values?.weekday ?? ''} aria-label="Weekday" className={input}>
								<option value="">No reset</option>
								{WEEKDAYS.map((day) => (
									<option key={day} value={day}>
										{day[0]!.toUpperCase() + day.slice(1)}
									</option>
								))}
							</select>
							<input type="time" name="time" defaultValue={values?.time} aria-label="Time (UTC)" className={input} />
						</div>
					</fieldset>
					<button type="submit" className="justify-self-start rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg">
						Create the group
					</button>
				</Form>
			</section>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
