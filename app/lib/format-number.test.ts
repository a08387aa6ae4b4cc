import { expect, test } from 'vitest'
import { formatNumber } from './format-number.ts'

test('thousands separated by commas, whatever the reader’s locale', () => {
	expect(formatNumber(104_273_167)).toBe('104,273,167')
	expect(formatNumber(999)).toBe('999')
	expect(formatNumber(1000)).toBe('1,000')
	expect(formatNumber(0)).toBe('0')
	expect(formatNumber(-1_234_567)).toBe('-1,234,567')
	expect(formatNumber(5_400_000_000)).toBe('5,400,000,000')
})

test('the same as en-US for whole numbers and fractions', () => {
	const intl = new Intl.NumberFormat('en-US')
	for (const value of [1, 12, 123, 1234, 12_345, 123_456, 1_234_567, -42, -4200, 200_000_000, 2.5, 1234.5678, -0.25]) {
		expect(formatNumber(value)).toBe(intl.format(value))
	}
})
