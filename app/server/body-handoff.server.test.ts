import type { EntryContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import { omitBodyHtmlFromHandoff } from './body-handoff.server.ts'

const HTML = '<p>Run energy is welcome — “quoted”, \\ and a newline\n</p>'

/** A stream in the shape React Router encodes loader data: the data's first line, then deferred ones. */
function handoff(text: string, chunkSize: number): ReadableStream<Uint8Array> {
	const bytes = new TextEncoder().encode(text)
	return new ReadableStream({
		start(controller) {
			for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.subarray(i, i + chunkSize))
			controller.close()
		},
	})
}

function context(loaderData: Record<string, unknown>, stream: ReadableStream<Uint8Array>) {
	return { staticHandlerContext: { loaderData }, serverHandoffStream: stream } as unknown as EntryContext
}

async function read(stream: ReadableStream<Uint8Array> | undefined) {
	return new Response(stream).text()
}

const body = { html: HTML, islands: [{ widget: 'tabs', children: [] }] }
const encoded = `[{"page":1},{"body":2},{"html":3,"islands":4},${JSON.stringify(HTML)},[]]\nP5:[${JSON.stringify(HTML)}]\n`

describe('omitBodyHtmlFromHandoff', () => {
	test.each([1, 7, 4096])('the first line loses the body HTML, in chunks of %i bytes; later lines pass as they are', async (size) => {
		const entry = context({ 'guide-guides': { page: { body } } }, handoff(encoded, size))
		omitBodyHtmlFromHandoff(entry)
		expect(await read(entry.serverHandoffStream)).toBe(
			`[{"page":1},{"body":2},{"html":3,"islands":4},"",[]]\nP5:[${JSON.stringify(HTML)}]\n`,
		)
	})

	test('a document without a guide body keeps its stream', async () => {
		const stream = handoff(encoded, 16)
		const entry = context({ root: { posthog: null }, quest: { page: { title: 'x' } } }, stream)
		omitBodyHtmlFromHandoff(entry)
		expect(entry.serverHandoffStream).toBe(stream)
	})
})
