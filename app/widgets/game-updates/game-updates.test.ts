import { expect, test } from 'vitest'
import { compilePage } from '#scripts/build/content/compile-page.ts'
import type { GameFacts } from '#app/lib/game-facts/schema.ts'

const update = (date: string, title: string, summary: string, sources = ['https://runescape.wiki/w/Necromancy']) => ({
	date,
	title,
	summary,
	touches: { skills: [], gear: [], unlocks: [], activities: [], quests: [], areas: [] },
	sources,
})

const facts: GameFacts = {
	gear: [],
	unlocks: [],
	updates: [
		update('2024-08', 'Mining and Smithing go to 110', 'New levels.\n\nSee [skill training](/guides/skill-training).'),
		update('2023-08-07', 'Necromancy', 'A new combat skill.', [
			'https://runescape.wiki/w/Necromancy',
			'https://www.eurogamer.net/necromancy',
		]),
	],
}

function compile(body: string, gameFacts: GameFacts | undefined = facts) {
	const front = '---\ntitle: T\norder: 1\ndescription: A page for testing the game updates list.\n---\n'
	return compilePage(`${front}\n${body}\n`, {
		file: 'content/guides/t.md',
		path: '/guides/t',
		section: 'guides',
		publicFiles: { imageSize: () => undefined, exists: () => false, readText: () => undefined },
		resolveQuest: () => undefined,
		gameFacts,
	})
}

test('::game-updates renders every update at build time, newest first under its year, with no widget code', () => {
	const result = compile('Intro.\n\n::game-updates\n\n## What next')
	expect(result.errors).toEqual([])
	expect(result.page.widgets).toEqual([])
	expect(result.page.headings.map((h) => `${h.depth} ${h.text}`)).toEqual([
		'2 2024',
		'3 Mining and Smithing go to 110',
		'2 2023',
		'3 Necromancy',
		'2 What next',
	])
	const html = JSON.stringify(result.page.body)
	// A month alone when the sources give no day; a day in words otherwise.
	expect(html).toContain('["time",{"dateTime":"2024-08"},"August 2024"]')
	expect(html).toContain('["time",{"dateTime":"2023-08-07"},"7 August 2023"]')
	expect(html).toContain(
		'"Sources: ",["a",{"href":"https://runescape.wiki/w/Necromancy"},"runescape.wiki/w/Necromancy"],", ",["a",{"href":"https://www.eurogamer.net/necromancy"}',
	)
	expect(html).toContain('"Source: "')
})

test("links in a summary are checked like the page's own", () => {
	expect(compile('::game-updates').links.map((l) => l.href)).toEqual(['/guides/skill-training'])
})

test('without the data, or with attributes, it stops the build', () => {
	expect(compile('::game-updates', { ...facts, updates: [] }).errors[0]?.reason).toBe('::game-updates needs data/game-updates.yaml')
	expect(compile('::game-updates{year="2024"}').errors[0]?.reason).toMatch(/widget "game-updates"/)
})
