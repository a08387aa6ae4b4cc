import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import type { CompiledPage } from '#app/lib/content/page-types.ts'
import { createRequirementResolver } from '#app/quests/requirements.ts'
import type { GuideIndexWidgetProps } from '#app/widgets/guide-index/guide-index.schema.ts'
import { buildContent } from '#scripts/build/content/build-content.ts'
import { fillGuideIndex, guideIndexOf } from './guide-index.build.ts'

const fixture = path.resolve(import.meta.dirname, '../../../tests/fixtures/content')
const publicDir = path.resolve(import.meta.dirname, '../../../public')

const resolver = createRequirementResolver([
	{
		name: 'Desert Treasure',
		aliases: ['DT'],
		requirements: {
			quest: ['The Dig Site', 'Temple of Ikov'],
			skill: [{ skill: 'magic', level: 50 }],
			questPoints: 20,
			other: ['Able to defeat four bosses'],
		},
	},
	{
		name: 'The Dig Site',
		requirements: { quest: [], skill: [{ skill: 'agility', level: 10 }], other: [] },
	},
	{
		name: 'Temple of Ikov',
		requirements: { quest: [], skill: [{ skill: 'magic', level: 40 }], other: [] },
	},
])
const known = (name: string) => (resolver.chain(name).length > 0 ? resolver.summary(name) : undefined)
const options = {
	publicDir,
	resolveQuest: (name: string) => known(name)?.quest,
	questSlugs: new Set<string>(),
	questSummary: known,
}

function copyFixture(): string {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-guide-index-'))
	cpSync(fixture, dir, { recursive: true })
	return dir
}

function page(dir: string, rel: string, frontmatter: string, body: string) {
	const description = `The ${rel} page of the guide index fixture, long enough to be valid.`
	writeFileSync(path.join(dir, rel), `---\n${frontmatter}\ndescription: ${description}\n---\n${body}\n`)
}

function guideIndexProps(p: CompiledPage | undefined): GuideIndexWidgetProps {
	const find = (nodes: CompactNode[]): GuideIndexWidgetProps | undefined => {
		for (const node of nodes) {
			if (typeof node === 'string') continue
			const [tag, props, ...children] = node
			if (tag === 'x-widget' && props && props.dataWidget === 'guide-index') return JSON.parse(String(props.props))
			const inner = find(children)
			if (inner) return inner
		}
		return undefined
	}
	const props = find((p?.body ?? []) as CompactNode[])
	if (!props) throw new Error(`no guide index on ${p?.path}`)
	return props
}

test('the fixture group page lists its child with the first requirements widget of that page', () => {
	const { pages, errors } = buildContent({ ...options, contentDir: fixture })
	expect(errors).toEqual([])
	const props = guideIndexProps(pages.find((p) => p.path === '/alpha/group'))
	expect(props.guides).toEqual([
		{
			path: '/alpha/group/child',
			label: 'Group child',
			description: 'The only child of the group page in the alpha fixture.',
			requirement: {
				quests: [],
				skills: [{ skill: 'herblore', level: 50 }],
				questPoints: 0,
				other: 1,
			},
		},
	])
})

test('guides come in sidebar order, hidden pages left out; quest panels give their chain, hand lists their quests', () => {
	const dir = copyFixture()
	page(dir, 'alpha/group/quest-guide.md', 'title: Quest guide\norder: 5', '::quest-requirements{quest="DT"}')
	page(dir, 'alpha/group/hand.md', 'title: Hand list\nlabel: Hand\norder: 15', ':::requirements\n```yaml\nquests: [dt]\n```\n:::')
	page(dir, 'alpha/group/plain.md', 'title: Plain\norder: 20', 'No requirement widget here.')
	page(dir, 'alpha/group/secret.md', 'title: Secret\norder: 1\nvisible: false', '::quest-requirements{quest="DT"}')
	const { pages, errors } = buildContent({ ...options, contentDir: dir })
	expect(errors).toEqual([])
	const guides = guideIndexProps(pages.find((p) => p.path === '/alpha/group')).guides ?? []

	expect(guides.map((g) => g.label)).toEqual(['Quest guide', 'Group child', 'Hand', 'Plain'])
	expect(guides[0]!.requirement).toEqual({
		quest: 'Desert Treasure',
		quests: ['Temple of Ikov', 'The Dig Site'],
		skills: [
			{ skill: 'agility', level: 10 },
			{ skill: 'magic', level: 50 },
		],
		questPoints: 20,
		other: 1,
	})
	// The alias is resolved to the name the player data uses.
	expect(guides[2]!.requirement).toEqual({
		quests: ['Desert Treasure'],
		skills: [],
		questPoints: 0,
		other: 0,
	})
	expect(guides[3]).toEqual({
		path: '/alpha/group/plain',
		label: 'Plain',
		description: 'The alpha/group/plain.md page of the guide index fixture, long enough to be valid.',
	})
})

test('a guide index on a page without child pages fails the build', () => {
	const dir = copyFixture()
	page(dir, 'alpha/first.md', 'title: First page\norder: 10', '## Top part\n\n::guide-index{title="Nothing below"}')
	const messages = buildContent({ ...options, contentDir: dir }).errors.map((e) => e.message)
	expect(messages).toEqual(['content/alpha/first.md: ::guide-index lists the pages of its folder, but this page has none'])
})

test("guideIndexOf and fillGuideIndex put any page's guides into another page (the gallery)", () => {
	const content = buildContent({ ...options, contentDir: fixture })
	const guides = guideIndexOf(content, '/alpha/group')
	expect(guides.map((g) => g.path)).toEqual(['/alpha/group/child'])
	expect(guideIndexOf(content, '/no/such/page')).toEqual([])

	const gallery = {
		body: [
			['section', 0, ['x-widget', { dataWidget: 'guide-index', props: '{"title":"Demo"}' }]],
			['x-widget', { dataWidget: 'callout', props: '{}' }],
		],
	}
	expect(fillGuideIndex(gallery, guides)).toBe(1)
	expect(guideIndexProps(gallery as unknown as CompiledPage)).toEqual({ title: 'Demo', guides })
})

test('levels="2" also lists the pages of each sub-folder, under the folder page', () => {
	const dir = copyFixture()
	// The section root becomes a page with a two-level guide index.
	writeFileSync(
		path.join(dir, 'alpha/index.md'),
		'---\ntitle: Alpha\norder: 20\ndescription: Alpha section root, now a page of its own with an overview.\n---\n::guide-index{levels="2"}\n',
	)
	const { pages, errors } = buildContent({ ...options, contentDir: dir })
	expect(errors).toEqual([])
	const guides = guideIndexProps(pages.find((p) => p.path === '/alpha')).guides ?? []
	// Visible pages in order (the hidden one left out); only the folder has guides of its own.
	expect(guides.map((g) => [g.path, g.guides?.map((c) => c.path)])).toEqual([
		['/alpha/first', undefined],
		['/alpha/second', undefined],
		['/alpha/group', ['/alpha/group/child']],
	])
	expect(guides[2]!.guides![0]!.requirement?.skills).toEqual([{ skill: 'herblore', level: 50 }])

	page(dir, 'alpha/second.md', 'title: Second page\norder: 20', '::guide-index{levels="3"}')
	const messages = buildContent({ ...options, contentDir: dir }).errors.map((e) => e.message)
	expect(messages).toEqual(['content/alpha/second.md:6: widget "guide-index": levels: levels is 1 or 2'])
})
