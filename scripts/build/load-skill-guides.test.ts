import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { DEFAULT_SKILL_GUIDES_DIR, loadSkillGuides } from './load-skill-guides.ts'

async function withCopyOfRealData(run: (dir: string) => Promise<void>) {
	const dir = await mkdtemp(path.join(tmpdir(), 'skill-guides-'))
	try {
		await cp(DEFAULT_SKILL_GUIDES_DIR, dir, { recursive: true })
		await run(dir)
	} finally {
		await rm(dir, { recursive: true, force: true })
	}
}

async function errorsFor(dir: string): Promise<string[]> {
	const result = await loadSkillGuides(dir)
	return result.ok ? [] : result.errors
}

test('the real data loads with zero errors: 29 skills plus overall, in skill order', async () => {
	const result = await loadSkillGuides()
	expect(result.ok ? [] : result.errors).toEqual([])
	if (!result.ok) return
	expect(result.guides.map((g) => g.skill)).toEqual([...SKILL_NAMES, 'overall'])
	const ends = Object.fromEntries(result.guides.map((g) => [g.skill, g.ranges.at(-1)?.to]))
	for (const skill of ['archaeology', 'dungeoneering', 'invention', 'necromancy']) {
		expect(ends[skill], skill).toBe(120)
	}
	expect(result.guides.find((g) => g.skill === 'overall')?.ranges).toMatchObject([
		{ from: 1, to: 50 },
		{ from: 50, to: 99 },
	])
	expect(result.guides.find((g) => g.skill === 'invention')?.ranges[0]?.tip).toMatch(/80 Crafting/)
})

test('a YAML syntax error names the file and the line', async () => {
	await withCopyOfRealData(async (dir) => {
		await writeFile(path.join(dir, 'mining.yaml'), 'skill: mining\nranges: [\n')
		const errors = await errorsFor(dir)
		expect(errors).toHaveLength(1)
		expect(errors[0]).toMatch(/mining\.yaml: invalid YAML: .*line/)
	})
})

test('a duplicate key is a YAML error', async () => {
	await withCopyOfRealData(async (dir) => {
		const file = path.join(dir, 'cooking.yaml')
		await writeFile(file, (await readFile(file, 'utf8')).replace('skill: cooking\n', 'skill: cooking\nskill: cooking\n'))
		const errors = await errorsFor(dir)
		expect(errors).toHaveLength(1)
		expect(errors[0]).toMatch(/cooking\.yaml: invalid YAML: Map keys must be unique/)
	})
})

test('a schema error is reported once, not also as a missing guide', async () => {
	await withCopyOfRealData(async (dir) => {
		const file = path.join(dir, 'fishing.yaml')
		const source = await readFile(file, 'utf8')
		await writeFile(file, source.replace('link: https://runescape.wiki', 'link: http://runescape.wiki'))
		const errors = await errorsFor(dir)
		expect(errors).toEqual([expect.stringMatching(/fishing\.yaml: ranges\[0\]\.link: must be an https URL$/)])
	})
})

test('range errors from the checks come through with file and field', async () => {
	await withCopyOfRealData(async (dir) => {
		const file = path.join(dir, 'agility.yaml')
		const source = await readFile(file, 'utf8')
		await writeFile(file, source.replace('  - from: 40\n', '  - from: 41\n'))
		expect(await errorsFor(dir)).toEqual([
			expect.stringMatching(/agility\.yaml: ranges\[2\]\.from: must equal the previous range's "to" \(40\), not 41 \(gap\)$/),
		])
	})
})

test('a missing guide, a stray .yml file and trailing spaces are all reported', async () => {
	await withCopyOfRealData(async (dir) => {
		await rm(path.join(dir, 'hunter.yaml'))
		await writeFile(path.join(dir, 'notes.yml'), 'x: 1\n')
		const file = path.join(dir, 'magic.yaml')
		await writeFile(file, (await readFile(file, 'utf8')).replace('skill: magic\n', 'skill: magic \n'))
		const errors = await errorsFor(dir)
		expect(errors).toHaveLength(3)
		expect(errors).toContainEqual(expect.stringMatching(/hunter\.yaml: missing \(no guide for hunter\)$/))
		expect(errors).toContainEqual(expect.stringMatching(/notes\.yml: use the \.yaml extension$/))
		expect(errors).toContainEqual(expect.stringMatching(/magic\.yaml: line 1: trailing whitespace$/))
	})
})

test('a folder that does not exist gives an error instead of a crash', async () => {
	const result = await loadSkillGuides(path.join(tmpdir(), 'no-such-skill-guides-folder'))
	expect(result.ok).toBe(false)
	if (!result.ok) expect(result.errors[0]).toMatch(/cannot read the skill guides folder/)
})
