import { expect, test, vi } from 'vitest'
import {
	canSubmitLookup,
	clampLookupInput,
	createLookupScheduler,
	LOOKUP_DEBOUNCE_MS,
	LOOKUP_INPUT_MAX_LENGTH,
	lookupName,
} from './lookup-input.ts'

test('the box holds at most 15 characters', () => {
	expect(LOOKUP_INPUT_MAX_LENGTH).toBe(15)
	expect(clampLookupInput('abcdefghijklmnopq')).toBe('abcdefghijklmno')
	expect(clampLookupInput('Zezima Jr')).toBe('Zezima Jr')
})

test('names are trimmed; blank input gives no name and cannot be submitted', () => {
	expect(lookupName('  Zezima Jr  ')).toBe('Zezima Jr')
	expect(lookupName('   ')).toBe('')
	expect(canSubmitLookup('')).toBe(false)
	expect(canSubmitLookup(' \t ')).toBe(false)
	expect(canSubmitLookup(' a ')).toBe(true)
})

test('searches one second after typing stops, once, with the last value', () => {
	vi.useFakeTimers()
	const searches: string[] = []
	const scheduler = createLookupScheduler({ onSearch: (name) => searches.push(name) })
	expect(LOOKUP_DEBOUNCE_MS).toBe(1000)
	scheduler.input('Zez')
	vi.advanceTimersByTime(600)
	scheduler.input('Zezima')
	vi.advanceTimersByTime(999)
	expect(searches).toEqual([])
	scheduler.input('Zezima Jr ')
	vi.advanceTimersByTime(999)
	expect(searches).toEqual([])
	vi.advanceTimersByTime(1)
	expect(searches).toEqual(['Zezima Jr'])
	vi.advanceTimersByTime(5000)
	expect(searches).toEqual(['Zezima Jr'])
})

test('Enter searches at once and cancels the pending search', () => {
	vi.useFakeTimers()
	const searches: string[] = []
	const scheduler = createLookupScheduler({ onSearch: (name) => searches.push(name) })
	scheduler.input('Zezima')
	scheduler.submit(' Zezima Jr')
	expect(searches).toEqual(['Zezima Jr'])
	vi.advanceTimersByTime(2000)
	expect(searches).toEqual(['Zezima Jr'])
})

test('blank input is ignored and cancels a pending search', () => {
	vi.useFakeTimers()
	const searches: string[] = []
	const scheduler = createLookupScheduler({ onSearch: (name) => searches.push(name) })
	scheduler.input('Zezima')
	scheduler.input('   ')
	vi.advanceTimersByTime(2000)
	scheduler.submit('  ')
	expect(searches).toEqual([])
})

test('cancel drops the pending search (the widget unmounted)', () => {
	const pending: Array<() => void> = []
	const cleared: unknown[] = []
	const searches: string[] = []
	const scheduler = createLookupScheduler({
		onSearch: (name) => searches.push(name),
		delayMs: 250,
		timers: {
			set: (run, ms) => {
				expect(ms).toBe(250)
				pending.push(run)
				return pending.length
			},
			clear: (handle) => cleared.push(handle),
		},
	})
	scheduler.input('Zezima')
	scheduler.cancel()
	expect(cleared).toEqual([1])
	scheduler.cancel()
	expect(cleared).toEqual([1])
	expect(searches).toEqual([])
})
