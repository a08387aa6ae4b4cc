export const DASHBOARD_PATH = '/dev/dashboard'
export const UPLOAD_PATH = '/dev/dashboard/upload'
export const GALLERY_PATH = '/dev/dashboard/gallery'
export const PLAYERS_PATH = '/dev/dashboard/players'
export const GROUPS_DASHBOARD_PATH = '/dev/dashboard/groups'
/** The image API's file resource: `DELETE <IMAGE_FILES_PATH><key>`. */
export const IMAGE_FILES_PATH = '/api/v1/images/files/'

/** The images API's paths (app/dashboard/server/images-api.server.ts). */
export const imagesApi = {
	/** `GET`: one page of the list, `?limit&offset&q`. */
	view: (query: string) => `/api/v1/images/view?${query}`,
	/** `DELETE`: one stored file. */
	file: (key: string) => `${IMAGE_FILES_PATH}${encodeURIComponent(key)}`,
	/** `POST` (Bearer API key, JSON): a signed URL to upload one file to. */
	uploadUrl: '/api/v1/images/upload/upload-url',
}

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
