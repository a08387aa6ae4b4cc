import { data, Form, Link } from 'react-router'
import type { Route } from './+types/names'
import { Breadcrumbs } from '#app/components/breadcrumbs.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { checkNameChangeInput } from '#app/groups/server/name-change-input.server.ts'
import { NAME_CHANGE_STATUS } from '#app/groups/server/names-api.server.ts'
import type { NameChangeView } from '#app/groups/server/name-changes.server.ts'
import { getNameChanges } from '#app/groups/server/services.server.ts'
import { formatDateTime } from '#app/lib/format-date.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { withRetryAfter } from '#app/server/page-limit.server.ts'
import { readForm } from '#app/server/form-body.server.ts'
import { clientKeyContext } from '#app/server/load-context.server.ts'
import { playerPath } from '#app/lib/player-paths.ts'
import { NAME_CHANGES_PATH as NAMES_PATH } from '#app/tracker/paths.ts'

export async function loader() {
	return { recent: await getNameChanges().recent(30) }
}

/** The form, without JavaScript too: the outcome with its status (200, 202, 400, 409, 422, 429, 503), the form as filled in. */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const values = { oldName: String(form.get('oldName') ?? ''), newName: String(form.get('newName') ?? '') }
	const checked = checkNameChangeInput(values)
	if (!checked.ok) return data({ kind: 'invalid' as const, message: checked.message, values }, { status: 400 })
	const outcome = await getNameChanges().submit(checked.value.oldName, checked.value.newName, {
		source: 'visitor',
		client: context.get(clientKeyContext),
	})
	const retryAfter = 'retryAfterSeconds' in outcome ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined
	return data({ ...outcome, values }, { status: NAME_CHANGE_STATUS[outcome.kind], headers: retryAfter })
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) =>
	withRetryAfter({ 'Cache-Control': CACHE_CONTROL.personal, 'X-Robots-Tag': 'noindex' }, actionHeaders)

export const meta: Route.MetaFunction = () => [
	{ title: `Name changes - ${SITE_NAME}` },
	{ name: 'description', content: 'Tell us a RuneScape player changed their name: their history follows them to the new one.' },
	{ name: 'robots', content: 'noindex' },
]

const input = 'mt-1 block w-full rounded-md border border-line bg-sunken px-3 py-2'

function Outcome({ outcome }: { outcome: NonNullable<Route.ComponentProps['actionData']> }) {
	const box = 'mt-6 rounded-lg border p-4'
	switch (outcome.kind) {
		case 'applied':
			return (
				<p role="status" className={`${box} border-ok/50 bg-ok-bg text-ok`} data-name-change-outcome="applied">
					Done: {outcome.change.oldName}’s history is now under{' '}
					<Link to={playerPath(outcome.change.newName)} className="font-semibold underline">
						{outcome.change.newName}
					</Link>
					, and the old name’s page leads there.
				</p>
			)
		case 'pending':
			return (
				<p role="status" className={`${box} border-line bg-raised`} data-name-change-outcome="pending">
					Waiting for review: {outcome.change.reason} The site’s authors will look at it.
				</p>
			)
		case 'too-many':
			return (
				<p role="alert" className={`${box} border-bad/50 bg-bad-bg text-bad`} data-name-change-outcome="too-many">
					Too many name changes sent from here; try again in {Math.ceil(outcome.retryAfterSeconds / 60)} minutes.
				</p>
			)
		default:
			return (
				<p role="alert" className={`${box} border-bad/50 bg-bad-bg text-bad`} data-name-change-outcome={outcome.kind}>
					{'reason' in outcome ? `Not changed: ${outcome.reason}` : outcome.message}
				</p>
			)
	}
}

function ChangeList({ changes }: { changes: NameChangeView[] }) {
	if (changes.length === 0) return <p className="mt-3 text-muted">No name changes yet.</p>
	return (
		<ul className="mt-3 divide-y divide-line rounded-xl border border-line" data-name-changes="">
			{changes.map((change) => (
				<li key={change.id} className="flex flex-wrap items-baseline gap-x-3 px-4 py-3" data-name-change={change.status}>
					<span>
						{change.oldName} →{' '}
						{change.status === 'applied' ? (
							<Link to={playerPath(change.newName)} className="font-semibold text-link underline">
								{change.newName}
							</Link>
						) : (
							<span className="font-semibold">{change.newName}</span>
						)}
					</span>
					<span className="text-sm text-muted">
						{change.status === 'applied' ? 'applied' : 'waiting for review'}
						{change.source === 'roster' ? ', seen in a clan’s roster' : ''}, {formatDateTime(change.appliedAt ?? change.submittedAt)}
					</span>
				</li>
			))}
		</ul>
	)
}

export default function Names({ loaderData, actionData }: Route.ComponentProps) {
	const values = actionData && actionData.kind !== 'applied' ? actionData.values : undefined
	return (
		<main id="main" className="mx-auto w-full max-w-4xl px-4 pt-6 pb-16 sm:px-8">
			<Breadcrumbs items={[{ path: NAMES_PATH, label: 'Name changes' }]} />
			<h1 className="mt-3 text-3xl font-extrabold tracking-tight">Name changes</h1>
			<p className="mt-3 max-w-2xl">
				Changed your RuneScape name, or saw a clanmate do it? Tell us the old and the new name: we check with RuneMetrics and the hiscores
				that the old name is gone, that the new one has at least the XP the old one had in every skill, and that the difference fits the
				time since. Then the history moves to the new name and the old name’s page leads there. A change we are not sure of waits for the
				site’s authors.
			</p>
			{actionData ? (
				actionData.kind === 'invalid' ? (
					<p role="alert" className="mt-6 rounded-lg border border-bad/50 bg-bad-bg p-4 text-bad" data-name-change-outcome="invalid">
						{actionData.message}
					</p>
				) : (
					<Outcome outcome={actionData} />
				)
			) : null}
			<Form method="post" action={NAMES_PATH} className="mt-6 grid gap-4 rounded-xl border border-line p-5 sm:grid-cols-[1fr_1fr_auto]">
				<label className="font-semibold">
					Old name
					<input name="oldName" required maxLength={12} defaultValue={values?.oldName} className={input} autoComplete="off" />
				</label>
				<label className="font-semibold">
					New name
					<input name="newName" required maxLength={12} defaultValue={values?.newName} className={input} autoComplete="off" />
				</label>
				<button type="submit" className="self-end rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg">
					Submit
				</button>
			</Form>
			<h2 className="mt-10 text-xl font-bold">Recent name changes</h2>
			<ChangeList changes={loaderData.recent} />
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
