import { ALLOWED_CONTENT_TYPES, type AllowedContentType, FILE_TYPES, contentTypeForExtension, extensionOf } from './file-types.ts'
import { formatBytes } from './format.ts'

/** The part of a browser `File` the checks need. */
export type UploadCandidate = { name: string; size: number }

export type UploadCheck = { ok: true; contentType: AllowedContentType } | { ok: false; error: string }

export type UploadOptions = {
	/** The server's `MAX_UPLOAD_BYTES`, when it has one. */
	maxBytes?: number | null
}

const MAX_NAME_LENGTH = 255

/** `PNG, JPEG, GIF, WebP, AVIF, SVG, PDF, DOC, DOCX or TXT`. */
export const ACCEPTED_TYPES_TEXT = (() => {
	const labels = ALLOWED_CONTENT_TYPES.map((type) => FILE_TYPES[type].label)
	return `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`
})()

/**
 * Checks a file before asking for an upload URL, with the rules the server applies: a known
 * extension (it decides the content type, as the server requires them to agree), not empty, a
 * name the API accepts, and under the size limit when there is one.
 */
export function validateUploadFile(file: UploadCandidate, options: UploadOptions = {}): UploadCheck {
	const name = file.name.trim()
	if (name === '') return { ok: false, error: 'A file has no name.' }
	if (name.length > MAX_NAME_LENGTH) {
		return { ok: false, error: `${shorten(name)}: the name is longer than ${MAX_NAME_LENGTH} characters.` }
	}
	const extension = extensionOf(name)
	const contentType = contentTypeForExtension(extension)
	if (!contentType) {
		const what = extension ? `.${extension} files` : 'Files without an extension'
		return {
			ok: false,
			error: `${name}: ${what} can't be uploaded. Accepted: ${ACCEPTED_TYPES_TEXT}.`,
		}
	}
	if (!(file.size > 0)) return { ok: false, error: `${name}: the file is empty.` }
	const max = options.maxBytes
	if (max && file.size > max) {
		return {
			ok: false,
			error: `${name}: ${formatBytes(file.size)} is over the ${formatBytes(max)} limit.`,
		}
	}
	return { ok: true, contentType }
}

export type SortedFiles<F extends UploadCandidate> = {
	accepted: { file: F; contentType: AllowedContentType }[]
	rejected: { file: F; error: string }[]
}

/** Splits a selection into the files to upload and those to skip (with the reason). */
export function sortUploadFiles<F extends UploadCandidate>(files: readonly F[], options: UploadOptions = {}): SortedFiles<F> {
	const sorted: SortedFiles<F> = { accepted: [], rejected: [] }
	for (const file of files) {
		const check = validateUploadFile(file, options)
		if (check.ok) sorted.accepted.push({ file, contentType: check.contentType })
		else sorted.rejected.push({ file, error: check.error })
	}
	return sorted
}

function shorten(name: string): string {
	return name.length > 40 ? `${name.slice(0, 37)}…` : name
}
