import { describe, expect, test } from 'vitest'
import { classifyLogEntry } from '#app/groups/log-kinds.ts'
import { bossKey, dropMatches, metricName, parseMetric } from './metrics.ts'

describe('parseMetric', () => {
	test.each([
		['magic', { kind: 'xp', skills: ['magic'] }],
		[' Magic ', { kind: 'xp', skills: ['magic'] }],
		['attack+strength + defence', { kind: 'xp', skills: ['attack', 'strength', 'defence'] }],
		['overall', { kind: 'overall' }],
		['levels', { kind: 'levels' }],
		['caps', { kind: 'caps' }],
		['kills', { kind: 'kills', boss: null }],
		['kills:Vorago', { kind: 'kills', boss: 'vorago' }],
		['kills:Amascuts', { kind: 'kills', boss: 'amascuts' }],
		['kills:Duke  Sucellus', { kind: 'kills', boss: 'duke sucellus' }],
		['drops', { kind: 'drops', item: null }],
		['drops:Dragon  Rider boots', { kind: 'drops', item: 'dragon rider boots' }],
	])('%s', (raw, metric) => {
		expect(parseMetric(raw)).toEqual({ ok: true, metric })
	})

	test.each(['sailing', 'magic+sailing', 'magic+magic', 'kills:', 'drops:  ', 'total', ''])(
		'%j is refused with the list of metrics',
		(raw) => {
			const parsed = parseMetric(raw)
			expect(parsed.ok).toBe(false)
			if (!parsed.ok) expect(parsed.message).toContain(raw.trim() === '' ? '""' : raw.split(':')[0])
		},
	)

	test('a name reads back as the same metric', () => {
		for (const raw of ['magic', 'attack+strength', 'overall', 'kills', 'kills:Vorago', 'kills:Bess', 'drops:seismic wand', 'caps']) {
			const parsed = parseMetric(raw)
			if (!parsed.ok) throw new Error(parsed.message)
			expect(parseMetric(metricName(parsed.metric))).toEqual(parsed)
		}
	})
})

describe('bossKey', () => {
	const killed = (text: string) => {
		const kind = classifyLogEntry({ text })
		if (kind.kind !== 'boss-kill') throw new Error(text)
		return bossKey(kind.boss)
	}

	test('the singular line, the plural line and the metric meet on one key', () => {
		expect(killed('I killed 12 Amascuts.')).toBe(bossKey('Amascut'))
		expect(killed('I killed  Amascut.')).toBe('amascut')
		expect(killed('I killed  Vorago.')).toBe(bossKey('vorago'))
		expect(killed("I killed 6 K'ril Tsutsaroths.")).toBe(bossKey("K'ril Tsutsaroth"))
	})

	test('a name ending in s meets itself; "the" and spacing do not matter', () => {
		expect(bossKey("Kree'arras")).toBe(bossKey("kree'arras"))
		expect(bossKey('The  Magister')).toBe(bossKey('magister'))
	})

	test('different bosses stay apart', () => {
		expect(bossKey('Amascut')).not.toBe(bossKey('Vorago'))
	})
})

describe('dropMatches', () => {
	test('whole words in any case', () => {
		expect(dropMatches('pair of Dragon Rider boots', 'dragon rider boots')).toBe(true)
		expect(dropMatches('Seismic wand', 'seismic wand')).toBe(true)
		expect(dropMatches('Seismic wand', 'seismic')).toBe(true)
		expect(dropMatches('Seismic wand', 'wan')).toBe(false)
		expect(dropMatches('Dragon bones', 'dragon rider boots')).toBe(false)
	})
})
