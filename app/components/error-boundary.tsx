import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { describeStatus } from '#app/lib/http-status.ts'

/** What a 404 from our loaders carries (app/server/not-found.server.ts); absent fields are fine. */
type NotFoundDetails = { suggestions?: { path: string; title: string }[]; search?: string }

function notFoundDetails(data: unknown): NotFoundDetails {
	return typeof data === 'object' && data !== null ? (data as NotFoundDetails) : {}
}

function NotFound({ details }: { details: NotFoundDetails }) {
	const suggestions = details.suggestions ?? []
	return (
		<main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
			<p className="text-6xl font-black text-accent">404</p>
			<h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
			<p className="mt-3 text-muted">The page you're looking for doesn't exist or has been moved.</p>
			{suggestions.length > 0 ? (
				<nav aria-labelledby="closest-pages" className="mt-8 w-full text-left" data-suggestions="">
					<h2 id="closest-pages" className="text-sm font-semibold tracking-wide text-muted uppercase">
						Did you mean
					</h2>
					<ul className="mt-2 space-y-1.5">
						{suggestions.map((s) => (
							<li key={s.path}>
								<Link to={s.path} className="font-medium text-link underline underline-offset-2">
									{s.title}
								</Link>{' '}
								<span className="text-sm text-muted">{s.path}</span>
							</li>
						))}
					</ul>
				</nav>
			) : null}
			<form
				method="get"
				action="/search"
				role="search"
				aria-label="Search the site"
				className="mt-8 flex w-full gap-2"
				data-not-found-search=""
			>
				<label htmlFor="not-found-search" className="sr-only">
					Search the site
				</label>
				<input
					id="not-found-search"
					type="search"
					name="q"
					defaultValue={details.search ?? ''}
					placeholder="Search guides and quests"
					maxLength={100}
					className="min-w-0 flex-1 rounded-md border border-line bg-raised px-3 py-2 text-base text-fg placeholder:text-muted focus:border-accent focus:outline-none"
				/>
				<button type="submit" className="shrink-0 rounded-md border border-line bg-raised px-4 py-2 font-semibold hover:border-accent">
					Search
				</button>
			</form>
			<Link to="/" className="mt-8 rounded-md bg-accent px-5 py-2.5 font-semibold text-accent-fg hover:opacity-90">
				Go Home
			</Link>
		</main>
	)
}

/** The one error screen of the app: 'Page Not Found' for missing pages, details for anything else. */
export function GeneralErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 404 && error.data !== 'No route matches URL') {
		return <NotFound details={notFoundDetails(error.data)} />
	}
	let heading: string
	let detail: string | undefined
	if (isRouteErrorResponse(error)) {
		// The standard phrase, not the error's own: React Router labels every thrown `data()` without
		// a statusText "Internal Server Error", whatever its status (a 400 read "400 Internal Server Error").
		heading = describeStatus(error.status)
		detail = typeof error.data === 'string' ? error.data : (error.data as { message?: string })?.message
	} else if (error instanceof Error) {
		heading = 'Something went wrong'
		detail = error.message
	} else {
		heading = 'Something went wrong'
		detail = 'Unknown error'
	}
	return (
		<main id="main" className="mx-auto max-w-2xl px-6 py-16">
			<h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
			<h2 className="mt-4 text-xl font-semibold text-bad">{heading}</h2>
			{detail ? <p className="mt-2 text-muted">{detail}</p> : null}
			<Link to="/" className="mt-8 inline-block text-link underline">
				Go Home
			</Link>
		</main>
	)
}
