import { expect, test } from 'vitest'
import { parsePlayerName } from './username-schema.ts'

test('accepts a name and gives it normalised', () => {
	expect(parsePlayerName('  Zezima Jr  ')).toEqual({
		success: true,
		data: { name: 'Zezima Jr', key: 'zezima jr' },
	})
	expect(parsePlayerName('_Zezima_Ab_')).toEqual({
		success: true,
		data: { name: 'Zezima Ab', key: 'zezima ab' },
	})
})

test('accepts 1 and 12 characters, digits, - and _', () => {
	expect(parsePlayerName('a').success).toBe(true)
	expect(parsePlayerName('abcdefghijkl').success).toBe(true)
	expect(parsePlayerName('Iron-Man_99').success).toBe(true)
})

test('counts the length of the normalised name', () => {
	// 14 characters as typed, "Zezima Jr 12" (12) once the padding is gone.
	expect(parsePlayerName('__Zezima_Jr_12').success).toBe(true)
})

test('rejects an empty, blank or separators-only name', () => {
	for (const raw of ['', '   ', '___', ' - ']) {
		expect(parsePlayerName(raw)).toEqual({ success: false, message: 'Enter a RuneScape player name.' })
	}
})

test('rejects a missing name', () => {
	expect(parsePlayerName(undefined)).toEqual({ success: false, message: 'Enter a RuneScape player name.' })
})

test('rejects 13 characters and says how many there were', () => {
	const result = parsePlayerName('abcdefghijklm')
	expect(result.success).toBe(false)
	expect(!result.success && result.message).toMatch(/at most 12 characters.*has 13/)
})

test('rejects other characters and names them', () => {
	const result = parsePlayerName('Zezima!Jr?')
	expect(result.success).toBe(false)
	expect(!result.success && result.message).toContain('"!", "?"')
})

test('names invisible or non-ASCII characters by code point', () => {
	const tab = parsePlayerName('Zezima\tJr')
	expect(!tab.success && tab.message).toContain('U+0009')
	const accented = parsePlayerName('Zézima')
	expect(!accented.success && accented.message).toContain('U+00E9')
})
