import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { expect, test } from 'vitest'
import { generatedPage, pageText } from './page-text.ts'
import { SPEC_DATA_FACTS, SPEC_FACTS } from './spec-facts.ts'

const root = path.resolve(import.meta.dirname, '../..')

test.each(SPEC_FACTS.map((f) => [f.fact, f.issue, f.page, f] as const))(
	'%s (issue %i) stands on %s, with its source',
	(_fact, _issue, pagePath, fact) => {
		const page = generatedPage(pagePath)
		const text = pageText(page)
		for (const words of fact.says) expect(text, `${pagePath} no longer says "${words}"`).toContain(words)
		expect(page.sources ?? [], `${pagePath} does not cite ${fact.source}`).toContain(fact.source)
	},
)

test.each(SPEC_FACTS.filter((f) => f.contradicted).map((f) => [f.fact, f] as const))(
	'kept against a newer source with a dated note: %s',
	(_fact, fact) => {
		expect(fact.contradicted!.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/)
		expect(fact.contradicted!.note.length).toBeGreaterThan(40)
	},
)

test('the home countdown targets 15 September 2025 11:15:00 UTC, to the second', () => {
	const events = JSON.parse(readFileSync(path.join(root, 'data/events.json'), 'utf8')) as { name: string; start: string }[]
	const { event, start } = SPEC_DATA_FACTS.countdownTarget
	const catalyst = events.find((e) => e.name === event)
	expect(catalyst?.start).toBe(start)
	expect(Date.parse(catalyst!.start)).toBe(Date.UTC(2025, 8, 15, 11, 15, 0))
})

test.each(SPEC_DATA_FACTS.guidesTo120)('the %s levelling guide continues to 120', (skill) => {
	const guide = parse(readFileSync(path.join(root, 'data/skills', `${skill}.yaml`), 'utf8')) as { ranges: { to: number }[] }
	expect(guide.ranges.at(-1)!.to).toBe(120)
})
