import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { parse } from 'yaml'
import { formatIssue } from '#app/lib/quests/check.ts'
import { questSlug } from '#app/lib/quests/names.ts'
import { createRequirementResolver } from '#app/lib/quests/requirements.ts'
import { questSchema } from '#app/lib/quests/schema.ts'
import { checkQuestDir, loadQuests, PROJECT_ROOT } from '#scripts/build/load-quests.ts'
import { formatQuestYaml } from '#scripts/quests/quest-yaml.ts'

const real = checkQuestDir()

test('the real data/quests/ passes every check', () => {
	expect(real.issues.map(formatIssue)).toEqual([])
	expect(real.records.length).toBeGreaterThanOrEqual(363)
})

test('every real quest has a unique slug that names its file', () => {
	const slugs = real.records.map((r) => questSlug(r.quest.name))
	expect(new Set(slugs).size).toBe(slugs.length)
	for (const r of real.records) expect(r.file).toBe(`data/quests/${questSlug(r.quest.name)}.yaml`)
})

test('real chains: Desert Treasure and While Guthix Sleeps', () => {
	const resolver = createRequirementResolver(real.records.map((r) => r.quest))
	const dt = resolver.summary('dt')
	expect(dt.quest).toBe('Desert Treasure')
	expect(dt.quests.map((s) => s.name)).toContain('Troll Stronghold')
	expect(dt.quests.at(-1)!.name).toBe('Desert Treasure')
	const wgs = resolver.summary('WGS')
	expect(wgs.quests.map((s) => s.name)).toContain("Legends' Quest")
	expect(wgs.questPoints).toBe(107)
	expect(wgs.totalSkills.find((s) => s.skill === 'magic')?.level).toBe(75)
})

test('formatQuestYaml round-trips every real quest', () => {
	for (const r of real.records)
		expect(questSchema.parse(parse(formatQuestYaml(r.quest)))).toEqual(r.quest)
})

test('loader errors name the file and the field', () => {
	const dir = mkdtempSync(join(tmpdir(), 'quests-'))
	try {
		writeFileSync(join(dir, 'broken.yaml'), 'name: Broken\nname: Twice\n')
		writeFileSync(
			join(dir, 'bad-level.yaml'),
			formatQuestYaml({
				name: 'Bad Level',
				difficulty: 1,
				members: true,
				questPoints: 1,
				requirements: { skill: [{ skill: 'defence', level: 100 }] },
			}),
		)
		writeFileSync(join(dir, 'notes.md'), 'ignored')
		const { records, issues } = loadQuests(dir)
		expect(records).toEqual([])
		const lines = issues.map(formatIssue)
		expect(lines).toHaveLength(2)
		expect(lines[0]).toMatch(
			/bad-level\.yaml: "Bad Level" requirements\.skill\[0\]\.level: level 100 is over/,
		)
		expect(lines[1]).toMatch(/broken\.yaml: invalid YAML: line 2/)
		expect(loadQuests(join(dir, 'missing')).issues[0]!.message).toBe('quest data folder not found')
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
})

test('nothing imports the one-off import script', () => {
	const hits: string[] = []
	const walk = (dir: string) => {
		for (const entry of readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true })) {
			const path = `${dir}/${entry.name}`
			if (entry.isDirectory()) {
				if (entry.name !== 'generated') walk(path)
			} else if (/\.tsx?$/.test(entry.name) && path !== 'scripts/quests/import-quests.ts') {
				if (readFileSync(join(PROJECT_ROOT, path), 'utf8').includes('import-quests'))
					hits.push(path)
			}
		}
	}
	for (const dir of ['app', 'scripts', 'tests']) walk(dir)
	expect(hits.filter((p) => p !== 'scripts/build/load-quests.test.ts')).toEqual([])
})
