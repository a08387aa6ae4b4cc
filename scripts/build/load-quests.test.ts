import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { parse } from 'yaml'
import { findCycles, formatIssue } from '#app/quests/check.ts'
import { questSlug } from '#app/quests/names.ts'
import { chainEdges, type ChainStep, createRequirementResolver } from '#app/quests/requirements.ts'
import { questSchema } from '#app/quests/schema.ts'
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
	const dt = resolver.summary('dt')
	expect(dt.quest).toBe('Desert Treasure')
	expect(dt.quests.map((s) => s.name)).toContain('Troll Stronghold')
	expect(dt.quests.at(-1)!.name).toBe('Desert Treasure')
	const wgs = resolver.summary('WGS')
	expect(wgs.quests.map((s) => s.name)).toContain("Legends' Quest")
	expect(wgs.questPoints).toBe(107)
	expect(wgs.totalSkills.find((s) => s.skill === 'magic')?.level).toBe(75)
})

const resolver = createRequirementResolver(real.records.map((r) => r.quest))
const stepLabel = (s: ChainStep) => (s.partial ? `${s.name} (until ${s.until})` : s.until ? `${s.name} (${s.until})` : s.name)
const chainOf = (quest: string) => resolver.summary(quest).quests.map(stepLabel)

// Pinned: change only when a source changes a chain, and say which in the commit.
test('real chains of Desert Treasure, While Guthix Sleeps and Ritual of the Mahjarrat', () => {
	expect(chainOf('Desert Treasure')).toEqual(['Priest in Peril', 'The Dig Site', 'Death Plateau', 'Troll Stronghold', 'Desert Treasure'])
	expect(chainOf('While Guthix Sleeps')).toEqual([
		'Family Crest',
		'Shield of Arrav',
		"The Knight's Sword",
		'What Lies Below',
		'Defender of Varrock',
		'Lost City',
		'The Fremennik Trials',
		'Lunar Diplomacy',
		'Dream Mentor',
		'Dragon Slayer',
		"Heroes' Quest",
		'Jungle Potion',
		"Legends' Quest",
		'Shilo Village',
		'Tears of Guthix',
		'Temple of Ikov',
		'The Hunt for Surok (miniquest)',
		'The Grand Tree',
		'The Eyes of Glouphrie',
		'Tree Gnome Village',
		'Waterfall Quest',
		'The Path of Glouphrie',
		'Enter the Abyss (miniquest)',
		'Priest in Peril',
		'Recruitment Drive',
		'Wanted!',
		'While Guthix Sleeps',
	])
	// 2026-11-23: The Curse of Arrav follows the wiki's tree (part of Garden of Tranquillity, and
	// Missing My Mummy fully completed), which adds two steps to this chain.
	expect(chainOf('Ritual of the Mahjarrat')).toEqual([
		'Lost City',
		'Priest in Peril',
		'The Restless Ghost',
		'Nature Spirit',
		'A Fairy Tale I - Growing Pains',
		'A Fairy Tale II - Cure a Queen',
		'Stolen Hearts',
		'Diamond in the Rough',
		"Gertrude's Cat",
		"Icthlarin's Little Helper",
		'A Tail of Two Cats',
		"Pirate's Treasure",
		'Rum Deal',
		'Cabin Fever',
		"Enakhra's Lament",
		'Fight Arena',
		'Hazeel Cult',
		'Sea Slug',
		'Enter the Abyss (miniquest)',
		'Recruitment Drive',
		'Wanted!',
		'The Slug Menace',
		'The Dig Site',
		'Death Plateau',
		'Troll Stronghold',
		'Desert Treasure',
		"What's Mine is Yours",
		'Devious Minds',
		'Family Crest',
		'Shield of Arrav',
		"The Knight's Sword",
		'What Lies Below',
		'Defender of Varrock',
		'Creature of Fenkenstrain',
		'Garden of Tranquillity (until partly done)',
		'The Golem',
		'Missing My Mummy (fully completed, Senliten restored)',
		'Temple of Ikov',
		'The Tale of the Muspah',
		'The Curse of Arrav',
		'The Temple at Senntisten',
		'The Fremennik Trials',
		'Lunar Diplomacy',
		'Dream Mentor',
		'Dragon Slayer',
		"Heroes' Quest",
		'Jungle Potion',
		"Legends' Quest",
		'Shilo Village',
		'Tears of Guthix',
		'The Hunt for Surok (miniquest)',
		'The Grand Tree',
		'The Eyes of Glouphrie',
		'Tree Gnome Village',
		'Waterfall Quest',
		'The Path of Glouphrie',
		'While Guthix Sleeps',
		'Ritual of the Mahjarrat',
	])
})

