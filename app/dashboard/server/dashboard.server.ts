import { galleryFromResponse, galleryQuery, type GalleryData } from '#app/dashboard/gallery-data.ts'
import { getEnv } from '#app/server/env.server.ts'
import { getServices } from './services.server.ts'
import type { Session } from './session.server.ts'

/** The session, or throws the redirect to the locked dashboard (see requireDashboardSession). */
export async function requireDashboardSession(request: Request): Promise<Session> {
	const { auth } = await getServices()
	return auth.requireDashboardSession(request)
}

export async function hasDashboardSession(request: Request): Promise<boolean> {
	const { auth } = await getServices()
	return (await auth.readSession(request)) !== null
}

/**
 * One gallery page, from the image API's own list handler, called in-process. The dashboard
 * session authorises it (the API's `allowRequest`), so no API key is involved: only the cookie
 * of the page request is passed on. Call after `requireDashboardSession`.
 */
export async function listGalleryPage(request: Request, page: number, filter = ''): Promise<GalleryData> {
	const { imagesApi } = await getServices()
	const url = new URL(`/api/v1/images/view?${galleryQuery(page, undefined, filter)}`, request.url)
	const headers = new Headers({ accept: 'application/json' })
	const cookie = request.headers.get('cookie')
	if (cookie) headers.set('cookie', cookie)
	// The session authorises it, so no API key is checked and the client address is never counted.
	const response = await imagesApi.handleListImages(new Request(url, { headers }), 'dashboard')
	return galleryFromResponse(response, page)
}

/** `MAX_UPLOAD_BYTES`, for the upload page (both drivers enforce it). */
export function uploadLimitBytes(): number | null {
	return getEnv().MAX_UPLOAD_BYTES ?? null
}
