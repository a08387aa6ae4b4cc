import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { loadGameFacts } from './game-facts.ts'

const skills = Object.fromEntries(
	SKILL_NAMES.map((s) => [s, { cap: 99, sources: ['https://runescape.wiki/w/Skills'], verified: '2026-11-24' }]),
)
const gear = `- id: bandos-armour
  name: Bandos armour
  aliases: [Bandos]
  kind: armour
  style: melee
  tier: 70
  levels: [{ skill: defence, level: 70 }]
  sources: [https://runescape.wiki/w/Bandos_armour]
  verified: 2026-11-21
`
const update = (date: string, touches = '{}') => `- date: '${date}'
  title: Update ${date}
  summary: Text.
  touches: ${touches}
  sources: [https://runescape.wiki/w/Update]
`

function load(files: { skills?: unknown; gear?: string; unlocks?: string; updates?: string }) {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-facts-'))
	mkdirSync(path.join(dir, 'game'))
	writeFileSync(path.join(dir, 'game/skills.json'), JSON.stringify(files.skills ?? skills))
	writeFileSync(path.join(dir, 'game/gear.yaml'), files.gear ?? gear)
	writeFileSync(path.join(dir, 'game/unlocks.yaml'), files.unlocks ?? '[]')
	writeFileSync(path.join(dir, 'game-updates.yaml'), files.updates ?? update('2026-03-02', '{ gear: [bandos-armour] }'))
	return loadGameFacts(dir)
}

test('valid facts load, with YAML dates as text', () => {
	const { facts, problems } = load({})
	expect(problems).toEqual([])
	expect(facts.gear[0]).toMatchObject({ id: 'bandos-armour', verified: '2026-11-21', aliases: ['Bandos'] })
	expect(facts.updates[0]!.touches.gear).toEqual(['bandos-armour'])
})

test('each problem names the file, the entry and the field', () => {
	const { mining: _, ...withoutMining } = skills
	expect(load({ skills: { ...skills, attack: { cap: 100, sources: [], verified: '2026-11-24' } } }).problems).toEqual([
		'data/game/skills.json: attack cap: cap is 99, 110 or 120',
		'data/game/skills.json: attack sources: name at least one source',
	])
	expect(load({ skills: withoutMining }).problems).toEqual(['data/game/skills.json: mining: missing (every skill needs its cap)'])
	expect(load({ gear: gear.replace('level: 70', 'level: 700') }).problems).toEqual([
		'data/game/gear.yaml: [0] "bandos-armour" levels.0.level: Too big: expected number to be <=120',
		// The entry is out, so the update that touches it names what is missing.
		'data/game-updates.yaml: "Update 2026-03-02": touches.gear: no gear "bandos-armour" in data/game/gear.yaml',
	])
	expect(load({ gear: gear + gear.replace('id: bandos-armour', 'id: bandos') }).problems).toEqual([
		'data/game/gear.yaml: [1] "Bandos armour" already names "bandos-armour"',
		'data/game/gear.yaml: [1] "Bandos" already names "bandos-armour"',
	])
})

test('updates run newest first and touch only gear and unlocks the data knows', () => {
	expect(load({ updates: update('2024-08') + update('2026-03-02') }).problems).toEqual([
		'data/game-updates.yaml: "Update 2026-03-02": updates are listed newest first, but 2026-03-02 comes after 2024-08',
	])
	expect(load({ updates: update('2026-03-02', '{ gear: [torva-armour] }') }).problems).toEqual([
		'data/game-updates.yaml: "Update 2026-03-02": touches.gear: no gear "torva-armour" in data/game/gear.yaml',
	])
	expect(load({ updates: update('2026-02-30') }).problems).toEqual([
		'data/game-updates.yaml: [0] "Update 2026-02-30" date: expected YYYY-MM-DD, or YYYY-MM when only the month is known',
	])
})