test('quests needing part of another gain the quests of that part', () => {
	const expectations: [string, string, string[]][] = [
		['The Curse of Zaros (miniquest)', 'Desert Treasure', ['The Dig Site', 'Troll Stronghold']],
		["The General's Shadow (miniquest)", 'Desert Treasure', ['The Dig Site', 'Troll Stronghold']],
		["Wandering Ga'al (miniquest)", 'Desert Treasure', ['The Dig Site', 'Troll Stronghold']],
		['Recipe for Disaster: Freeing Sir Amik Varze', "Legends' Quest", ["Heroes' Quest", 'Jungle Potion']],
		['One Foot in the Grave (miniquest)', 'Back to my Roots', ['Tribal Totem']],
		['The Curse of Arrav', 'Garden of Tranquillity', ['Creature of Fenkenstrain']],
		['The Temple at Senntisten', 'Garden of Tranquillity', ['Creature of Fenkenstrain']],
	]
	for (const [quest, part, needs] of expectations) {
		const steps = resolver.summary(quest).quests
		const step = steps.find((s) => s.name === part)
		expect(step, `${quest} has a step for ${part}`).toMatchObject({ partial: true })
		for (const need of needs)
			expect(
				steps.map((s) => s.name),
				quest,
			).toContain(need)
		expect(steps.indexOf(step!)).toBeLessThan(steps.length - 1)
	}
	expect(resolver.summary('Recipe for Disaster: Freeing Sir Amik Varze').questPoints).toBe(107)
	for (const quest of ['Remains of the Necrolord', 'Alpha vs Omega']) {
		const steps = resolver.summary(quest).quests
		for (const saga of ['Vengeance (saga)', 'Nadir (saga)'])
			expect(steps.find((s) => s.name === saga)).toMatchObject({ until: '100 % (unabridged)' })
	}
})

test('no cycle, and every partial requirement needs no more than its quest and its dependant', () => {
	expect(findCycles(real.records.map((r) => ({ name: r.quest.name, edges: chainEdges(r.quest) })))).toEqual([])
	let partials = 0
	for (const { quest } of real.records) {
		const own = new Set(resolver.chain(quest.name))
		for (const partial of quest.requirements.partial) {
			partials++
			const whole = new Set(resolver.chain(partial.quest))
			for (const need of partial.needs.quest) {
				expect(own.has(need), `${quest.name}: ${need}`).toBe(true)
				expect(whole.has(need), `${partial.quest}: ${need}`).toBe(true)
			}
		}
	}
	expect(partials).toBeGreaterThanOrEqual(14)
})

test('every real quest is verified, and no free-text partial completion is left', () => {
	expect(real.records.filter((r) => !r.quest.verified).map((r) => r.quest.name)).toEqual([])
	const freeText = real.records.flatMap((r) => r.quest.requirements.other.filter((o) => /partial completion|with 100 ?%/i.test(o)))
	expect(freeText).toEqual([])
})

test('formatQuestYaml round-trips every real quest', () => {
	for (const r of real.records) expect(questSchema.parse(parse(formatQuestYaml(r.quest)))).toEqual(r.quest)
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
		expect(lines[0]).toMatch(/bad-level\.yaml: "Bad Level" requirements\.skill\[0\]\.level: level 100 is over/)
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
				if (readFileSync(join(PROJECT_ROOT, path), 'utf8').includes('import-quests')) hits.push(path)
			}
		}
	}
	for (const dir of ['app', 'scripts', 'tests']) walk(dir)
	expect(hits.filter((p) => p !== 'scripts/build/load-quests.test.ts')).toEqual([])
})
