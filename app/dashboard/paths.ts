export const DASHBOARD_PATH = '/dev/dashboard'
export const UPLOAD_PATH = '/dev/dashboard/upload'
export const GALLERY_PATH = '/dev/dashboard/gallery'
export const PLAYERS_PATH = '/dev/dashboard/players'
/** The image API's file resource: `DELETE <IMAGE_FILES_PATH><key>`. */
export const IMAGE_FILES_PATH = '/api/v1/images/files/'

/**
 * Where to go after logging in: only a dashboard path on this site (never `//evil.example` or
 * an absolute URL), else the dashboard itself.
 */
export function safeRedirectTo(value: unknown): string {
	if (typeof value !== 'string') return DASHBOARD_PATH
	const ok = /^\/dev\/dashboard(?:\/(?:upload|gallery|reports))?\/?(?:\?[\w=&%.-]*)?$/.test(value)
	return ok ? value : DASHBOARD_PATH
}

/** `<meta>` tags of every dashboard page: a title, and never in search results. */
export function dashboardMeta(title: string) {
	return [{ title: `${title} - Gielinor Guide` }, { name: 'robots', content: 'noindex' }]
}
