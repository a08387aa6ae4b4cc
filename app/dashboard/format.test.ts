import { expect, test } from 'vitest'
import { formatBytes, formatModified } from './format.ts'

test('formatBytes uses Bytes below 1 KB', () => {
	expect(formatBytes(0)).toBe('0 Bytes')
	expect(formatBytes(1)).toBe('1 Bytes')
	expect(formatBytes(1023)).toBe('1023 Bytes')
})

test('formatBytes rounds to at most two decimals in KB, MB and GB', () => {
	expect(formatBytes(1024)).toBe('1 KB')
	expect(formatBytes(1536)).toBe('1.5 KB')
	expect(formatBytes(1234)).toBe('1.21 KB')
	expect(formatBytes(5 * 1024 * 1024 + 300_000)).toBe('5.29 MB')
	expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB')
})

test('formatBytes stays in GB above 1024 GB and moves up instead of showing 1024', () => {
	expect(formatBytes(2048 * 1024 ** 3)).toBe('2048 GB')
	expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB')
})

test('formatBytes treats bad input as nothing', () => {
	expect(formatBytes(-5)).toBe('0 Bytes')
	expect(formatBytes(Number.NaN)).toBe('0 Bytes')
})

test('formatModified writes the date and time in UTC', () => {
	expect(formatModified('2026-03-07T04:05:06.000Z')).toBe('7 Mar 2026, 04:05 UTC')
	expect(formatModified('2026-12-31T23:59:59.999Z')).toBe('31 Dec 2026, 23:59 UTC')
	expect(formatModified('not a date')).toBe('Unknown date')
})
