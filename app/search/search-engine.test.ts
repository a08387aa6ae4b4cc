import { beforeAll, expect, test } from 'vitest'
import payloadJson from '#app/generated/search/search-index.json' with { type: 'json' }
import { buildPayload, DIALOG_LIMITS, loadSiteSearch, normaliseQuery, PAGE_LIMITS, type SiteSearch } from './search-engine.ts'
import type { SearchDocument, SearchOutcome, SearchPayload, Segment } from './search-types.ts'

// Ranking on the real generated index: what a reader gets for the queries the issue names.
let site: SiteSearch
beforeAll(async () => {
	site = await loadSiteSearch(payloadJson as SearchPayload)
})

const hits = (outcome: SearchOutcome) => outcome.groups.flatMap((g) => g.hits)
const first = (query: string) => hits(site.search(query))[0]
const marked = (segments: Segment[]) => segments.filter((s) => s.match).map((s) => s.text)

test('"wgs" puts While Guthix Sleeps first, the guide and the quest both', () => {
	const outcome = site.search('wgs')
	expect(first('wgs')?.name).toBe('While Guthix Sleeps')
	const top = hits(outcome).slice(0, 2)
	expect(top.map((h) => h.href).sort()).toEqual(['/guides/mid-game/while-guthix-sleeps', '/quests/while-guthix-sleeps'])
	// Exact abbreviations win for the other usual ones too, whatever the case.
	expect(first('DT')?.name).toBe('Desert Treasure')
	expect(first('rfd')?.name).toBe('Recipe for Disaster')
	expect(first('Tww')?.name).toBe('The World Wakes')
	expect(first('mep1')?.name).toBe("Mourning's End Part I")
})

test('typos and prefixes find their page', () => {
	expect(first('prifdinas')?.href).toBe('/guides/mid-game/prifddinas')
	expect(first('overl')?.href).toBe('/guides/late-game/overloads')
	expect(first('necro')?.name).toBe('Necromancy')
	expect(first('necromnacy')?.name).toBe('Necromancy')
})

test('results are grouped, each group in the order of its best result', () => {
	const outcome = site.search('necromancy')
	const names = outcome.groups.map((g) => g.name)
	expect(new Set(names).size).toBe(names.length)
	expect(names).toEqual(expect.arrayContaining(['skills', 'guides', 'quests']))
	expect(outcome.groups[0]!.hits[0]!.name).toBe('Necromancy')
	for (const group of outcome.groups) expect(group.hits.length).toBeLessThanOrEqual(DIALOG_LIMITS.perGroup)
	expect(outcome.total).toBe(hits(outcome).length)
	const skill = hits(outcome).find((h) => h.kind === 'skill')!
	expect(skill).toMatchObject({ skill: 'necromancy', name: 'Necromancy' })
	expect(skill.href).toBeUndefined()
})

test('a heading match leads to the heading, with the words highlighted and a one-line excerpt', () => {
	const heading = hits(site.search('stronger overloads')).find((h) => h.kind === 'heading')!
	expect(heading.href).toMatch(/^\/guides\/late-game\/overloads#[a-z0-9-]+$/)
	expect(heading.context).toBe('Overloads')
	const page = hits(site.search('overloads'))[0]!
	expect(marked(page.title)).toEqual(['Overloads'])
	expect(page.excerpt.map((s) => s.text).join('').length).toBeLessThanOrEqual(170)
	const term = hits(site.search('thresh')).find((h) => h.kind === 'term')!
	expect(term).toMatchObject({ name: 'Thresh', href: '/setup/glossary#term-thresh' })
	expect(marked(term.title)).toEqual(['Thresh'])
})

test('the page limit shows more per group; both rank the same', () => {
	const dialog = hits(site.search('quest'))
	const page = hits(site.search('quest', PAGE_LIMITS))
	expect(page.length).toBeGreaterThan(dialog.length)
	const order = (list: typeof page, group: string) => list.filter((h) => h.kind === group).map((h) => h.id)
	expect(order(page, 'quest').slice(0, order(dialog, 'quest').length)).toEqual(order(dialog, 'quest'))
})

test('no results: empty groups and the closest titles to try', () => {
	const outcome = site.search('prifdinnnas')
	expect(outcome.total).toBe(0)
	expect(outcome.groups).toEqual([])
	expect(outcome.suggestions[0]).toMatch(/Prifddinas/)
	expect(site.search('zzzzqqqq')).toMatchObject({ total: 0, suggestions: [] })
	expect(site.search('   ')).toEqual({ query: '', total: 0, groups: [], suggestions: [] })
})

test('queries are trimmed, whitespace collapsed and cut to 100 characters', () => {
	expect(normaliseQuery('  while   guthix\n')).toBe('while guthix')
	expect(normaliseQuery('x'.repeat(300))).toHaveLength(100)
	expect(site.search(`wgs ${'y'.repeat(500)}`).query).toHaveLength(100)
})

test('an index built with other options is refused with a clear message', async () => {
	await expect(loadSiteSearch({ ...(payloadJson as SearchPayload), version: 0 })).rejects.toThrow(/rebuild it/)
})

test('a small index ranks title matches over body mentions, and skips a glossary term for the skill', async () => {
	const docs: SearchDocument[] = [
		{
			kind: 'heading',
			title: 'Notes',
			href: '/a#notes',
			context: 'A',
			text: 'Herblore comes up here once.',
		},
		{ kind: 'page', title: 'Herblore basics', href: '/b', text: 'All about potions.' },
		{
			kind: 'term',
			title: 'Herb',
			href: '/g#term-herb',
			context: 'Glossary',
			text: 'Short for Herblore.',
		},
		{
			kind: 'skill',
			title: 'Herblore',
			skill: 'herblore',
			keywords: ['herblore'],
			text: 'Potions.',
		},
	]
	const small = await loadSiteSearch(buildPayload(docs))
	expect(hits(small.search('herb')).map((h) => h.name)[0]).toBe('Herblore')
	expect(
		hits(small.search('herblore'))
			.map((h) => h.name)
			.slice(0, 2),
	).toEqual(['Herblore', 'Herblore basics'])
})

test('the word being typed counts from its first letter, even a stop word; earlier stop words are dropped', () => {
	expect(site.search('w').total).toBeGreaterThan(0)
	expect(site.search('how do I set up the action bar').groups[0]!.hits[0]!.name).toMatch(/Action Bar/)
	// "the" as the last word is a prefix ("theatre", "their"…), not nothing.
	expect(site.search('the').total).toBeGreaterThan(0)
	expect(site.search('the the').total).toBeGreaterThan(0)
	expect(site.search('!!!')).toMatchObject({ total: 0, suggestions: [] })
})
