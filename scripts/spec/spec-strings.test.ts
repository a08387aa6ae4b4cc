import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { generatedPage, pageText, tabLabels } from './page-text.ts'
import { SPEC_STRINGS, type SpecString } from './spec-strings.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** Where the string is looked for, as text: the component's source, or the page's text, title or tab labels. */
function rendered(entry: SpecString): string {
	if ('component' in entry.in) {
		// JSX text may wrap across lines; make runs of whitespace one space, as the browser does.
		return readFileSync(path.join(root, entry.in.component), 'utf8').replace(/\s+/g, ' ')
	}
	const page = generatedPage(entry.in.page)
	if (entry.in.as === 'title') return `${page.title}\n${page.label}`
	if (entry.in.as === 'tab') return tabLabels(page).join('\n')
	return pageText(page)
}

const where = (e: SpecString) => ('component' in e.in ? e.in.component : `${e.in.page}${e.in.as ? ` (${e.in.as})` : ''}`)

describe('every string the specification quotes is rendered verbatim', () => {
	test.each(SPEC_STRINGS.filter((e) => !e.superseded).map((e) => [e.text, e.issue, where(e), e] as const))(
		'%j (issue %i) in %s',
		(text, _issue, _where, entry) => {
			const haystack = rendered(entry)
			if (entry.in && 'page' in entry.in && entry.in.as === 'tab') expect(haystack.split('\n')).toContain(text)
			else expect(haystack).toContain(text)
		},
	)
})

test.each(SPEC_STRINGS.filter((e) => e.superseded).map((e) => [e.text, where(e), e] as const))(
	'superseded %j is really gone from %s (the table says why)',
	(text, _where, entry) => {
		expect(entry.superseded?.length).toBeGreaterThan(20)
		expect(rendered(entry)).not.toContain(text)
	},
)

test('the table covers every issue of the specification', () => {
	expect(new Set(SPEC_STRINGS.map((e) => e.issue))).toEqual(new Set([2, 3, 4, 5, 6, 7, 8]))
})

test("the drawer strings are the specification's, not a respelling", () => {
	// Issue 41: British spelling is right for our own prose, but these two are contract.
	const drawer = readFileSync(path.join(root, 'app/skill-guides/skill-drawer.tsx'), 'utf8')
	expect(drawer).not.toContain('Levelling guide for the skill')
	expect(SPEC_STRINGS.map((e) => e.text)).toEqual(
		expect.arrayContaining(['Leveling guide for the skill', 'No leveling guide available for this skill yet.']),
	)
})
