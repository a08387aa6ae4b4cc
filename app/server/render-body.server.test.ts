import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import { isIslandWidget } from '#app/widgets/components.ts'
import { renderBody } from './render-body.server.tsx'

/** The outermost widgets of a compiled body that need the browser, in document order. */
function outermostIslands(nodes: readonly CompactNode[]): Array<{ widget: string; props: string }> {
	return nodes.flatMap((node) => {
		if (typeof node === 'string') return []
		const [tag, props, ...children] = node
		const widget = tag === 'x-widget' && props ? String(props.dataWidget) : ''
		if (isIslandWidget(widget)) return [{ widget, props: String((props as { props: string }).props) }]
		return outermostIslands(children)
	})
}

const decode = (value: string) =>
	value.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')

/** The placeholders of the body HTML: index, widget and props. */
function placeholders(html: string) {
	return [...html.matchAll(/<x-island data-island="(\d+)" data-widget="([^"]+)" data-props="([^"]*)">/g)].map(
		([, index, widget, props]) => ({ index: Number(index), widget, props: decode(props!) }),
	)
}

function expectManifestMatchesBody(body: CompactNode[], rendered: Awaited<ReturnType<typeof renderBody>>) {
	const expected = outermostIslands(body)
	expect(rendered.islands.map((island) => island.widget)).toEqual(expected.map((island) => island.widget))
	expect(placeholders(rendered.html)).toEqual(expected.map((island, index) => ({ index, ...island })))
}

const body: CompactNode[] = [
	['h2', { id: 'start' }, 'Start'],
	['p', 0, 'Plain prose with ', ['x-widget', { dataWidget: 'skill-badge', props: '{"skill":"magic","level":75}' }], ' inline.'],
	[
		'x-widget',
		{ dataWidget: 'callout', props: '{"variant":"tip"}' },
		['p', 0, 'Static, but holds ', ['x-widget', { dataWidget: 'skill-badge', props: '{"skill":"prayer","level":70}' }]],
	],
	[
		'x-widget',
		{ dataWidget: 'tabs', props: '{"labels":["A","B"]}' },
		[
			'x-widget',
			{ dataWidget: 'tab', props: '{"label":"A"}' },
			[
				'x-widget',
				{ dataWidget: 'checklist', props: '{"id":"c","itemIds":["x"]}' },
				['ul', 0, ['x-checklist-item', { dataItemId: 'x' }, 'X']],
			],
		],
		['x-widget', { dataWidget: 'tab', props: '{"label":"B"}' }, ['p', 0, 'Second']],
	],
	['x-widget', { dataWidget: 'metronome', props: '{}' }],
]

test('the island manifest lists the outermost widgets that need the browser, as the placeholders in the HTML do', async () => {
	const rendered = await renderBody(body)
	expectManifestMatchesBody(body, rendered)
	expect(rendered.islands.map((island) => island.widget)).toEqual(['skill-badge', 'skill-badge', 'tabs', 'metronome'])
	// A static widget is plain HTML; widgets inside an island are part of it, not islands of their own.
	expect(rendered.html).toMatch(/<p>Plain prose[^]*<div role="note" aria-label="Tip"/)
	expect(rendered.islands[2]!.children).toHaveLength(2)
	expect(rendered.html.match(/<x-island/g)).toHaveLength(4)
	// Each island is rendered with its own id prefix, so ids from two roots never collide.
	expect(rendered.html).toMatch(/id="_i2-R_/)
})

test('every compiled guide page: the manifest matches the widgets of its body', async () => {
	const dir = path.resolve(import.meta.dirname, '../generated/pages')
	const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.json'))
	expect(files.length).toBeGreaterThan(20)
	let islands = 0
	for (const file of files) {
		const page = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { body: CompactNode[] }
		const rendered = await renderBody(page.body)
		expectManifestMatchesBody(page.body, rendered)
		islands += rendered.islands.length
	}
	expect(islands).toBeGreaterThan(50)
}, 120_000)
