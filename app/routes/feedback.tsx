import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/feedback'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { ReportFields } from '#app/feedback/report-form.tsx'
import { FEEDBACK_PATH, type ReportAnswer } from '#app/feedback/report.ts'
import { knownPages } from '#app/feedback/server/report-input.server.ts'
import { getFeedback } from '#app/feedback/server/services.server.ts'
import { SITE_NAME } from '#app/lib/content/navigation.ts'
import { CACHE_CONTROL } from '#app/server/cache-control.server.ts'
import { readForm } from '#app/server/form-body.server.ts'
import { clientKeyContext } from '#app/server/load-context.server.ts'

/** `?sent=<page>` after a report was stored (the redirect below): the page to go back to. */
export function loader({ request }: Route.LoaderArgs) {
	const sent = new URL(request.url).searchParams.get('sent')
	return { sent: sent !== null && knownPages().has(sent) ? sent : null }
}

/** The feedback feature's one mapping from a refused report to its HTTP status. */
const REFUSAL_STATUS = { 'not-ours': 403, invalid: 400, 'too-many': 429 } as const

/**
 * A report from the form at the foot of a page. Without JavaScript: stored → 303 to this page's
 * thanks (a reload can't send it twice); refused → this page with the reason and the form again.
 * From the page's script (`via=fetch`): the answer as data, shown in place.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await readForm(request)
	const result = await getFeedback().submit(form, context.get(clientKeyContext), {
		origin: request.headers.get('origin'),
		fetchSite: request.headers.get('sec-fetch-site'),
		requestOrigin: new URL(request.url).origin,
	})
	if (result.ok) {
		if (form.get('via') !== 'fetch') return redirect(`${FEEDBACK_PATH}?sent=${encodeURIComponent(result.page)}`, 303)
		return data({ ok: true, page: result.page } satisfies ReportAnswer)
	}
	const { retryAfterSeconds, refusal, ...answer } = result
	const status = REFUSAL_STATUS[refusal]
	// Back to the page, and the form again, only for a page of ours.
	const back = answer.values && knownPages().has(answer.values.page) ? answer.values.page : null
	return data(
		{ ...({ ...answer, status } satisfies ReportAnswer), back },
		{
			status,
			headers: retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
		},
	)
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
	const headers = new Headers({ 'Cache-Control': CACHE_CONTROL.none, 'X-Robots-Tag': 'noindex' })
	const retryAfter = actionHeaders.get('Retry-After')
	if (retryAfter) headers.set('Retry-After', retryAfter)
	return headers
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: `${loaderData?.sent ? 'Report sent' : 'Report a problem'} - ${SITE_NAME}` },
	{ name: 'robots', content: 'noindex' },
]

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
	const refused = actionData && !actionData.ok ? actionData : null
	const back = refused ? refused.back : loaderData.sent
	return (
		<main id="main" className="mx-auto w-full max-w-2xl px-4 pt-10 pb-16 sm:px-8">
			{refused ? (
				<>
					<h1 className="text-3xl font-extrabold tracking-tight">Your report was not sent</h1>
					<p role="alert" className="mt-4 rounded-md bg-bad-bg px-4 py-3 text-bad" data-report-error="">
						{refused.error}
					</p>
					{refused.values && refused.back ? (
						<section aria-labelledby="report-again" className="mt-8 rounded-lg border border-line p-5 text-sm">
							<h2 id="report-again" className="mb-4 text-lg font-bold">
								Something wrong on <code className="text-base">{refused.values.page}</code>?
							</h2>
							<ReportFields page={refused.values.page} reason={refused.values.reason} message={refused.values.message} />
						</section>
					) : null}
				</>
			) : loaderData.sent ? (
				<>
					<h1 className="text-3xl font-extrabold tracking-tight">Thank you</h1>
					<p role="status" className="mt-4 text-lg" data-report-sent="">
						Your report about <code className="text-base">{loaderData.sent}</code> reached the authors, who will check the page.
					</p>
				</>
			) : (
				<>
					<h1 className="text-3xl font-extrabold tracking-tight">Report a problem</h1>
					<p className="mt-4 text-muted">
						Every guide, quest and tool page ends with a “Something wrong on this page?” form: open it on the page you want to tell us
						about.
					</p>
				</>
			)}
			<p className="mt-8">
				<Link to={back ?? '/'} className="font-semibold text-link underline underline-offset-2" data-report-back="">
					{back ? '← Back to the page' : '← Home'}
				</Link>
			</p>
		</main>
	)
}

export const ErrorBoundary = GeneralErrorBoundary
