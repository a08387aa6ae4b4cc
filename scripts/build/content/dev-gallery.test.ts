import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import { compileDevGallery, galleryBody } from './dev-gallery.ts'

const h2 = (text: string): CompactNode => ['h2', { id: text.toLowerCase() }, text]
const p = (text: string): CompactNode => ['p', 0, text]
const pre = (code: string): CompactNode => ['pre', 0, ['code', 0, code]]
const widget: CompactNode = ['x-widget', { dataWidget: 'metronome', props: '{}' }]

test('each section puts its code fences beside the live widgets, after its intro', () => {
	const body = [p('Intro'), h2('Metronome'), p('About it'), pre('::metronome'), widget, h2('Empty'), p('Nothing to show')]
	expect(galleryBody(body)).toEqual([
		p('Intro'),
		[
			'section',
			{ className: ['gallery-item'] },
			h2('Metronome'),
			p('About it'),
			[
				'div',
				{ className: ['gallery-demo'] },
				['div', { className: ['gallery-source'] }, pre('::metronome')],
				['div', { className: ['gallery-live'] }, widget],
			],
		],
		['section', { className: ['gallery-item'] }, h2('Empty'), p('Nothing to show')],
	])
})

function gallery(markdown: string) {
	const root = mkdtempSync(path.join(tmpdir(), 'gallery-'))
	mkdirSync(path.join(root, 'content-dev'))
	mkdirSync(path.join(root, 'public'))
	writeFileSync(path.join(root, 'content-dev/widgets.md'), markdown)
	return compileDevGallery({
		file: path.join(root, 'content-dev/widgets.md'),
		publicDir: path.join(root, 'public'),
		resolveQuest: () => undefined,
		pagePaths: new Set(['/setup/map']),
	})
}

const front = '---\ntitle: Widget Gallery\norder: 0\ndescription: The gallery of widgets for authors.\n---\n'

test('the gallery compiles like a page at /dev/widgets, with its widgets checked', () => {
	const { page, errors } = gallery(`${front}\n## Metronome\n\n\`\`\`md\n::metronome\n\`\`\`\n\n::metronome\n\nSee [the map](/setup/map).\n`)
	expect(errors).toEqual([])
	expect(page.path).toBe('/dev/widgets')
	expect(page.widgets).toEqual(['metronome'])
	expect(JSON.stringify(page.body)).toContain('gallery-live')
})

test('a bad widget or a broken link in the gallery is an error with its file and line', () => {
	const { errors } = gallery(`${front}\n::metronome{bpm="fast"}\n\n[Nowhere](/setup/nowhere)\n`)
	expect(errors.map((e) => e.message)).toEqual([
		expect.stringMatching(/^content-dev\/widgets.md:7: widget "metronome": bpm:/),
		'content-dev/widgets.md:9: broken link /setup/nowhere: no such page',
	])
})
