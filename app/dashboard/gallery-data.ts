import { z } from 'zod'
import { contentTypeForExtension, extensionOf, FILE_TYPES, isImageType } from './file-types.ts'
import { statusText } from '#app/lib/http-status.ts'
import { GALLERY_PAGE_SIZE, pageCount } from './pagination.ts'

/** `GET /api/v1/images/view` (see server/images-api.server.ts). */
const listSchema = z.object({
	images: z.array(
		z.object({
			key: z.string(),
			publicUrl: z.string(),
			size: z.number(),
			lastModified: z.string(),
		}),
	),
	pagination: z.object({ total: z.number().int().min(0) }),
})

type ImageListBody = z.infer<typeof listSchema>

export type GalleryItem = {
	key: string
	/** The readable part of the key, e.g. `map.png`. */
	name: string
	url: string
	size: number
	lastModified: string
	isImage: boolean
	/** `PNG`, `PDF`…, or the bare extension for a type we no longer list. */
	typeLabel: string
}

export type GalleryData =
	| { ok: true; page: number; pageSize: number; total: number; totalPages: number; items: GalleryItem[] }
	| { ok: false; page: number; status: number; statusText: string; message: string | null }

// Keys are `<22 time+random chars>-<name>` (keys.server.ts).
const KEY_PREFIX = /^[0-9a-z]{22}-/

export function displayNameOfKey(key: string): string {
	return key.replace(KEY_PREFIX, '') || key
}

function galleryItem(image: ImageListBody['images'][number]): GalleryItem {
	const extension = extensionOf(image.key)
	const type = contentTypeForExtension(extension)
	return {
		key: image.key,
		name: displayNameOfKey(image.key),
		url: image.publicUrl,
		size: image.size,
		lastModified: image.lastModified,
		isImage: type ? isImageType(type) : false,
		typeLabel: type ? FILE_TYPES[type].label : extension.toUpperCase() || 'FILE',
	}
}

/** Longest file-name filter the gallery sends (the API refuses more). */
export const MAX_GALLERY_FILTER = 100

/** The gallery's `?q=`: trimmed, at most MAX_GALLERY_FILTER characters, '' for none. */
export function galleryFilter(value: string | null): string {
	return (value ?? '').trim().slice(0, MAX_GALLERY_FILTER)
}

export function galleryQuery(page: number, pageSize = GALLERY_PAGE_SIZE, filter = ''): string {
	const query = `limit=${pageSize}&offset=${(page - 1) * pageSize}`
	return filter ? `${query}&q=${encodeURIComponent(filter)}` : query
}

/** A gallery page's own URL, keeping the filter. */
export function galleryHref(path: string, page: number, filter: string): string {
	const params = new URLSearchParams()
	if (page > 1) params.set('page', String(page))
	if (filter) params.set('q', filter)
	const query = params.toString()
	return query ? `${path}?${query}` : path
}

const errorBodySchema = z.object({ error: z.object({ message: z.string() }) })

/** The message of the images API's error answer (`{ error: { code, message } }`), or null. */
export function apiErrorMessage(body: unknown): string | null {
	const parsed = errorBodySchema.safeParse(body)
	return parsed.success ? parsed.data.error.message : null
}

/** A gallery page from the list (the API's body, or the same list read on the server). */
export function galleryFromList(list: ImageListBody, page: number, pageSize = GALLERY_PAGE_SIZE): GalleryData {
	const { total } = list.pagination
	return { ok: true, page, pageSize, total, totalPages: pageCount(total, pageSize), items: list.images.map(galleryItem) }
}

/** A gallery page that could not be listed: the status, its reason and the API's message. */
export function galleryFailure(page: number, status: number, message: string | null, reason?: string): GalleryData {
	return { ok: false, page, status, statusText: statusText(status, reason), message }
}

/** Turns the list API's answer into the gallery's data (in the browser: see galleryListQuery). */
export async function galleryFromResponse(response: Response, page: number, pageSize = GALLERY_PAGE_SIZE): Promise<GalleryData> {
	const body: unknown = await response.json().catch(() => null)
	if (!response.ok) {
		const message = apiErrorMessage(body)
		return galleryFailure(page, response.status, message, response.statusText)
	}
	const parsed = listSchema.safeParse(body)
	if (!parsed.success) return galleryFailure(page, 502, 'The image list came back in an unexpected shape.')
	return galleryFromList(parsed.data, page, pageSize)
}
