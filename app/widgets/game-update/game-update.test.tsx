import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { compilePage } from '#scripts/build/content/compile-page.ts'
import GameUpdate from './game-update.tsx'
import { gameUpdateSchema } from './game-update.schema.ts'

const WIKI = 'https://runescape.wiki/w/Necromancy'

function compile(body: string) {
	const front = '---\ntitle: T\norder: 1\ndescription: A page for testing dated game updates.\n---\n'
	return compilePage(`${front}\n${body}\n`, {
		file: 'content/guides/t.md',
		path: '/guides/t',
		section: 'guides',
		publicFiles: { imageSize: () => undefined, exists: () => false, readText: () => undefined },
		resolveQuest: () => undefined,
	})
}

const update = (date: string, title = 'An update', heading = '###') =>
	`:::game-update{date="${date}" sources="${WIKI}"}\n${heading} ${title}\n\nWhat changed.\n:::\n`

const messages = (body: string) => compile(body).errors.map((e) => e.reason)

test('the schema takes a real YYYY-MM-DD day and one or more https sources', () => {
	expect(gameUpdateSchema.parse({ date: '2023-08-07', sources: ` ${WIKI}  https://x.example/a ` })).toEqual({
		date: '2023-08-07',
		sources: [WIKI, 'https://x.example/a'],
	})
	const issue = (props: object) => gameUpdateSchema.safeParse(props).error?.issues[0]?.message
	expect(issue({ date: '2026-02-30', sources: WIKI })).toBe('date is not a real day')
	expect(issue({ date: '7 August 2023', sources: WIKI })).toBe('date must be written YYYY-MM-DD (or YYYY-MM when only the month is known)')
	expect(gameUpdateSchema.parse({ date: '2024-08', sources: WIKI }).date).toBe('2024-08')
	expect(issue({ date: '2024-13', sources: WIKI })).toBe('date is not a real day')
	expect(issue({ date: '2023-08-07' })).toMatch(/sources is required/)
	expect(issue({ date: '2023-08-07', sources: '  ' })).toMatch(/sources is required/)
	expect(issue({ date: '2023-08-07', sources: 'http://runescape.wiki/w/x' })).toBe('each source must be an https URL')
})

test('updates newest first, under the heading of their year, compile cleanly', () => {
	const result = compile(`## 2026\n\n${update('2026-07', 'Rebalance')}\n${update('2026-03-02', 'Combat')}\n${update('2026-03-02', 'Same day')}\n## 2023\n\n${update('2023-08-07', 'Necromancy')}`)
	expect(result.errors).toEqual([])
	// The titles are page headings, so they reach "On this page".
	expect(result.page.headings.map((h) => h.text)).toEqual(['2026', 'Rebalance', 'Combat', 'Same day', '2023', 'Necromancy'])
})

test('an update dated after the one above it stops the build, with its line', () => {
	const result = compile(`${update('2023-08-07')}\n${update('2024-02-19')}`)
	expect(result.errors.map((e) => e.message)).toEqual([
		'content/guides/t.md:13: updates are listed newest first, but 2024-02-19 comes after 2023-08-07',
	])
})

test('an update under another year, or without its ### title, stops the build', () => {
	expect(messages(`## 2024\n\n${update('2023-08-07')}`)).toEqual(['the update of 2023-08-07 sits under the heading "2024"'])
	expect(messages(update('2023-08-07', 'Too big', '##'))).toEqual(['a game update starts with a ### heading: its title'])
	// A heading that is not a year says nothing about the dates below it.
	expect(messages(`## What changed\n\n${update('2023-08-07')}`)).toEqual([])
})

test('the component shows the date in words and names each source', () => {
	const html = renderToStaticMarkup(
		<GameUpdate date="2023-08-07" sources={[WIKI, 'https://github.com/o/r/blob/main/data/quests/necromancy.json']}>
			<h3>Necromancy</h3>
		</GameUpdate>,
	)
	expect(html).toContain('<time dateTime="2023-08-07">7 August 2023</time>')
	expect(html).toContain('Sources: ')
	// A month alone when the sources give no day.
	expect(renderToStaticMarkup(<GameUpdate date="2024-08" sources={[WIKI]} />)).toContain('<time dateTime="2024-08">August 2024</time>')
	expect(html).toContain(`<a href="${WIKI}" target="_blank" rel="noopener noreferrer"`)
	expect(html).toContain('>runescape.wiki/w/Necromancy</a>')
	expect(html).toContain('>github.com/o/r/blob/main/data/quests/necromancy.json</a>')
})
