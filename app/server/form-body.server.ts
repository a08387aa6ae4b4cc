import { data } from 'react-router'
import { controlCharacterProblem } from '#app/lib/control-characters.ts'

/**
 * The largest form a route action reads. The login form is well under 1 KB; a reader's report
 * (1,000 characters, up to 9 bytes each once UTF-8 and percent-encoded) stays under 10 KB.
 */
export const FORM_BODY_LIMIT_BYTES = 16 * 1024

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

/**
 * The fields of a posted form, read with a size cap before anything is parsed (`formData()` alone
 * would buffer whatever arrives). Throws a 413 past the cap and a 400 for a body that is not a
 * well-formed form or one with a control character in it, so a bad request is never a 500.
 */
export async function readForm(request: Request, limit = FORM_BODY_LIMIT_BYTES): Promise<FormData> {
	const type = request.headers.get('content-type') ?? ''
	if (!FORM_TYPES.test(type)) {
		throw data('Send the form as application/x-www-form-urlencoded or multipart/form-data.', { status: 400 })
	}
	const tooLarge = () => data(`Request body too large: forms here take at most ${limit} bytes.`, { status: 413 })
	if (Number(request.headers.get('content-length') ?? 0) > limit) throw tooLarge()
	const chunks: Uint8Array[] = []
	let size = 0
	if (request.body) {
		const reader = request.body.getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			size += value.byteLength
			// Stop reading: the server drops the rest of the body once the answer is sent.
			if (size > limit) {
				reader.releaseLock()
				throw tooLarge()
			}
			chunks.push(value)
		}
	}
	let form: FormData
	try {
		form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData()
	} catch {
		throw data('The form could not be read: the body is not a well-formed form.', { status: 400 })
	}
	for (const [name, value] of form) {
		const problem =
			controlCharacterProblem(name, 'A field name') ?? (typeof value === 'string' ? controlCharacterProblem(value, name) : null)
		if (problem) throw data(problem, { status: 400 })
	}
	return form
}
