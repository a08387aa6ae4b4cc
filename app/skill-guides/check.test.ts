import { expect, test } from 'vitest'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { checkGuideSet, checkGuideSource, checkSkillGuide, guideCap } from './check.ts'
import type { SkillGuide, SkillGuideRange } from './schema.ts'

const range = (from: number, to: number): SkillGuideRange => ({
	from,
	to,
	method: 'A method',
	tip: 'A tip. Another sentence.',
	link: 'https://runescape.wiki/w/Herblore',
})

const guide = (skill: SkillGuide['skill'], bounds: number[]): SkillGuide => ({
	skill,
	summary: 'What the skill is for.',
	ranges: bounds.slice(1).map((to, i) => range(bounds[i]!, to)),
})

test('a contiguous guide from 1 to 99 passes', () => {
	expect(checkSkillGuide('data/skills/herblore.yaml', guide('herblore', [1, 20, 40, 60, 80, 99]))).toEqual([])
	expect(checkSkillGuide('data/skills/overall.yaml', guide('overall', [1, 50, 99]))).toEqual([])
})

test('a 120 guide passes for a skill whose cap allows it', () => {
	const bounds = [1, 20, 40, 60, 80, 99, 120]
	expect(checkSkillGuide('data/skills/necromancy.yaml', guide('necromancy', bounds))).toEqual([])
	expect(checkSkillGuide('data/skills/invention.yaml', guide('invention', bounds))).toEqual([])
})

test('the first range must start at 1', () => {
	expect(checkSkillGuide('data/skills/mining.yaml', guide('mining', [5, 20, 99]))).toEqual([
		'data/skills/mining.yaml: ranges[0].from: the first range must start at 1, not 5',
	])
})

test('a gap or an overlap between ranges names the range', () => {
	const gap = guide('mining', [1, 20, 40, 99])
	gap.ranges[1]!.from = 21
	expect(checkSkillGuide('data/skills/mining.yaml', gap)).toEqual([
		'data/skills/mining.yaml: ranges[1].from: must equal the previous range\'s "to" (20), not 21 (gap)',
	])
	const overlap = guide('mining', [1, 20, 40, 99])
	overlap.ranges[2]!.from = 30
	expect(checkSkillGuide('data/skills/mining.yaml', overlap)).toEqual([
		'data/skills/mining.yaml: ranges[2].from: must equal the previous range\'s "to" (40), not 30 (overlap)',
	])
})

test('from must be below to', () => {
	const flat = guide('mining', [1, 20, 99])
	flat.ranges.splice(1, 0, range(20, 20))
	expect(checkSkillGuide('data/skills/mining.yaml', flat)).toEqual([
		'data/skills/mining.yaml: ranges[1].to: must be greater than "from" (20), not 20',
	])
})

test('no range may pass the skill cap, and overall stops at 99', () => {
	expect(checkSkillGuide('data/skills/defence.yaml', guide('defence', [1, 99, 120]))).toEqual([
		'data/skills/defence.yaml: ranges[1].to: 120 is above the defence cap of 99',
	])
	expect(checkSkillGuide('data/skills/overall.yaml', guide('overall', [1, 50, 120]))).toEqual([
		'data/skills/overall.yaml: ranges[1].to: 120 is above the overall cap of 99',
	])
	expect(checkSkillGuide('data/skills/invention.yaml', guide('invention', [1, 99, 121]))).toEqual([
		'data/skills/invention.yaml: ranges[1].to: 121 is above the invention cap of 120',
	])
})

test('the last range must reach 99', () => {
	expect(checkSkillGuide('data/skills/agility.yaml', guide('agility', [1, 20, 80]))).toEqual([
		'data/skills/agility.yaml: ranges[1].to: the last range must reach level 99, not stop at 80',
	])
})

test('the file name must match the skill', () => {
	expect(checkSkillGuide('data/skills/agility.yaml', guide('thieving', [1, 99]))).toEqual([
		'data/skills/agility.yaml: skill: "thieving" belongs in thieving.yaml, not agility.yaml',
	])
})

test('stray whitespace in any text field is reported with its field', () => {
	const messy = guide('cooking', [1, 50, 99])
	messy.summary = ' Leading space.'
	messy.ranges[0]!.method = 'Two  spaces'
	messy.ranges[1]!.tip = 'A line\nbreak.'
	messy.ranges[1]!.link = 'https://runescape.wiki/w/Cooking '
	expect(checkSkillGuide('data/skills/cooking.yaml', messy)).toEqual([
		'data/skills/cooking.yaml: summary: has leading or trailing whitespace',
		'data/skills/cooking.yaml: ranges[0].method: contains a double space',
		'data/skills/cooking.yaml: ranges[1].tip: contains a line break or tab (use one line, or a folded ">-" block)',
		'data/skills/cooking.yaml: ranges[1].link: has leading or trailing whitespace',
	])
})

test('raw YAML with trailing spaces, tabs or a bad file ending is reported by line', () => {
	expect(checkGuideSource('f.yaml', 'skill: mining\n')).toEqual([])
	expect(checkGuideSource('f.yaml', 'skill: mining  \nsummary:\tx\n')).toEqual([
		'f.yaml: line 1: trailing whitespace',
		'f.yaml: line 2: tab character (indent with spaces)',
	])
	expect(checkGuideSource('f.yaml', 'skill: mining')).toEqual(['f.yaml: the file must end with a newline'])
	expect(checkGuideSource('f.yaml', 'skill: mining\n\n')).toEqual(['f.yaml: blank lines at the end of the file'])
})

test('the guide set needs exactly one file per skill plus overall', () => {
	const all = [...SKILL_NAMES, 'overall'].map((skill) => ({
		skill,
		file: `data/skills/${skill}.yaml`,
	}))
	expect(checkGuideSet(all)).toEqual([])

	const missing = all.filter((g) => g.skill !== 'fishing' && g.skill !== 'overall')
	expect(checkGuideSet(missing)).toEqual([
		'data/skills/fishing.yaml: missing (no guide for fishing)',
		'data/skills/overall.yaml: missing (no guide for overall)',
	])

	const duplicate = [...all, { skill: 'mining', file: 'data/skills/mining-copy.yaml' }]
	expect(checkGuideSet(duplicate)).toEqual([
		'data/skills/mining.yaml, data/skills/mining-copy.yaml: skill: "mining" has more than one guide',
	])
})

test('guideCap uses the skill cap and 99 for overall', () => {
	expect(guideCap('overall')).toBe(99)
	expect(guideCap('defence')).toBe(99)
	expect(guideCap('dungeoneering')).toBe(120)
	expect(guideCap('invention')).toBe(120)
})
