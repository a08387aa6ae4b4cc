import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import GuideIndexWidget from './guide-index.tsx'
import type { GuideIndexEntry } from './guide-index.schema.ts'

const guides: GuideIndexEntry[] = [
	{
		path: '/guides/early-game/dig-site',
		label: 'The Dig Site',
		description: 'A short quest east of Varrock.',
		requirement: { quest: 'The Dig Site', quests: [], skills: [], questPoints: 0, other: 0 },
	},
	{ path: '/guides/early-game/notes', label: 'Notes', description: 'No requirements here.' },
]

test('server HTML: every guide links to its page with its description; no state before a player loads', () => {
	const html = renderToStaticMarkup(
		<MemoryRouter>
			<GuideIndexWidget title="The guides" guides={guides} />
		</MemoryRouter>,
	)
	expect(html).toContain('href="/guides/early-game/dig-site"')
	expect(html).toContain('A short quest east of Varrock.')
	expect(html).toContain('href="/guides/early-game/notes"')
	expect(html).toContain('Load your RuneScape name to see what you can do.')
	expect(html).toContain('Your RuneScape name')
	expect(html).toContain('The guides')
	expect(html).not.toContain('data-state=')
	expect(html).not.toMatch(/Requirements met|Not met|Completed/)
})

test('a folder entry (levels="2") is a heading with its description, its guides listed under it', () => {
	const html = renderToStaticMarkup(
		<MemoryRouter>
			<GuideIndexWidget
				guides={[
					{ path: '/guides/day-one', label: 'Day One', description: 'Your first day.' },
					{ path: '/guides/early-game', label: 'Early Game', description: 'The early unlocks.', guides },
				]}
			/>
		</MemoryRouter>,
	)
	expect(html).toMatch(/<li data-guide-group="\/guides\/early-game"[^>]*><div><h3[^>]*><a[^>]*href="\/guides\/early-game"[^>]*>Early Game<\/a><\/h3>/)
	expect(html).toContain('The early unlocks.')
	// The group's guides are cards inside the group; the top-level guide is a card of its own.
	const group = html.slice(html.indexOf('data-guide-group'))
	expect(group).toContain('data-guide="/guides/early-game/dig-site"')
	expect(group).toContain('data-guide="/guides/early-game/notes"')
	expect(html.indexOf('data-guide="/guides/day-one"')).toBeLessThan(html.indexOf('data-guide-group'))
})
