import { expect, test } from 'vitest'
import { compilePage } from '#scripts/build/content/compile-page.ts'
import type { GameFacts } from '#app/lib/game-facts/schema.ts'

const facts: GameFacts = {
	gear: [
		{
			id: 'subjugation-armour',
			name: 'Subjugation armour',
			aliases: ['Subjugation'],
			kind: 'armour',
			style: 'magic',
			tier: 70,
			levels: [{ skill: 'defence', level: 70 }],
			sources: ['https://runescape.wiki/w/Robes_of_subjugation'],
			verified: '2026-11-21',
		},
	],
	unlocks: [
		{
			id: 'invention',
			name: 'Invention',
			aliases: [],
			levels: [
				{ skill: 'smithing', level: 80 },
				{ skill: 'crafting', level: 80 },
			],
			other: [],
			sources: ['https://runescape.wiki/w/Invention'],
			verified: '2026-11-21',
		},
		{
			id: 'ports',
			name: 'Player-owned ports',
			aliases: [],
			levels: [],
			oneOf: { level: 90, skills: ['hunter', 'thieving', 'slayer'] },
			other: [],
			sources: ['https://runescape.wiki/w/Player-owned_port'],
			verified: '2026-11-21',
		},
	],
	updates: [],
}

function compile(body: string, gameFacts: GameFacts | undefined = facts) {
	const front = '---\ntitle: T\norder: 1\ndescription: A page for testing game fact directives.\n---\n'
	return compilePage(`${front}\n${body}\n`, {
		file: 'content/guides/t.md',
		path: '/guides/t',
		section: 'guides',
		publicFiles: { imageSize: () => undefined, exists: () => false, readText: () => undefined },
		resolveQuest: () => undefined,
		gameFacts,
	})
}

/** The compiled body as text, with each skill badge as [level skill]. */
function rendered(body: unknown): string {
	if (typeof body === 'string') return body
	if (!Array.isArray(body)) return ''
	if (body[0] === 'x-widget') {
		const { skill, level } = JSON.parse((body[1] as { props: string }).props)
		return `[${level} ${skill}]`
	}
	return body
		.slice(typeof body[0] === 'string' ? 2 : 0)
		.map(rendered)
		.join('')
}

test(':gear renders the name and the levels from the data, as skill badges, with no widget of its own', () => {
	const result = compile('Wear :gear{id="subjugation-armour"} first.')
	expect(result.errors).toEqual([])
	expect(rendered(result.page.body)).toBe('Wear Subjugation armour [70 defence] first.')
	// Only the skill badges load code; the fact itself is plain text.
	expect(result.page.widgets).toEqual(['skill-badge'])
	expect(result.cited).toEqual(['gear:subjugation-armour'])
})

test('show="levels" and show="name" leave out one half', () => {
	expect(
		rendered(compile('| Item | Needs |\n| --- | --- |\n| Subjugation | :gear{id="subjugation-armour" show="levels"} |').page.body),
	).toContain('Subjugation[70 defence]')
	const nameOnly = compile('Then :gear{id="subjugation-armour" show="name"}.')
	expect(rendered(nameOnly.page.body)).toBe('Then Subjugation armour.')
	expect(nameOnly.page.widgets).toEqual([])
})

test(':unlock lists every level, and "one of" groups in words', () => {
	// Badges side by side keep no space between them (compact-hast drops it; their margins space them).
	expect(rendered(compile(':unlock{id="invention"}').page.body)).toBe('Invention [80 smithing][80 crafting]')
	expect(rendered(compile(':unlock{id="ports" show="levels"}').page.body)).toBe('level 90 in one of Hunter, Thieving or Slayer')
})

test('an unknown id or a bad attribute stops the build with the line', () => {
	expect(compile('\n:gear{id="torva"}').errors.map((e) => e.message)).toEqual([
		'content/guides/t.md:8: no gear "torva" in data/game/gear.yaml (known: subjugation-armour)',
	])
	expect(compile(':unlock{id="invention" show="all"}').errors[0]?.reason).toBe(
		'widget "unlock": show: show is "name" or "levels" (leave it out for both)',
	)
	expect(compile(':gear{}').errors[0]?.reason).toMatch(/id is required/)
})
