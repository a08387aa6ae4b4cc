import { expect, test } from 'vitest'
import { timeLeftText } from './time-left.tsx'

const startsAt = new Date('2026-12-01T18:00:00Z')
const endsAt = new Date('2026-12-08T18:00:00Z')
const at = (iso: string) => Date.parse(iso)

test('before the start, the time to it; while it runs, the time left; after, when it finished', () => {
	expect(timeLeftText(startsAt, endsAt, at('2026-11-30T16:58:55Z'))).toBe('Starts in 1 day 1 h 1 min 5 s')
	expect(timeLeftText(startsAt, endsAt, at('2026-12-08T17:59:30Z'))).toBe('Ends in 30 s')
	expect(timeLeftText(startsAt, endsAt, at('2026-12-08T15:00:00Z'))).toBe('Ends in 3 h 0 min 0 s')
	expect(timeLeftText(startsAt, endsAt, at('2026-12-08T18:00:00Z'))).toBe('Finished 8 Dec 2026, 18:00 UTC')
})
