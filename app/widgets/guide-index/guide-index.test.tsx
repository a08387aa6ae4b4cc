import { within } from '@testing-library/dom'
import { MemoryRouter } from 'react-router'
import { expect, test } from 'vitest'
import { serverHtml } from '#tests/fixtures/server-html.ts'
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

function guideIndex(element: React.ReactElement) {
	return serverHtml(<MemoryRouter>{element}</MemoryRouter>)
}

test('server HTML: every guide links to its page with its description; no state before a player loads', () => {
	const page = guideIndex(<GuideIndexWidget title="The guides" guides={guides} />)
	expect(page.getByRole('link', { name: 'The Dig Site' }).getAttribute('href')).toBe('/guides/early-game/dig-site')
	expect(page.getByRole('link', { name: 'Notes' }).getAttribute('href')).toBe('/guides/early-game/notes')
	expect(page.getByText('A short quest east of Varrock.')).toBeTruthy()
	expect(page.getByText('Load your RuneScape name to see what you can do.')).toBeTruthy()
	expect(page.getByText(/Your RuneScape name/)).toBeTruthy()
	expect(page.getByText('The guides')).toBeTruthy()
	expect(page.container.querySelector('[data-state]')).toBeNull()
	expect(page.queryByText(/Requirements met|Not met|Completed/)).toBeNull()
})

test('a folder entry (levels="2") is a heading with its description, its guides listed under it', () => {
	const page = guideIndex(
		<GuideIndexWidget
			guides={[
				{ path: '/guides/day-one', label: 'Day One', description: 'Your first day.' },
				{ path: '/guides/early-game', label: 'Early Game', description: 'The early unlocks.', guides },
			]}
		/>,
	)
	const heading = page.getByRole('heading', { level: 3, name: 'Early Game' })
	expect(within(heading).getByRole('link').getAttribute('href')).toBe('/guides/early-game')
	expect(page.getByText('The early unlocks.')).toBeTruthy()
	// The group's guides are cards inside the group; the top-level guide is a card of its own.
	const group = heading.closest('li')!
	expect(
		within(group)
			.getAllByRole('link')
			.map((link) => link.getAttribute('href')),
	).toEqual(['/guides/early-game', '/guides/early-game/dig-site', '/guides/early-game/notes'])
	expect(within(group).queryByRole('link', { name: 'Day One' })).toBeNull()
	expect(page.getByRole('link', { name: 'Day One' }).compareDocumentPosition(group) & 4 /* DOCUMENT_POSITION_FOLLOWING */).toBeTruthy()
})
