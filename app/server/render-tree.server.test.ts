import { expect, test } from 'vitest'
import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import { renderBody } from './render-body.server.tsx'
import { toRenderTree } from './render-tree.server.ts'

const body: CompactNode[] = [
	['h2', { id: 'gear' }, 'Gear'],
	[
		'p',
		{ className: ['lead', 'wide'] },
		'See ',
		['a', { href: '/Guides/Gear#Top' }, 'gear'],
		' and ',
		['a', { href: 'https://runescape.wiki' }, 'the wiki'],
		'.',
	],
	[
		'table',
		{ dataRegionLabel: 'Gear' },
		['tbody', 0, '\n', ['tr', 0, '\n', ['td', { colSpan: 2, style: 'text-align: right' }, 'x'], '\n'], '\n'],
	],
	['x-checklist-item', { dataItemId: 'bank' }, 'Bank'],
	['label', { htmlFor: 'q' }, 'Name'],
]

test('hast properties become React props, and whitespace React would reject inside tables goes', () => {
	expect(toRenderTree(body)).toEqual([
		['h2', { id: 'gear' }, 'Gear'],
		[
			'p',
			{ className: 'lead wide' },
			'See ',
			['a', { href: '/Guides/Gear#Top' }, 'gear'],
			' and ',
			['a', { href: 'https://runescape.wiki' }, 'the wiki'],
			'.',
		],
		['table', { 'data-region-label': 'Gear' }, ['tbody', 0, ['tr', 0, ['td', { colSpan: 2, style: { textAlign: 'right' } }, 'x']]]],
		['x-checklist-item', { 'data-item-id': 'bank' }, 'Bank'],
		['label', { htmlFor: 'q' }, 'Name'],
	])
	// Converted once per page body.
	expect(toRenderTree(body)).toBe(toRenderTree(body))
})

test('the page body HTML has heading anchors, client links and scrolling tables', async () => {
	const { html } = await renderBody(body)
	expect(html).toContain('<h2 id="gear">Gear<a href="#gear" class="heading-anchor" aria-label="Link to this section">#</a></h2>')
	expect(html).toContain('<p class="lead wide">See <a href="/guides/gear#Top" data-discover="true">gear</a>')
	expect(html).toContain('<a href="https://runescape.wiki" target="_blank" rel="noopener noreferrer">the wiki</a>')
	expect(html).toContain(
		'<div class="overflow-x-auto" role="region" aria-label="Gear" tabindex="0"><table><tbody><tr><td colSpan="2" style="text-align:right">x</td></tr></tbody></table></div>',
	)
	expect(html).toContain('<label for="q">Name</label>')
})
