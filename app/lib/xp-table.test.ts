import { expect, test } from 'vitest'
import { levelForXp, virtualLevelForXp, xpForLevel, xpForVirtualLevel } from './xp-table.ts'

// Values from the published RS3 experience tables (RuneScape Wiki, "Experience").
test('the standard table matches the published XP at several levels', () => {
	expect(xpForLevel('magic', 1)).toBe(0)
	expect(xpForLevel('magic', 2)).toBe(83)
	expect(xpForLevel('magic', 10)).toBe(1_154)
	expect(xpForLevel('magic', 50)).toBe(101_333)
	expect(xpForLevel('magic', 55)).toBe(166_636)
	expect(xpForLevel('magic', 75)).toBe(1_210_421)
	expect(xpForLevel('magic', 92)).toBe(6_517_253)
	expect(xpForLevel('magic', 99)).toBe(13_034_431)
	expect(xpForLevel('magic', 110)).toBe(38_737_661)
	expect(xpForLevel('magic', 120)).toBe(104_273_167)
})

test('XP between levels: 1→2, 50→75, 92→99, 99→120', () => {
	const between = (from: number, to: number) => xpForLevel('attack', to) - xpForLevel('attack', from)
	expect(between(1, 2)).toBe(83)
	expect(between(50, 75)).toBe(1_109_088)
	expect(between(92, 99)).toBe(6_517_178)
	expect(between(99, 120)).toBe(91_238_736)
})

test('Invention uses the elite table', () => {
	expect(xpForLevel('invention', 1)).toBe(0)
	expect(xpForLevel('invention', 2)).toBe(830)
	expect(xpForLevel('invention', 39)).toBe(774_834)
	expect(xpForLevel('invention', 99)).toBe(36_073_511)
	expect(xpForLevel('invention', 111)).toBe(58_575_824)
	expect(xpForLevel('invention', 120)).toBe(80_618_654)
	// Every level costs more XP than the last starts at: the table only rises.
	for (let level = 2; level <= 120; level++) {
		expect(xpForLevel('invention', level)).toBeGreaterThan(xpForLevel('invention', level - 1))
	}
})

test('levels outside 1–120 are clamped; levelForXp inverts the table', () => {
	expect(xpForLevel('magic', 0)).toBe(0)
	expect(xpForLevel('magic', 150)).toBe(104_273_167)
	expect(levelForXp('magic', 0)).toBe(1)
	expect(levelForXp('magic', 166_635)).toBe(54)
	expect(levelForXp('magic', 166_636)).toBe(55)
	expect(levelForXp('invention', 36_073_511)).toBe(99)
	expect(levelForXp('magic', 500_000_000)).toBe(120)
})

test('virtual levels go past 120 to 126 (Invention stops at 120)', () => {
	expect(virtualLevelForXp('attack', 0)).toBe(1)
	expect(virtualLevelForXp('defence', 13_034_431)).toBe(99)
	expect(virtualLevelForXp('defence', 104_273_167)).toBe(120)
	expect(virtualLevelForXp('defence', 104_273_166)).toBe(119)
	expect(virtualLevelForXp('magic', 188_884_740)).toBe(126)
	expect(virtualLevelForXp('magic', 188_884_739)).toBe(125)
	expect(virtualLevelForXp('magic', 200_000_000)).toBe(126)
	expect(virtualLevelForXp('invention', 200_000_000)).toBe(120)
	expect(virtualLevelForXp('invention', 36_073_511)).toBe(99)
	// xpForLevel and levelForXp keep their 120 ceiling.
	expect(levelForXp('magic', 200_000_000)).toBe(120)
	expect(xpForLevel('magic', 126)).toBe(104_273_167)
})

test('virtual levels start where the classic curve puts them, up to 126; Invention stops at 120', () => {
	expect(xpForVirtualLevel('magic', 100)).toBe(14_391_160)
	expect(xpForVirtualLevel('magic', 120)).toBe(xpForLevel('magic', 120))
	expect(xpForVirtualLevel('magic', 126)).toBe(188_884_740)
	expect(xpForVirtualLevel('magic', 127)).toBeUndefined()
	expect(xpForVirtualLevel('invention', 120)).toBe(80_618_654)
	expect(xpForVirtualLevel('invention', 121)).toBeUndefined()
})
