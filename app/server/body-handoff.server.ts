import type { EntryContext } from 'react-router'
import type { GuideBodyData } from '#app/widgets/island.tsx'

/** The body HTML of each page body in a route's loader data (`{ page: { body: GuideBodyData } }`). */
function bodyHtmls(loaderData: Record<string, unknown>): string[] {
	return Object.values(loaderData).flatMap((data) => {
		const body = (data as { page?: { body?: Partial<GuideBodyData> } } | null)?.page?.body
		return typeof body?.html === 'string' && Array.isArray(body.islands) && body.html !== '' ? [body.html] : []
	})
}

const NEWLINE = 0x0a

/**
 * Leaves each guide body's HTML out of the route data a document carries for hydration
 * (docs/decisions/0018-guide-islands.md): the document already has it, as the article's HTML, and
 * `<GuideBody>` takes it from there, so sending it a second time (as a string in React Router's
 * turbo-stream) only doubled the bytes and the script to parse. In the stream the body becomes
 * `html: ""`. The route data of a client navigation (a `.data` request) does not go through here
 * and keeps the HTML.
 *
 * React Router has already encoded the loader data by the time the document renders: everything
 * that is not deferred is its stream's first line, where a string is its `JSON.stringify`.
 */
export function omitBodyHtmlFromHandoff(context: EntryContext): void {
	const stream = context.serverHandoffStream
	const htmls = bodyHtmls(context.staticHandlerContext.loaderData ?? {})
	if (!stream || htmls.length === 0) return
	const encoder = new TextEncoder()
	const decoder = new TextDecoder()
	const held: Uint8Array[] = []
	let passing = false
	const firstLine = (bytes: Uint8Array) => {
		let text = decoder.decode(bytes)
		for (const html of htmls) text = text.replace(JSON.stringify(html), () => '""')
		return encoder.encode(text)
	}
	context.serverHandoffStream = stream.pipeThrough(
		new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				if (passing) return controller.enqueue(chunk)
				// A newline byte is never inside a UTF-8 character (and JSON escapes it in strings).
				const end = chunk.indexOf(NEWLINE)
				if (end === -1) return void held.push(chunk)
				passing = true
				controller.enqueue(firstLine(Buffer.concat([...held, chunk.subarray(0, end + 1)])))
				if (end + 1 < chunk.length) controller.enqueue(chunk.subarray(end + 1))
			},
			flush(controller) {
				if (!passing && held.length > 0) controller.enqueue(firstLine(Buffer.concat(held)))
			},
		}),
	)
}
