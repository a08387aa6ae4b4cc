import { expect, test } from 'vitest'
import { type PageItem, pageCount, paginationWindow, parsePageParam, showingRange } from './pagination.ts'

const show = (items: PageItem[]) =>
	items.map((item) => (item.type === 'page' ? String(item.page) : '…')).join(' ')

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

test('pageCount rounds up and is 0 for an empty store', () => {
	expect(pageCount(0, 12)).toBe(0)
	expect(pageCount(1, 12)).toBe(1)
	expect(pageCount(12, 12)).toBe(1)
	expect(pageCount(25, 12)).toBe(3)
})

test('showingRange gives 1-based positions of the images on the page', () => {
	expect(showingRange(1, 12, 12, 25)).toEqual({ from: 1, to: 12 })
	expect(showingRange(3, 12, 1, 25)).toEqual({ from: 25, to: 25 })
	expect(showingRange(1, 12, 0, 0)).toEqual({ from: 0, to: 0 })
})

test('parsePageParam accepts whole page numbers only', () => {
	expect(parsePageParam(null)).toBe(1)
	expect(parsePageParam('')).toBe(1)
	expect(parsePageParam('3')).toBe(3)
	expect(parsePageParam('0')).toBeNull()
	expect(parsePageParam('-1')).toBeNull()
	expect(parsePageParam('2.5')).toBeNull()
	expect(parsePageParam('abc')).toBeNull()
	expect(parsePageParam('99999999')).toBeNull()
})
