import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import catalogue from '#app/generated/quests/catalogue.json' with { type: 'json' }
import navigationJson from '#app/generated/navigation.json' with { type: 'json' }
import payloadJson from '#app/generated/search/search-index.json' with { type: 'json' }
import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import { flatten } from '#app/lib/content/navigation.ts'
import type { CompiledPage, Navigation } from '#app/lib/content/page-types.ts'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { TOOL_PAGES } from '#app/lib/tools.ts'
import { publicPaths } from '#app/server/sitemap.server.ts'
import { GLOSSARY_PATH, pageSections, searchDocuments } from './search-index.build.ts'
import type { SearchPayload } from './search-types.ts'

// These run on the real generated index (build-data runs before the tests).
const payload = payloadJson as SearchPayload
const documents = payload.documents
const navigation = navigationJson as Navigation
const pagesDir = path.resolve(import.meta.dirname, '../generated/pages')
const pages = flatten(navigation.sections)
	.filter((e) => e.component === 'guide')
	.map((e) => JSON.parse(readFileSync(path.join(pagesDir, `${e.path}.json`), 'utf8')) as CompiledPage)

test('the index holds every page of the sitemap', () => {
	const indexed = new Set(documents.filter((d) => d.kind === 'page' || d.kind === 'tool').map((d) => d.href))
	const paths = publicPaths().filter((p) => !p.startsWith('/quests/'))
	expect(paths.length).toBeGreaterThan(50)
	expect(paths.filter((p) => !indexed.has(p))).toEqual([])
})

test('every quest is indexed under its page, with its abbreviations as keywords', () => {
	const quests = new Map(documents.filter((d) => d.kind === 'quest').map((d) => [d.href, d]))
	expect(quests.size).toBe(catalogue.length)
	for (const quest of catalogue) {
		const doc = quests.get(`/quests/${quest.slug}`)
		expect(doc?.title).toBe(quest.name)
		expect(doc?.keywords ?? []).toEqual(quest.aliases ?? [])
	}
	const wgs = quests.get('/quests/while-guthix-sleeps')!
	expect(wgs.keywords).toContain('WGS')
	expect(wgs.context).toMatch(/Members quest, Grandmaster/)
	for (const alias of ['DT', 'RFD', 'MEP1', 'TWW']) {
		expect(
			documents.some((d) => d.kind === 'quest' && d.keywords?.includes(alias)),
			alias,
		).toBe(true)
	}
})

test('a guide about a quest answers to the quest abbreviations too', () => {
	const guide = documents.find((d) => d.kind === 'page' && d.href === '/guides/mid-game/while-guthix-sleeps')
	expect(guide?.keywords).toContain('WGS')
})

test('every h2 and h3 of every page is a result leading to its anchor', () => {
	const headings = new Set(documents.filter((d) => d.kind === 'heading').map((d) => d.href))
	let count = 0
	for (const page of pages) {
		for (const heading of page.headings) {
			expect(headings.has(`${page.path}#${heading.id}`), `${page.path}#${heading.id}`).toBe(true)
			count++
		}
	}
	expect(headings.size).toBe(count)
	const overloads = documents.find((d) => d.kind === 'heading' && d.href?.startsWith('/guides/late-game/overloads#'))
	expect(overloads?.context).toBe('Overloads')
})

test('the glossary terms lead to their rows, the 30 skill guides and the tools are indexed', () => {
	const glossary = pages.find((p) => p.path === GLOSSARY_PATH)!
	const body = JSON.stringify(glossary.body)
	const terms = documents.filter((d) => d.kind === 'term')
	expect(terms.length).toBeGreaterThan(30)
	for (const term of terms) {
		const id = term.href!.split('#')[1]!
		expect(term.href!.startsWith(`${GLOSSARY_PATH}#term-`)).toBe(true)
		expect(body).toContain(`"id":"${id}"`)
	}
	expect(terms.find((t) => t.title === 'Necro')?.text).toMatch(/Necromancy/)

	const skills = documents.filter((d) => d.kind === 'skill')
	expect(skills.map((s) => s.skill).sort()).toEqual([...SKILL_NAMES, 'overall'].sort())
	expect(skills).toHaveLength(readdirSync(path.resolve(import.meta.dirname, '../../data/skills')).length)

	expect(documents.filter((d) => d.kind === 'tool').map((d) => d.href)).toEqual(['/tools', ...TOOL_PAGES.map((t) => t.path)])
})

test('sections split at h2/h3; inline skill badges read as text; widget data is not prose', () => {
	const body: CompactNode[] = [
		['p', 0, 'Intro text.'],
		['h2', { id: 'gear' }, 'Gear'],
		['p', 0, 'You need ', ['x-widget', { dataWidget: 'skill-badge', props: '{"skill":"magic","level":75}' }], ' first.'],
		['x-widget', { dataWidget: 'quest-requirements', props: '{"quest":"Secret"}' }],
		['div', 0, ['h3', { id: 'deep' }, 'Deep ', ['em', 0, 'one']], ['p', 0, 'Inside.']],
	]
	expect(pageSections(body)).toEqual([
		{ id: undefined, title: undefined, text: 'Intro text.' },
		{ id: 'gear', title: 'Gear', text: 'You need 75 Magic first.' },
		{ id: 'deep', title: 'Deep one', text: 'Inside.' },
	])
})

test('section roots that only redirect are not indexed as pages', () => {
	const docs = searchDocuments({
		pages: [
			{
				path: '/setup',
				section: 'setup',
				title: 'Setup',
				label: 'Setup',
				description: 'd',
				status: 'published',
				lastVerified: null,
				sources: [],
				stale: [],
				quests: [],
				headings: [],
				body: [],
				widgets: [],
			},
			{
				path: '/setup/intro',
				section: 'setup',
				title: 'Intro',
				label: 'Intro',
				description: 'About it',
				status: 'published',
				lastVerified: null,
				sources: [],
				stale: [],
				quests: [],
				headings: [],
				body: [['p', 0, 'Hello']],
				widgets: [],
			},
		],
		navigation: {
			sections: [
				{
					path: '/setup',
					component: 'section',
					label: 'Setup',
					title: 'Setup',
					section: 'setup',
					order: 1,
					visible: true,
					redirectTo: '/setup/intro',
					children: [
						{
							path: '/setup/intro',
							component: 'guide',
							label: 'Intro',
							title: 'Intro',
							section: 'setup',
							order: 1,
							visible: true,
							children: [],
						},
					],
				},
			],
		},
		quests: [],
		skillGuides: [],
		tools: [],
	})
	const guidePages = docs.filter((d) => d.kind === 'page' && d.href?.startsWith('/setup'))
	expect(guidePages).toEqual([
		{
			kind: 'page',
			title: 'Intro',
			href: '/setup/intro',
			context: 'Setup',
			text: 'About it Hello',
		},
	])
})
