/**
 * The file types the dashboard may upload. The key's extension always agrees with the signed
 * content type, so the extension alone decides how a stored file is served. Pure: shared by the
 * image API on the server and the upload page in the browser.
 */
export const FILE_TYPES = {
	'image/png': { extensions: ['png'], image: true, label: 'PNG' },
	'image/jpeg': { extensions: ['jpg', 'jpeg'], image: true, label: 'JPEG' },
	'image/gif': { extensions: ['gif'], image: true, label: 'GIF' },
	'image/webp': { extensions: ['webp'], image: true, label: 'WebP' },
	'image/avif': { extensions: ['avif'], image: true, label: 'AVIF' },
	'image/svg+xml': { extensions: ['svg'], image: true, label: 'SVG' },
	'application/pdf': { extensions: ['pdf'], image: false, label: 'PDF' },
	'application/msword': { extensions: ['doc'], image: false, label: 'DOC' },
	'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
		extensions: ['docx'],
		image: false,
		label: 'DOCX',
	},
	'text/plain': { extensions: ['txt'], image: false, label: 'TXT' },
} as const satisfies Record<string, { extensions: readonly string[]; image: boolean; label: string }>

export type AllowedContentType = keyof typeof FILE_TYPES

export const ALLOWED_CONTENT_TYPES = Object.keys(FILE_TYPES) as AllowedContentType[]

const TYPE_BY_EXTENSION = new Map<string, AllowedContentType>(
	ALLOWED_CONTENT_TYPES.flatMap((type) => FILE_TYPES[type].extensions.map((extension) => [extension, type] as const)),
)

/** For `<input type="file" accept>`: every extension and media type we take. */
export const ACCEPT_ATTRIBUTE = [
	...ALLOWED_CONTENT_TYPES.flatMap((type) => FILE_TYPES[type].extensions.map((ext) => `.${ext}`)),
	...ALLOWED_CONTENT_TYPES,
].join(',')

/** `image/PNG; charset=x` → `image/png`; the parameters never matter for our types. */
export function mediaTypeEssence(contentType: string): string {
	return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

export function isAllowedContentType(contentType: string): contentType is AllowedContentType {
	return Object.hasOwn(FILE_TYPES, contentType)
}

export function extensionOf(filename: string): string {
	const dot = filename.lastIndexOf('.')
	return dot > 0 ? filename.slice(dot + 1).toLowerCase() : ''
}

export function contentTypeForExtension(extension: string): AllowedContentType | undefined {
	return TYPE_BY_EXTENSION.get(extension.toLowerCase())
}

export function isImageType(contentType: AllowedContentType): boolean {
	return FILE_TYPES[contentType].image
}
