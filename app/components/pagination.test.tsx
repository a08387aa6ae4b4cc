// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { Pagination, paginationWindow } from './pagination.tsx'

const show = (items: ReturnType<typeof paginationWindow>) => items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ')

test('paginationWindow lists every page when there are 5 or fewer', () => {
	expect(show(paginationWindow(1, 1))).toBe('1')
	expect(show(paginationWindow(2, 3))).toBe('1 2 3')
	expect(show(paginationWindow(5, 5))).toBe('1 2 3 4 5')
	expect(paginationWindow(1, 0)).toEqual([])
})

test('paginationWindow keeps 5 numbers around the current page with first, last and gaps', () => {
	expect(show(paginationWindow(1, 10))).toBe('1 2 3 4 5 … 10')
	expect(show(paginationWindow(3, 10))).toBe('1 2 3 4 5 … 10')
	expect(show(paginationWindow(4, 10))).toBe('1 2 3 4 5 6 … 10')
	expect(show(paginationWindow(5, 10))).toBe('1 … 3 4 5 6 7 … 10')
	expect(show(paginationWindow(8, 10))).toBe('1 … 6 7 8 9 10')
	expect(show(paginationWindow(10, 10))).toBe('1 … 6 7 8 9 10')
})

test('paginationWindow never shows a gap for a single skipped page', () => {
	expect(show(paginationWindow(4, 7))).toBe('1 2 3 4 5 6 7')
	expect(show(paginationWindow(1, 6))).toBe('1 2 3 4 5 6')
})

test('paginationWindow clamps a current page outside the range', () => {
	expect(show(paginationWindow(99, 10))).toBe('1 … 6 7 8 9 10')
	expect(show(paginationWindow(-3, 10))).toBe('1 2 3 4 5 … 10')
})

test('paginationWindow gives the two gaps distinct keys', () => {
	const gaps = paginationWindow(50, 100).filter((item) => item.type === 'gap')
	expect(gaps).toEqual([
		{ type: 'gap', key: 'start' },
		{ type: 'gap', key: 'end' },
	])
})

function renderPages(page: number, totalPages: number) {
	const Stub = createRoutesStub([
		{
			path: '/list',
			Component: () => <Pagination page={page} totalPages={totalPages} href={(n) => `/list?page=${n}`} label="List pages" />,
		},
	])
	return render(<Stub initialEntries={['/list']} />)
}

test('Pagination: a named list of page links, the current one marked, Previous and Next only where they lead somewhere', () => {
	renderPages(5, 10)
	const nav = screen.getByRole('navigation', { name: 'List pages' })
	const links = within(nav).getAllByRole('link')
	expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
		'Previous page',
		'Page 1',
		'Page 3',
		'Page 4',
		'Page 5',
		'Page 6',
		'Page 7',
		'Page 10',
		'Next page',
	])
	expect(within(nav).getByRole('link', { current: 'page' })).toBe(within(nav).getByRole('link', { name: 'Page 5' }))
	expect(within(nav).getAllByRole('link', { current: false })).toHaveLength(8)
	expect(within(nav).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/list?page=4')
	expect(within(nav).getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/list?page=6')
	// The gaps are for the eye only: the list items a screen reader counts are the links.
	expect(within(nav).getAllByRole('listitem')).toHaveLength(9)
})

test('Pagination: no Previous on the first page, no Next on the last, nothing for a single page', () => {
	const first = renderPages(1, 3)
	expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull()
	expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe('/list?page=2')
	first.unmount()
	const last = renderPages(3, 3)
	expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull()
	last.unmount()
	renderPages(1, 1)
	expect(screen.queryByRole('navigation')).toBeNull()
})
