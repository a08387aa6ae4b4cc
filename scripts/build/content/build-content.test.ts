import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { documentTitle, flatten, prerenderPaths, prevNext, sidebarItems, trail } from '#app/lib/content/navigation.ts'
import { buildContent, pagePath } from './build-content.ts'

const fixture = path.resolve(import.meta.dirname, '../../../tests/fixtures/content')
const options = { publicDir: path.resolve(import.meta.dirname, '../../../public'), resolveQuest: () => undefined, questSlugs: new Set(['desert-treasure']) }

function copyFixture(): string {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-content-'))
	cpSync(fixture, dir, { recursive: true })
	return dir
}

test('file paths map to page paths', () => {
	expect(pagePath('setup/intro.md')).toBe('/setup/intro')
	expect(pagePath('guides/mid-game/index.md')).toBe('/guides/mid-game')
	expect(pagePath('leagues/index.md')).toBe('/leagues')
})

test('navigation is ordered by order, nested by folder, sections sorted', () => {
	const { navigation, errors } = buildContent({ ...options, contentDir: fixture })
	expect(errors).toEqual([])
	expect(navigation.sections.map((s) => s.path)).toEqual(['/beta', '/alpha'])
	const alpha = navigation.sections[1]!
	expect(alpha.children.map((c) => c.path)).toEqual(['/alpha/hidden', '/alpha/first', '/alpha/second', '/alpha/group'])
	expect(alpha.children[3]!.children.map((c) => c.path)).toEqual(['/alpha/group/child'])
	expect(flatten([alpha]).every((e) => e.section === 'alpha')).toBe(true)
})

test('a section with redirect: first-child points at its first visible page and is not prerendered', () => {
	const { navigation } = buildContent({ ...options, contentDir: fixture })
	const [beta, alpha] = navigation.sections
	expect(alpha!.redirectTo).toBe('/alpha/first')
	expect(alpha!.component).toBe('section')
	expect(beta!.redirectTo).toBeUndefined()
	expect(prerenderPaths(navigation)).toEqual(['/beta', '/alpha/hidden', '/alpha/first', '/alpha/second', '/alpha/group', '/alpha/group/child'])
})

test('sidebar lists visible pages only; prev/next follow reading order and skip hidden pages', () => {
	const { navigation } = buildContent({ ...options, contentDir: fixture })
	const alpha = navigation.sections[1]!
	expect(sidebarItems(alpha).map((i) => i.label)).toEqual(['First page', 'Second', 'Group'])
	expect(prevNext(alpha, '/alpha/first')).toMatchObject({ prev: undefined, next: { path: '/alpha/second' } })
	expect(prevNext(alpha, '/alpha/group')).toMatchObject({ prev: { path: '/alpha/second' }, next: { path: '/alpha/group/child' } })
	expect(prevNext(alpha, '/alpha/group/child').next).toBeUndefined()
	expect(trail(alpha, '/alpha/group/child').map((e) => e.label)).toEqual(['Alpha', 'Group', 'Group child'])
})

test('document titles: pages, section roots and the home page', () => {
	expect(documentTitle({ path: '/setup/map', label: 'Map' })).toBe('Map - Gielinor Guide')
	expect(documentTitle({ path: '/leagues', label: 'Leagues' })).toBe('Gielinor Guide - Leagues')
	expect(documentTitle({ path: '/', label: 'Home' })).toBe('Gielinor Guide')
	expect(documentTitle(undefined)).toBe('Gielinor Guide')
})

test('broken links and anchors fail with file and line; quest pages and files are checked too', () => {
	const dir = copyFixture()
	writeFileSync(
		path.join(dir, 'beta/bad.md'),
		'---\ntitle: Bad links\norder: 1\ndescription: A page full of links that go nowhere at all.\n---\n[a](/alpha/nope)\n[b](/alpha/first#missing)\n[c](/quests/made-up)\n[d](/quests/desert-treasure)\n[e](/favicon.svg)\n[f](/Alpha/First#top-part)\n[g](/alpha/first/)\n',
	)
	const messages = buildContent({ ...options, contentDir: dir }).errors.map((e) => e.message)
	expect(messages).toEqual([
		'content/beta/bad.md:6: broken link /alpha/nope: no such page',
		'content/beta/bad.md:7: broken link /alpha/first#missing: no heading with the id "missing" on /alpha/first',
		'content/beta/bad.md:8: broken link /quests/made-up: no such quest page',
		'content/beta/bad.md:12: broken link /alpha/first/: remove the trailing slash',
	])
})

test('a page whose folder has no index.md, or a badly named file, is an error', () => {
	const dir = copyFixture()
	cpSync(path.join(dir, 'alpha/first.md'), path.join(dir, 'alpha/orphans/child.md'), { recursive: true })
	cpSync(path.join(dir, 'alpha/first.md'), path.join(dir, 'alpha/Bad_Name.md'))
	const messages = buildContent({ ...options, contentDir: dir }).errors.map((e) => e.message)
	expect(messages).toContain('content/alpha/Bad_Name.md: "Bad_Name" is not a lower-case kebab-case name')
	expect(messages).toContain('content/alpha/orphans/child.md: its folder has no index.md (needed for /alpha/orphans)')
})

