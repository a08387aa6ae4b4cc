import { expect, test } from 'vitest'
import { pageCount, parsePageParam, showingRange } from './pagination.ts'

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
