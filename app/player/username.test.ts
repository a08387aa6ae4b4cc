import { expect, test } from 'vitest'
import { normaliseUsername, usernameKey, usernameSchema } from './username.ts'

test('accepts a name and trims it', () => {
	expect(normaliseUsername('  Zezima Jr  ')).toEqual({
		success: true,
		data: { name: 'Zezima Jr', key: 'zezima jr' },
	})
})

test('accepts 1 and 12 characters, digits, - and _', () => {
	expect(normaliseUsername('a').success).toBe(true)
	expect(normaliseUsername('abcdefghijkl').success).toBe(true)
	expect(normaliseUsername('Iron-Man_99').success).toBe(true)
})

test('writes _ as a space in the name', () => {
	const result = normaliseUsername('Zezima_Jr')
	expect(result.success && result.data.name).toBe('Zezima Jr')
})

test('case, space and _ fold into one key; - stays apart', () => {
	expect(usernameKey('ZEZIMA_JR')).toBe(usernameKey('zezima jr'))
	expect(usernameKey(' Zezima Jr ')).toBe('zezima jr')
	expect(usernameKey('Zezima-Jr')).not.toBe(usernameKey('Zezima Jr'))
})

test('rejects an empty or blank name', () => {
	expect(normaliseUsername('')).toEqual({
		success: false,
		message: 'Enter a RuneScape player name.',
	})
	expect(normaliseUsername('   ')).toEqual({
		success: false,
		message: 'Enter a RuneScape player name.',
	})
})

test('rejects a missing name', () => {
	expect(normaliseUsername(undefined)).toEqual({
		success: false,
		message: 'Enter a RuneScape player name.',
	})
})

test('rejects 13 characters and says how many there were', () => {
	const result = normaliseUsername('abcdefghijklm')
	expect(result.success).toBe(false)
	expect(!result.success && result.message).toMatch(/at most 12 characters.*has 13/)
})

test('rejects other characters and names them', () => {
	const result = normaliseUsername('Zezima!Jr?')
	expect(result.success).toBe(false)
	expect(!result.success && result.message).toContain('"!", "?"')
})

test('names invisible or non-ASCII characters by code point', () => {
	const tab = normaliseUsername('Zezima\tJr')
	expect(!tab.success && tab.message).toContain('U+0009')
	const accented = normaliseUsername('Zézima')
	expect(!accented.success && accented.message).toContain('U+00E9')
})

test('the schema gives the trimmed name', () => {
	expect(usernameSchema.parse(' Zezima ')).toBe('Zezima')
})
