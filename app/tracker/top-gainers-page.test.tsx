// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import type { GainsBoard } from './api-types.ts'
import { TopGainersPage, type TopGainersView } from './top-gainers-page.tsx'

function renderPage(view: TopGainersView) {
	const Stub = createRoutesStub([{ path: '/players', Component: () => <TopGainersPage view={view} /> }])
	return render(<Stub initialEntries={['/players']} />)
}

const href = (element: HTMLElement) => element.getAttribute('href')

function board(overrides: Partial<GainsBoard> = {}): GainsBoard {
	return {
		period: 'week',
		skill: 'magic',
		from: '2026-03-02',
		to: '2026-03-08',
		page: 4,
		pageSize: 25,
		players: 240,
		pages: 10,
		entries: [
			{ rank: 76, name: 'Zezima Jr', xpGained: 1_234_567 },
			{ rank: 77, name: 'Lynx Titan', xpGained: 1_000 },
		],
		pageLinks: [
			{ page: 1, after: null },
			{ page: 2, after: '900000.12' },
			{ page: 3, after: '500000.40' },
			{ page: 4, after: '1300000.7' },
			{ page: 5, after: '1000.9' },
			{ page: 6, after: '900.31' },
			{ page: 10, after: '12.3' },
		],
		...overrides,
	}
}

test('a page of a skill board: ranks, player links, page links that keep the skill, a no-script skill form', () => {
	renderPage({ board: board(), currentStart: '2026-03-02' })
	expect(screen.getByRole('heading', { level: 2, name: /^Magic XP, this week/ }).textContent).toBe('Magic XP, this week 2–8 Mar 2026')
	const table = screen.getByRole('table', { name: 'Magic XP gained, most first: page 4 of 10, 240 players' })
	const rows = within(table).getAllByRole('row').slice(1)
	expect(rows.map((row) => row.textContent)).toEqual(['76Zezima Jr1,234,567', '77Lynx Titan1,000'])
	expect(href(within(table).getByRole('link', { name: 'Zezima Jr' }))).toBe('/players/Zezima_Jr')

	const pages = screen.getByRole('navigation', { name: 'Pages' })
	expect(
		within(pages)
			.getAllByRole('link')
			.map((link) => link.textContent),
	).toEqual(['‹ Previous', '1', '2', '3', '4', '5', '6', '10', 'Next ›'])
	expect(within(pages).getByRole('link', { current: 'page' }).textContent).toBe('4')
	// Page 1 without a page parameter; the skill kept on every page.
	expect(href(within(pages).getByRole('link', { name: 'Page 1' }))).toBe('/players?skill=magic')
	// Each other page link carries where its page starts, so no page is counted from the top.
	expect(href(within(pages).getByRole('link', { name: 'Previous page' }))).toBe('/players?skill=magic&page=3&after=500000.40')
	expect(href(within(pages).getByRole('link', { name: 'Next page' }))).toBe('/players?skill=magic&page=5&after=1000.9')
	expect(href(within(pages).getByRole('link', { name: 'Page 10' }))).toBe('/players?skill=magic&page=10&after=12.3')

	const form = screen.getByRole('button', { name: 'Show' }).closest('form')!
	expect(form.getAttribute('method')).toBe('get')
	expect(form.getAttribute('action')).toBe('/players')
	expect((within(form).getByRole('combobox') as HTMLSelectElement).value).toBe('magic')
	expect(href(screen.getByRole('link', { name: 'Previous week' }))).toBe('/players?skill=magic&date=2026-02-23')
})

test('an earlier month: the form and the links keep its date; an empty board says so', () => {
	const { container } = renderPage({
		board: board({
			period: 'month',
			skill: 'overall',
			from: '2026-02-01',
			to: '2026-02-28',
			page: 1,
			players: 0,
			pages: 0,
			entries: [],
			pageLinks: [],
		}),
		currentStart: '2026-03-01',
	})
	expect(screen.getByRole('heading', { level: 2, name: /^XP, the month of/ }).textContent).toBe('XP, the month of February 2026')
	const hidden = Object.fromEntries(
		[...container.querySelectorAll<HTMLInputElement>('input[type=hidden]')].map((input) => [input.name, input.value]),
	)
	expect(hidden).toEqual({ date: '2026-02-01', period: 'month' })
	expect(screen.getAllByRole('link', { name: 'This month' }).map(href)).toContain('/players?period=month')
	expect(screen.getByText('Nobody tracked here gained XP that month.')).toBeTruthy()
	expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
})
