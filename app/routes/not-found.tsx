import { data } from 'react-router'
import type { Route } from './+types/not-found'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { notFound } from '#app/server/not-found.server.ts'

export function loader({ request }: Route.LoaderArgs) {
	notFound(new URL(request.url).pathname)
}

export function action() {
	throw data('Not Found', { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found - Gielinor Guide' }, { name: 'robots', content: 'noindex' }]

export default function NotFoundRoute() {
	return null
}

export const ErrorBoundary = GeneralErrorBoundary
