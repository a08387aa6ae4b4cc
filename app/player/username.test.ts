import { expect, test } from 'vitest'
import { normalisePlayerName } from './username.ts'

test('the padded name of the security review is sent and cached as the plain one', () => {
	expect(normalisePlayerName('_Zezima_Ab_')).toEqual({ name: 'Zezima Ab', key: 'zezima ab' })
	expect(normalisePlayerName('Zezima Ab')).toEqual({ name: 'Zezima Ab', key: 'zezima ab' })
})

test('_, - and space are one character; runs of them are one space', () => {
	for (const spelling of ['Iron-Man', 'Iron_Man', 'iron man', 'IRON__MAN', 'Iron - _Man', '  Iron   Man  ', '-Iron-Man-']) {
		expect(normalisePlayerName(spelling).key).toBe('iron man')
	}
	expect(normalisePlayerName('-Iron-Man-').name).toBe('Iron Man')
})

test('case is kept in the name and folded in the key', () => {
	expect(normalisePlayerName('ZeZiMa')).toEqual({ name: 'ZeZiMa', key: 'zezima' })
})

test('a name of separators only is empty', () => {
	expect(normalisePlayerName(' _-_ ')).toEqual({ name: '', key: '' })
	expect(normalisePlayerName('')).toEqual({ name: '', key: '' })
})

test('normalising twice changes nothing', () => {
	for (const raw of ['_Zezima_Ab_', 'a - b', 'X']) {
		const once = normalisePlayerName(raw)
		expect(normalisePlayerName(once.name)).toEqual(once)
		expect(normalisePlayerName(once.key).key).toBe(once.key)
	}
})

test('digits and letters are untouched', () => {
	expect(normalisePlayerName('Player 1337').name).toBe('Player 1337')
})
