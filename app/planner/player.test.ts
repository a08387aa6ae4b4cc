import { expect, test } from 'vitest'
import { knowsQuestProgress, plannerPlayer } from './player.ts'

const names: Record<string, string> = { "cook's assistant": "Cook's Assistant", dt: 'Desert Treasure', biohazard: 'Biohazard' }
const questName = (title: string) => names[title.toLowerCase()]

const skillvalues = [
	{ id: 6, level: 55, xp: 166_700 },
	{ id: 26, level: 3, xp: 1_900 },
]

test('a public profile: completed and started quests by our names, levels and XP by skill', () => {
	const player = plannerPlayer(
		{
			source: 'runemetrics',
			quests: [
				{ title: "Cook's Assistant", status: 'COMPLETED' },
				{ title: 'DT', status: 'STARTED' },
				{ title: 'Biohazard', status: 'NOT_STARTED' },
				{ title: 'A quest we do not know', status: 'COMPLETED' },
			],
			skillvalues,
		},
		questName,
	)
	expect(player).toEqual({
		completed: new Set(["Cook's Assistant"]),
		started: new Set(['Desert Treasure']),
		levels: { magic: 55, invention: 3 },
		xp: { magic: 166_700, invention: 1_900 },
	})
})

test('private, hiscores-only or empty quest lists: quest progress unknown, levels kept', () => {
	const hidden = plannerPlayer({ source: 'hiscores', error: 'PROFILE_PRIVATE', quests: [], skillvalues }, questName)
	expect(hidden.completed).toBeUndefined()
	expect(hidden.levels).toEqual({ magic: 55, invention: 3 })
	expect(knowsQuestProgress({ source: 'runemetrics', quests: [] })).toBe(false)
	expect(knowsQuestProgress({ source: 'runemetrics', quests: [{ title: 'X', status: 'NOT_STARTED' }] })).toBe(true)
})