test('aliases become redirects to their page; an alias that is a page, a quest or taken twice fails', () => {
	const dir = copyFixture()
	const write = (rel: string, aliases: string) =>
		writeFileSync(
			path.join(dir, rel),
			`---\ntitle: ${rel}\norder: 50\ndescription: A fixture page that carries some aliases.\naliases: ${aliases}\n---\nText.\n`,
		)
	write('alpha/game-modes.md', '[gamemodes, /beta/modes]')
	expect(buildContent({ ...options, contentDir: dir }).aliases).toEqual({
		'/alpha/gamemodes': '/alpha/game-modes',
		'/beta/modes': '/alpha/game-modes',
	})

	write('alpha/other.md', '[gamemodes, second, /quests/desert-treasure]')
	const messages = buildContent({ ...options, contentDir: dir }).errors.map((e) => e.message)
	expect(messages).toEqual([
		'content/alpha/other.md: alias /alpha/gamemodes: is already an alias of /alpha/game-modes',
		'content/alpha/other.md: alias /alpha/second: is already the page content/alpha/second.md',
		'content/alpha/other.md: alias /quests/desert-treasure: is a quest page',
	])
})

test('front matter quests: each quest links to the one page that is its guide; unknown or claimed twice fails', () => {
	const dir = copyFixture()
	const resolveQuest = (name: string) => (/^(desert treasure|dt)$/i.test(name) ? 'Desert Treasure' : undefined)
	const write = (rel: string, quests: string) =>
		writeFileSync(
			path.join(dir, rel),
			`---\ntitle: Guide ${rel}\norder: 50\ndescription: A fixture page that is a guide for a quest.\nquests: ${quests}\n---\nText.\n`,
		)
	write('alpha/dt-guide.md', '[DT]')
	const built = buildContent({ ...options, resolveQuest, contentDir: dir })
	expect(built.errors).toEqual([])
	expect(built.questGuides).toEqual({ 'desert-treasure': { path: '/alpha/dt-guide', title: 'Guide alpha/dt-guide.md' } })
	expect(built.pages.find((p) => p.path === '/alpha/dt-guide')!.quests).toEqual([{ name: 'Desert Treasure', slug: 'desert-treasure' }])

	write('alpha/other.md', '[Desert Treasure, Not A Quest]')
	const messages = buildContent({ ...options, resolveQuest, contentDir: dir }).errors.map((e) => e.message)
	expect(messages).toEqual([
		'content/alpha/other.md:5: front matter quests: unknown quest "Not A Quest" (not in data/quests/)',
		'content/alpha/other.md: quests: Desert Treasure already has a guide, /alpha/dt-guide',
	])
})

test('a page verified before an update that touched what it cites or lists in topics gets the notice, with the reasons', () => {
	const dir = copyFixture()
	const page = (front: string, body = 'Text.') => `---\ntitle: Stale test\norder: 9\ndescription: A page for testing the stale notice rule.\n${front}---\n\n${body}\n`
	writeFileSync(path.join(dir, 'alpha/by-topic.md'), page('lastVerified: 2024-01-15\ntopics: [skill:mining]\n'))
	writeFileSync(path.join(dir, 'alpha/by-fact.md'), page('lastVerified: 2024-01-15\n', 'Wear :gear{id="bandos-armour"}.'))
	writeFileSync(path.join(dir, 'alpha/fresh.md'), page('lastVerified: 2026-11-21\ntopics: [skill:mining]\n'))
	const touches = { skills: [], gear: [], unlocks: [], activities: [], quests: [], areas: [] }
	const gameFacts = {
		gear: [{ id: 'bandos-armour', name: 'Bandos armour', aliases: [], kind: 'armour' as const, style: 'melee' as const, tier: 70, levels: [{ skill: 'defence' as const, level: 70 }], sources: ['https://runescape.wiki/w/Bandos_armour'], verified: '2026-11-21' }],
		unlocks: [],
		updates: [
			{ date: '2026-03-02', title: 'Combat', summary: 'S', touches: { ...touches, gear: ['bandos-armour'] }, sources: ['https://runescape.wiki/w/A'] },
			{ date: '2024-08', title: 'Mining goes to 110', summary: 'S', touches: { ...touches, skills: ['mining' as const] }, sources: ['https://runescape.wiki/w/B'] },
		],
	}
	const { pages, stale, errors } = buildContent({ ...options, contentDir: dir, gameFacts })
	expect(errors).toEqual([])
	const at = (p: string) => pages.find((x) => x.path === p)!
	expect(at('/alpha/by-topic').stale).toEqual([{ title: 'Mining goes to 110', date: '2024-08' }])
	expect(at('/alpha/by-fact').stale).toEqual([{ title: 'Combat', date: '2026-03-02' }])
	expect(at('/alpha/fresh').stale).toEqual([])
	expect(stale.map((s) => `${s.file}: ${s.reasons.map((r) => r.topics.join()).join()}`)).toEqual([
		'content/alpha/by-fact.md: gear:bandos-armour',
		'content/alpha/by-topic.md: skill:mining',
	])
})
