import { expect, test } from 'vitest'
import { createKeyFactory, isValidKey, keyDisplayName, keyTime, sanitizeFilename } from './keys.server.ts'

test('sanitizeFilename keeps a readable lower-case slug and the extension', () => {
	expect(sanitizeFilename('Lumbridge Castle (map) v2.PNG')).toBe('lumbridge-castle-map-v2.png')
	expect(sanitizeFilename('Ardougne_Cloak__4.jpeg')).toBe('ardougne-cloak-4.jpeg')
	expect(sanitizeFilename('Crème brûlée.txt')).toBe('creme-brulee.txt')
})

test('sanitizeFilename drops any path, so traversal is impossible', () => {
	expect(sanitizeFilename('../../etc/passwd')).toBe('passwd')
	expect(sanitizeFilename('..\\..\\windows\\win.ini')).toBe('win.ini')
	expect(sanitizeFilename('/abs/path/shot.png')).toBe('shot.png')
	expect(sanitizeFilename('..')).toBe('file')
	expect(sanitizeFilename('.hidden.png')).toBe('hidden.png')
})

test('sanitizeFilename removes control characters and odd bytes', () => {
	expect(sanitizeFilename('evil\u0000name\r\n.png')).toBe('evil-name.png')
	expect(sanitizeFilename('a\u202Egnp.exe')).toBe('a-gnp.exe')
	expect(sanitizeFilename('<b onclick="x()">hi.svg')).toBe('b-onclick-x-hi.svg')
	// The `/` of a closing tag counts as a folder separator: only the last segment is kept.
	expect(sanitizeFilename('<script>alert(1)</script>.svg')).toBe('script.svg')
	expect(sanitizeFilename('マップ.png')).toBe('file.png')
	expect(sanitizeFilename('')).toBe('file')
})

test('sanitizeFilename bounds the length', () => {
	const slug = sanitizeFilename(`${'a'.repeat(5000)}.${'b'.repeat(50)}`)
	expect(slug).toBe(`${'a'.repeat(60)}.${'b'.repeat(10)}`)
	expect(sanitizeFilename(`${'a-'.repeat(40)}.png`).length).toBeLessThanOrEqual(64)
})

test('keys are unique for the same name and keep the slug', () => {
	const makeKey = createKeyFactory()
	const keys = new Set(Array.from({ length: 1000 }, () => makeKey('map.png')))
	expect(keys.size).toBe(1000)
	for (const key of keys) {
		expect(isValidKey(key)).toBe(true)
		expect(keyDisplayName(key)).toBe('map.png')
	}
})

test('keys sort by creation time, even within one millisecond', () => {
	let clock = Date.UTC(2026, 10, 4, 12, 0, 0)
	const makeKey = createKeyFactory(() => clock)
	const made = [makeKey('a.png'), makeKey('b.png'), makeKey('c.png')]
	clock += 60_000
	made.push(makeKey('d.png'))
	expect([...made].sort()).toEqual(made)
	expect(keyTime(made[3]!)).toBe(Date.UTC(2026, 10, 4, 12, 1, 0))
})

test('isValidKey refuses anything that is not one of our keys', () => {
	const key = createKeyFactory()('ok.png')
	expect(isValidKey(key)).toBe(true)
	for (const bad of [
		'',
		'ok.png',
		'../' + key,
		key + '/../x',
		key.replace('-', '/'),
		key.toUpperCase(),
		key + '\u0000',
		'0000000000000000000000-' + 'a'.repeat(61),
	]) {
		expect(isValidKey(bad), bad).toBe(false)
	}
})
