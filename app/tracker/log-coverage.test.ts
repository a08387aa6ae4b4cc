import { describe, expect, it } from 'vitest'
import { logSpan, mergeLogSpans } from './log-coverage.ts'

const at = (iso: string) => new Date(iso)

describe('logSpan', () => {
	it('a full page covers from just after its oldest entry; a short one covers everything before', () => {
		expect(logSpan({ at: at('2026-11-10T00:00:00Z'), entries: 20, oldestEntry: at('2026-11-08T10:00:00Z') })).toEqual({
			from: at('2026-11-08T10:01:00Z'),
			to: at('2026-11-10T00:00:00Z'),
		})
		expect(logSpan({ at: at('2026-11-01T00:00:00Z'), entries: 7, oldestEntry: at('2026-10-01T00:00:00Z') })).toEqual({
			from: at('1970-01-01T00:00:00Z'),
			to: at('2026-11-01T00:00:00Z'),
		})
		expect(logSpan({ at: at('2026-11-01T00:00:00Z'), entries: 0, oldestEntry: null })?.from).toEqual(at('1970-01-01T00:00:00Z'))
	})

	it('a full page whose oldest entry is of the fetch minute saw nothing for sure', () => {
		expect(logSpan({ at: at('2026-11-10T00:00:30Z'), entries: 20, oldestEntry: at('2026-11-10T00:00:00Z') })).toBeNull()
	})
})

describe('mergeLogSpans', () => {
	it('merges spans that overlap or meet, keeps the others apart, oldest first', () => {
		expect(
			mergeLogSpans([
				{ from: at('2026-11-09T00:00:00Z'), to: at('2026-11-15T00:00:00Z') },
				{ from: at('2026-11-05T00:01:00Z'), to: at('2026-11-10T00:00:00Z') },
				{ from: at('2026-11-20T00:00:00Z'), to: at('2026-11-21T00:00:00Z') },
				{ from: at('2026-11-15T00:00:00Z'), to: at('2026-11-16T00:00:00Z') },
			]),
		).toEqual([
			{ from: at('2026-11-05T00:01:00Z'), to: at('2026-11-16T00:00:00Z') },
			{ from: at('2026-11-20T00:00:00Z'), to: at('2026-11-21T00:00:00Z') },
		])
	})
})
