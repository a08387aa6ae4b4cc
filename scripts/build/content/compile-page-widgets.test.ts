import { expect, test } from 'vitest'
import { renderBody } from '#app/server/render-body.server.tsx'
import { compilePage } from './compile-page.ts'

const front = '---\ntitle: T\norder: 1\ndescription: A page for testing widget props.\n---\n'
const sizes: Record<string, { width: number; height: number }> = {
	'/images/map.svg': { width: 1000, height: 640 },
	'/images/base.svg': { width: 480, height: 360 },
}
const texts: Record<string, string> = {
	'/videos/a.mp4': '(binary)',
	'/videos/a.vtt': 'WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.500\nFirst line.\n\n2\n00:00:04.500 --> 00:01:05.250\nSecond <b>line</b>\nwraps.\n',
	'/videos/bad.vtt': 'not a transcript',
}

function compile(body: string) {
	return compilePage(`${front}\n${body}\n`, {
		file: 'content/setup/t.md',
		path: '/setup/t',
		section: 'setup',
		publicFiles: { imageSize: (src) => sizes[src], exists: (src) => src in sizes || src in texts, readText: (src) => texts[src] },
		resolveQuest: () => undefined,
	})
}

function widgetProps(result: ReturnType<typeof compile>, name: string): Record<string, unknown> {
	const found = JSON.stringify(result.page.body).match(new RegExp(`"dataWidget":"${name}","props":"((?:[^"\\\\]|\\\\.)*)"`))
	return JSON.parse(JSON.parse(`"${found![1]}"`)) as Record<string, unknown>
}

test('the world map and image table get their image size from public/', () => {
	const map = compile('::world-map{src="/images/map.svg" alt="Map"}')
	expect(map.errors).toEqual([])
	expect(widgetProps(map, 'world-map')).toEqual({ src: '/images/map.svg', alt: 'Map', width: 1000, height: 640 })

	const table = compile(':::image-table{base="/images/base.svg"}\n```yaml\n- {id: a, name: A, description: D, hoverImage: /images/map.svg}\n```\n:::')
	expect(table.errors).toEqual([])
	expect(widgetProps(table, 'image-table')).toMatchObject({ base: '/images/base.svg', width: 480, height: 360 })
})

test('a missing image of a map widget stops the build', () => {
	const result = compile('::world-map{src="/images/nope.svg" alt="Map"}')
	expect(result.errors.map((e) => e.message)).toEqual([
		'content/setup/t.md:7: image /images/nope.svg does not exist in public/ (or its size cannot be read)',
	])
})

test('data table headings reach the component as keyHeading and valueHeading', () => {
	const result = compile(':::data-table{key="Setting"}\n```yaml\n- [Loot beams, "On"]\n```\n:::')
	expect(result.errors).toEqual([])
	expect(widgetProps(result, 'data-table')).toEqual({
		keyHeading: 'Setting',
		valueHeading: 'Value',
		rows: [{ key: 'Loot beams', value: 'On' }],
	})
})

test('checklist items reach the widget with their ids, and the server HTML has the widgets', async () => {
	const result = compile(
		':::checklist{id="demo"}\n- Unlock the interface {#unlock}\n- Lock it again\n:::\n\n:::data-table{key="Setting"}\n```yaml\n- [Loot beams, "On"]\n```\n:::',
	)
	expect(result.errors).toEqual([])
	const { html } = await renderBody(result.page.body)
	expect(html).toContain('<li data-item="unlock">')
	expect(html).toContain('<li data-item="lock-it-again">')
	expect(html.match(/type="checkbox"/g)).toHaveLength(2)
	expect(html).toMatch(/<th scope="col"[^>]*>Setting<\/th>/)
})

test('a video file gets its transcript lines and length from its .vtt file', () => {
	const result = compile('::video{src="/videos/a.mp4" transcript="/videos/a.vtt" title="A fight"}')
	expect(result.errors).toEqual([])
	expect(widgetProps(result, 'video')).toEqual({
		src: '/videos/a.mp4',
		transcript: '/videos/a.vtt',
		title: 'A fight',
		lines: [
			{ start: 0, text: 'First line.' },
			{ start: 4.5, text: 'Second line wraps.' },
		],
		duration: 65.25,
	})
})

test('a video whose files are missing or whose transcript is not WebVTT stops the build', () => {
	const reasons = (body: string) => compile(body).errors.map((e) => e.reason)
	expect(reasons('::video{src="/videos/gone.mp4" title="T"}')).toEqual(['widget "video": src /videos/gone.mp4 does not exist in public/'])
	expect(reasons('::video{src="/videos/a.mp4" poster="/videos/gone.svg" title="T"}')).toEqual([
		'widget "video": poster /videos/gone.svg does not exist in public/',
	])
	expect(reasons('::video{src="/videos/a.mp4" transcript="/videos/bad.vtt" title="T"}')).toEqual([
		'widget "video": transcript /videos/bad.vtt: a WebVTT file must start with "WEBVTT"',
	])
	expect(reasons('::video{src="/videos/a.mp4" id="jNQXAC9IVRw" title="T"}')[0]).toMatch(/either id .* or src/)
	expect(reasons('::video{src="https://example.com/a.mp4" title="T"}')[0]).toMatch(/src: src must be the path of a file under public/)
})
