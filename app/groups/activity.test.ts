import { describe, expect, test } from 'vitest'
import { describeActivity, type ActivityItem } from './activity.ts'

const at = new Date('2026-11-20T10:00:00Z')
const player = { key: 'anna', name: 'Anna' }
const roster = (item: Partial<Extract<ActivityItem, { previousName: unknown }>>) =>
	({ at, player, kind: 'joined', previousName: null, fromRank: null, toRank: null, ...item }) as ActivityItem
const log = (item: Partial<Extract<ActivityItem, { text: string }>>) =>
	({ at, player, kind: 'quest', text: '', skill: null, subject: null, amount: null, ...item }) as ActivityItem

describe('describeActivity', () => {
	test('roster events', () => {
		expect(describeActivity(roster({ kind: 'joined', toRank: 'Recruit' }))).toBe('joined as Recruit')
		expect(describeActivity(roster({ kind: 'left', fromRank: 'General' }))).toBe('left (was General)')
		expect(describeActivity(roster({ kind: 'rank-changed', fromRank: 'Recruit', toRank: 'Corporal' }))).toBe(
			'went from Recruit to Corporal',
		)
		expect(describeActivity(roster({ kind: 'renamed', previousName: 'Old Anna' }))).toBe('was renamed from Old Anna')
	})
	test('log entries', () => {
		expect(describeActivity(log({ kind: 'level', skill: 'cooking', amount: 99 }))).toBe('reached level 99 Cooking')
		expect(describeActivity(log({ kind: 'xp-milestone', skill: 'necromancy', amount: 200_000_000 }))).toBe(
			'reached 200,000,000 XP in Necromancy',
		)
		expect(describeActivity(log({ kind: 'quest', subject: 'Some Quest' }))).toBe('completed Some Quest')
		expect(describeActivity(log({ kind: 'drop', subject: 'Dragon hatchet' }))).toBe('found Dragon hatchet')
		expect(describeActivity(log({ kind: 'boss-kill', subject: 'Amascuts', amount: 12 }))).toBe('killed 12 Amascuts')
		expect(describeActivity(log({ kind: 'boss-kill', subject: 'Vorago', amount: 1 }))).toBe('killed Vorago')
	})
})
