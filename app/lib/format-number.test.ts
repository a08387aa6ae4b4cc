import { expect, test } from 'vitest'
import { formatNumber } from './format-number.ts'

test('thousands separated by commas, whatever the reader’s locale', () => {
	expect(formatNumber(104_273_167)).toBe('104,273,167')
	expect(formatNumber(999)).toBe('999')
	expect(formatNumber(0)).toBe('0')
})
