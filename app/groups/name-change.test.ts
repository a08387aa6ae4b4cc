import { describe, expect, it } from 'vitest'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { checkNameChange, plausibleXpGain } from './name-change.ts'

const HOUR = 3_600_000
const old = testSnapshot('2026-11-20T12:00:00.000Z', 1_000_000)

describe('plausibleXpGain', () => {
	it('allows up to 10M XP an hour', () => {
		expect(plausibleXpGain(10_000_000, HOUR)).toBe(true)
		expect(plausibleXpGain(10_000_001, HOUR)).toBe(false)
		expect(plausibleXpGain(240_000_000, 24 * HOUR)).toBe(true)
		expect(plausibleXpGain(0, 0)).toBe(true)
		expect(plausibleXpGain(1, 0)).toBe(false)
		expect(plausibleXpGain(-1, HOUR)).toBe(false)
	})
})

describe('checkNameChange', () => {
	it('accepts a new name with the same XP or a gain that fits the time', () => {
		expect(
			checkNameChange({
				oldSnapshot: old,
				oldNameExists: false,
				newSnapshot: testSnapshot('2026-11-20T13:00:00.000Z', 1_000_000),
			}),
		).toEqual({ verdict: 'accept' })
		const trained = testSnapshot('2026-11-21T12:00:00.000Z', 1_000_000, { necromancy: 50_000_000 })
		expect(checkNameChange({ oldSnapshot: old, oldNameExists: false, newSnapshot: trained })).toEqual({ verdict: 'accept' })
	})

	it('refuses when the old name has no history here', () => {
		expect(checkNameChange({ oldSnapshot: null, oldNameExists: false, newSnapshot: old })).toMatchObject({
			verdict: 'refuse',
			reason: expect.stringMatching(/no history/),
		})
	})

	it('refuses when the old name still exists upstream', () => {
		expect(checkNameChange({ oldSnapshot: old, oldNameExists: true, newSnapshot: old })).toMatchObject({
			verdict: 'refuse',
			reason: expect.stringMatching(/still exists/),
		})
	})

	it('refuses when the new name does not exist', () => {
		expect(checkNameChange({ oldSnapshot: old, oldNameExists: false, newSnapshot: null })).toMatchObject({
			verdict: 'refuse',
			reason: expect.stringMatching(/no player by the new name/),
		})
	})

	it('refuses when a skill has less XP than the old name had, naming the skills', () => {
		const other = testSnapshot('2026-11-25T12:00:00.000Z', 5_000_000, {
			cooking: 999_999,
			slayer: 10,
		})
		expect(checkNameChange({ oldSnapshot: old, oldNameExists: false, newSnapshot: other })).toEqual({
			verdict: 'refuse',
			reason: 'The new name has less XP than the old name last had in Cooking, Slayer: XP never goes down, so it is another account.',
		})
	})

	it('sends a gain too big for the time to review, with the figures', () => {
		const fast = testSnapshot('2026-11-20T14:00:00.000Z', 1_000_000, { invention: 21_000_001 })
		expect(checkNameChange({ oldSnapshot: old, oldNameExists: false, newSnapshot: fast })).toEqual({
			verdict: 'review',
			reason: 'The new name has 20,000,001 XP more than the old name had 2.0 hours earlier, more than 10,000,000 XP an hour.',
		})
	})
})
