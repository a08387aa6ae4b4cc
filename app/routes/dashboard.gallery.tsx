import { redirect } from 'react-router'
import type { Route } from './+types/dashboard.gallery'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Gallery } from '#app/dashboard/gallery.tsx'
import { type GalleryData, galleryFilter, galleryHref } from '#app/dashboard/gallery-data.ts'
import { galleryListQuery } from '#app/dashboard/images-api.ts'
import { parsePageParam } from '#app/dashboard/pagination.ts'
import { DASHBOARD_PATH, GALLERY_PATH, dashboardMeta } from '#app/dashboard/paths.ts'
import { listGalleryPage, requireDashboardSession } from '#app/dashboard/server/dashboard.server.ts'
import { queryClient } from '#app/lib/query-client.ts'

/** A bad `?page=` goes to page 1; a page past the end goes to the last page. */
function checkPage(url: URL): number {
	const page = parsePageParam(url.searchParams.get('page'))
	if (page === null) throw redirect(GALLERY_PATH)
	return page
}

function pastTheEnd(data: GalleryData, filter: string): string | null {
	if (!data.ok || data.items.length > 0 || data.totalPages === 0 || data.page <= data.totalPages) {
		return null
	}
	return galleryHref(GALLERY_PATH, data.totalPages, filter)
}

/** First render: the server lists the page with the images API's own list, under the dashboard session. */
export async function loader({ request }: Route.LoaderArgs) {
	await requireDashboardSession(request)
	const url = new URL(request.url)
	const filter = galleryFilter(url.searchParams.get('q'))
	const data = await listGalleryPage(checkPage(url), filter)
	const last = pastTheEnd(data, filter)
	if (last) throw redirect(last)
	return { ...data, filter }
}

/**
 * Page changes and 'Try Again' in the browser ask the list endpoint through TanStack Query, so a
 * failure lands in the gallery's own error state instead of the app-wide error screen, and only
 * this route's data is fetched.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<GalleryData & { filter: string }> {
	const url = new URL(request.url)
	const page = checkPage(url)
	const filter = galleryFilter(url.searchParams.get('q'))
	const data = await queryClient().fetchQuery(galleryListQuery(page, filter))
	if (!data.ok && data.status === 401) {
		// The session ran out: back to the password screen, then here again.
		throw redirect(`${DASHBOARD_PATH}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
	}
	const last = pastTheEnd(data, filter)
	if (last) throw redirect(last)
	return { ...data, filter }
}

export const meta: Route.MetaFunction = () => dashboardMeta('Image Gallery')

export default function GalleryRoute({ loaderData }: Route.ComponentProps) {
	const { filter, ...data } = loaderData
	return <Gallery data={data as GalleryData} filter={filter} />
}

export const ErrorBoundary = GeneralErrorBoundary
