import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { statusText } from '#app/lib/http-status.ts'

function NotFound() {
	return (
		<main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
			<p className="text-6xl font-black text-accent">404</p>
			<h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
			<p className="mt-3 text-muted">The page you're looking for doesn't exist or has been moved.</p>
			<Link
				to="/"
				className="mt-8 rounded-md bg-accent px-5 py-2.5 font-semibold text-accent-fg hover:opacity-90"
			>
				Go Home
			</Link>
		</main>
	)
}

/** The one error screen of the app: 'Page Not Found' for missing pages, details for anything else. */
export function GeneralErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 404 && error.data !== 'No route matches URL') {
		return <NotFound />
	}
	let heading: string
	let detail: string | undefined
	if (isRouteErrorResponse(error)) {
		heading = `${error.status} ${statusText(error.status, error.statusText) || 'Error'}`
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
