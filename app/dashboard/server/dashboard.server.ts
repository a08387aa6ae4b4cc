import { galleryFailure, galleryFromList, type GalleryData } from '#app/dashboard/gallery-data.ts'
import { GALLERY_PAGE_SIZE } from '#app/dashboard/pagination.ts'
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
 * One gallery page, from the same list the images API answers with. Call after
 * `requireDashboardSession`: the session is what authorises it.
 */
export async function listGalleryPage(page: number, filter = ''): Promise<GalleryData> {
	const { imagesApi } = await getServices()
	const outcome = await imagesApi.listImages({ limit: GALLERY_PAGE_SIZE, offset: (page - 1) * GALLERY_PAGE_SIZE, filter })
	return outcome.ok ? galleryFromList(outcome.list, page) : galleryFailure(page, outcome.status, outcome.message)
}

/** `MAX_UPLOAD_BYTES`, for the upload page (both drivers enforce it). */
export function uploadLimitBytes(): number | null {
	return getEnv().MAX_UPLOAD_BYTES ?? null
}
