import { expect, test } from 'vitest'
import { parseProgress, progressKey, reconcileProgress, toggleTick } from './progress.ts'

test('one key per player and goal set: name case, _ and goal order do not matter', () => {
	expect(progressKey('Zezima_Jr', ['b', 'a'])).toBe(progressKey(' zezima jr ', ['a', 'b']))
	expect(progressKey('Zezima-Jr', ['a'])).toBe(progressKey('zezima  jr', ['a']))
	expect(progressKey('Zezima Jr', ['a'])).not.toBe(progressKey('Zezima Jr', ['a', 'b']))
	expect(progressKey('', ['a'])).not.toBe(progressKey('Zezima Jr', ['a']))
	expect(progressKey('Zezima Jr', ['a'], true)).not.toBe(progressKey('Zezima Jr', ['a']))
})

test('unreadable storage counts as nothing stored', () => {
	expect(parseProgress(null)).toEqual({ ticked: [], steps: {} })
	expect(parseProgress('{oops')).toEqual({ ticked: [], steps: {} })
	expect(parseProgress('{"ticked":[1,"a"],"steps":{"a":"A","b":2}}')).toEqual({ ticked: ['a'], steps: { a: 'A' } })
	expect(parseProgress('[]')).toEqual({ ticked: [], steps: {} })
})

test('ticks toggle on and off', () => {
	const empty = { ticked: [], steps: {} }
	const on = toggleTick(empty, 'quest:a', true)
	expect(on.ticked).toEqual(['quest:a'])
	expect(toggleTick(toggleTick(on, 'quest:a', true), 'quest:a', false).ticked).toEqual([])
})

test('steps a fresh lookup removed come back as confirmed; ticks on remaining steps stay', () => {
	const stored = {
		ticked: ['quest:a', 'train:magic:75', 'quest:c'],
		steps: { 'quest:a': 'A', 'train:magic:75': 'Train Magic 70 → 75', 'quest:c': 'C', 'quest:d': 'D' },
	}
	const { progress, confirmed } = reconcileProgress(stored, [
		{ id: 'train:magic:75', text: 'Train Magic 72 → 75' },
		{ id: 'quest:c', text: 'C' },
		{ id: 'quest:e', text: 'E' },
	])
	expect(confirmed).toEqual(['A', 'D'])
	expect(progress).toEqual({
		ticked: ['train:magic:75', 'quest:c'],
		steps: { 'train:magic:75': 'Train Magic 72 → 75', 'quest:c': 'C', 'quest:e': 'E' },
	})
	// Nothing stored yet: nothing is confirmed.
	expect(reconcileProgress({ ticked: [], steps: {} }, [{ id: 'x', text: 'X' }]).confirmed).toEqual([])
})
