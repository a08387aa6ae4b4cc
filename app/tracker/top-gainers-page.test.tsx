import { renderToStaticMarkup } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { expect, test } from 'vitest'
import type { GainsBoard } from './api-types.ts'
import { TopGainersPage, type TopGainersView } from './top-gainers-page.tsx'

function render(view: TopGainersView): string {
	const router = createMemoryRouter([{ path: '/players', element: <TopGainersPage view={view} /> }], { initialEntries: ['/players'] })
	return renderToStaticMarkup(<RouterProvider router={router} />)
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

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
	const html = render({ board: board(), currentStart: '2026-03-02' })
	expect(text(html)).toContain('Magic XP, this week 2–8 Mar 2026')
	expect(text(html)).toContain('76 Zezima Jr 1,234,567')
	expect(html).toContain('href="/players/Zezima_Jr"')
	const pages = html.slice(html.indexOf('data-pages'))
	// Each page link carries where its page starts, so no page is counted from the top.
	expect(pages).toContain('href="/players?skill=magic&amp;page=3&amp;after=500000.40"')
	expect(pages).toContain('href="/players?skill=magic&amp;page=10&amp;after=12.3"')
	expect(pages).toMatch(/<a rel="prev"[^>]*href="\/players\?skill=magic&amp;page=3&amp;after=500000.40"/)
	expect(pages).toMatch(/<a rel="next"[^>]*href="\/players\?skill=magic&amp;page=5&amp;after=1000.9"/)
	expect(pages).toMatch(/aria-current="page"[^>]*>4</)
	// 1 … 2 3 [4] 5 6 … 10: page 1 without a page parameter.
	expect(text(pages)).toMatch(/Previous 1 2 3 4 5 6 … 10 Next/)
	expect(pages).toContain('href="/players?skill=magic"')
	expect(html).toMatch(/<form[^>]*action="\/players" method="get"/)
	expect(html).toMatch(/<option value="magic" selected="">Magic<\/option>/)
	expect(html).toContain('href="/players?skill=magic&amp;date=2026-02-23"')
})

test('an earlier month: the form and the links keep its date; an empty board says so', () => {
	const html = render({ board: board({ period: 'month', skill: 'overall', from: '2026-02-01', to: '2026-02-28', page: 1, players: 0, pages: 0, entries: [], pageLinks: [] }), currentStart: '2026-03-01' })
	expect(text(html)).toContain('XP, the month of February 2026')
	expect(html).toContain('<input type="hidden" name="date" value="2026-02-01"/>')
	expect(html).toContain('<input type="hidden" name="period" value="month"/>')
	expect(html).toContain('href="/players?period=month"')
	expect(text(html)).toContain('Nobody tracked here gained XP that month.')
	expect(html).not.toContain('data-pages')
})
