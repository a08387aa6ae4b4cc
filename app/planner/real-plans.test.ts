/**
 * The planner over the real quest data and presets, for the fixture accounts of the fake
 * upstream: every plan must be one a player can follow step by step.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'
import { loadCheckedQuests, PROJECT_ROOT } from '#scripts/build/load-quests.ts'
import { buildPlannerData } from '#scripts/build/planner-data.ts'
import { readFixture } from '#tests/fixtures/fake-upstream.ts'
import { questSlug } from '#app/quests/names.ts'
import type { PlayerData } from '#app/player/types.ts'
import { createPlanner, FRESH_ACCOUNT, type Plan, type Planner, type PlannerPlayer, type PlanOptions } from './plan.ts'
import { plannerPlayer } from './player.ts'

const built = buildPlannerData(
	loadCheckedQuests().map(({ quest }) => ({ ...quest, slug: questSlug(quest.name) })),
	readFileSync(`${PROJECT_ROOT}data/planner/presets.yaml`, 'utf8'),
)
const planner: Planner = createPlanner(built.data!)

test('the real presets pass the build checks', () => {
	expect(built.problems).toEqual([])
})

/** A RuneMetrics profile + quest list fixture, read the way the lookup serves it. */
function runemetricsAccount(profileFile: string, questsFile: string): PlannerPlayer {
	const profile = JSON.parse(readFixture(profileFile)) as { skillvalues: { id: number; level: number; xp: number }[] }
	const { quests } = JSON.parse(readFixture(questsFile)) as Pick<PlayerData, 'quests'>
	const skillvalues = profile.skillvalues.map((s) => ({ id: s.id, level: s.level, xp: Math.floor(s.xp / 10) }))
	return plannerPlayer({ source: 'runemetrics', quests, skillvalues }, planner.questName)
}

/** The hiscores fixture (Private Pat's skills), with no quest progress. */
function hiscoresAccount(): PlannerPlayer {
	const lines = readFixture('hiscore_lite.txt')
		.trim()
		.split('\n')
		.slice(1, SKILLS.length + 1)
	const skillvalues = lines.map((line, id) => {
		const [, level, xp] = line.split(',').map(Number)
		return { id, level: Math.max(1, level!), xp: Math.max(0, xp!) }
	})
	return plannerPlayer({ source: 'hiscores', error: 'PROFILE_PRIVATE', quests: [], skillvalues }, planner.questName)
}

const accounts = (): [string, PlannerPlayer][] => [
	['a fresh account', FRESH_ACCOUNT],
	['Zezima Jr (8 quests)', runemetricsAccount('profile_ok.json', 'quests_ok.json')],
	['Midgame Mia', runemetricsAccount('profile_midgame.json', 'quests_midgame.json')],
	['Private Pat (hiscores only)', hiscoresAccount()],
]

/**
 * Walks a plan as a player would and fails at the first step they could not take: a quest
 * before one of its prerequisites (or the part of a quest it needs), below a level it needs or
 * short of its quest points; a training step that does not start at the level reached or whose
 * XP is not the table's.
 */
function expectFollowable(plan: Plan, player: PlannerPlayer, options: PlanOptions = {}) {
	const done = new Set(player.completed ?? [])
	const parts = new Set<string>(player.completed ? (player.started ?? []) : [])
	const level = new Map<SkillName, number>()
	const xp = new Map<SkillName, number>()
	for (const { name } of SKILLS) {
		const start = player.levels[name] ?? (name === 'constitution' ? 10 : 1)
		level.set(name, start)
		xp.set(name, Math.max(player.xp[name] ?? 0, xpForLevel(name, start)))
	}
	let points = 0
	for (const name of done) points += planner.questByName.get(name)?.questPoints ?? 0
	const ids = new Set<string>()

	const expectLevels = (levels: Partial<Record<SkillName, number>>, where: string) => {
		for (const [skill, needed] of Object.entries(levels) as [SkillName, number][]) {
			expect(level.get(skill), `${where}: ${skill} ${needed}`).toBeGreaterThanOrEqual(needed)
		}
	}
	for (const step of plan.steps) {
		expect(ids.has(step.id), `step ${step.id} twice`).toBe(false)
		ids.add(step.id)
		if (step.kind === 'train') {
			expect(step.fromLevel, step.id).toBe(level.get(step.skill))
			expect(step.toLevel, step.id).toBeGreaterThan(step.fromLevel)
			expect(step.xpNeeded, step.id).toBe(xpForLevel(step.skill, step.toLevel) - xp.get(step.skill)!)
			level.set(step.skill, step.toLevel)
			xp.set(step.skill, xpForLevel(step.skill, step.toLevel))
		} else if (step.kind === 'questPoints') {
			expect(step.have, step.id).toBe(points)
			expect(step.needed, step.id).toBeGreaterThan(points)
			points = step.needed
		} else if (step.kind === 'partial') {
			const quest = planner.questBySlug.get(step.slug)!
			const owners = planner.data.quests.flatMap((q) => q.partial ?? []).filter((p) => p.quest === quest.name && p.until === step.until)
			for (const part of owners) {
				for (const need of part.needs.quests) expect(done.has(need), `${step.id} needs ${need}`).toBe(true)
				expectLevels(part.needs.skills, step.id)
			}
			parts.add(quest.name)
		} else if (step.kind === 'quest') {
			const quest = planner.questBySlug.get(step.slug)!
			expect(done.has(quest.name), `${quest.name} is done already`).toBe(false)
			for (const prereq of quest.quests) expect(done.has(prereq), `${quest.name} before ${prereq}`).toBe(true)
			for (const part of quest.partial ?? []) {
				expect(done.has(part.quest) || parts.has(part.quest), `${quest.name} before part of ${part.quest}`).toBe(true)
			}
			expectLevels(quest.skills, quest.name)
			if (options.ironman) expectLevels(quest.ironman ?? {}, `${quest.name} (ironman)`)
			for (const group of quest.anyOf ?? []) {
				const met = (Object.entries(group) as [SkillName, number][]).some(([skill, needed]) => level.get(skill)! >= needed)
				expect(met, `${quest.name}: one of ${JSON.stringify(group)}`).toBe(true)
			}
			expect(points, `${quest.name} quest points`).toBeGreaterThanOrEqual(quest.questPointsNeeded ?? 0)
			done.add(quest.name)
			points += quest.questPoints
		}
	}
	// Every goal quest is done at the end.
	for (const goal of plan.goals) for (const slug of goal.quests) expect(done.has(planner.questBySlug.get(slug)!.name), slug).toBe(true)
}

describe.each(accounts())('the Quest Point Cape plan for %s', (_label, player) => {
	test('can be followed step by step and reaches every quest that awards quest points', () => {
		const plan = planner.plan(['quest-point-cape'], player)
		expectFollowable(plan, player)
		const planned = new Set(plan.steps.flatMap((s) => (s.kind === 'quest' ? [s.slug] : [])))
		const open = planner.data.quests.filter((q) => q.questPoints > 0 && !player.completed?.has(q.name))
		expect(open.filter((q) => !planned.has(q.slug))).toEqual([])
		expect(plan.totals.quests).toBe(planned.size)
	})

	test('the same with ironman-only levels counted', () => {
		expectFollowable(planner.plan(['quest-point-cape'], player, { ironman: true }), player, { ironman: true })
	})
})

test('"wgs" from a fresh account: While Guthix Sleeps last, Magic trained to 75 on the way', () => {
	const plan = planner.plan(['wgs'])
	expect(plan.goals).toEqual([
		{ slug: 'while-guthix-sleeps', label: 'While Guthix Sleeps', kind: 'quest', quests: ['while-guthix-sleeps'], done: false },
	])
	expect(plan.steps.at(-1)).toMatchObject({ kind: 'quest', slug: 'while-guthix-sleeps' })
	const magic = plan.steps.filter((s) => s.kind === 'train' && s.skill === 'magic')
	expect(magic.at(-1)).toMatchObject({ toLevel: 75 })
	expect(plan.totals.xpBySkill.magic).toBe(xpForLevel('magic', 75))
	expectFollowable(plan, FRESH_ACCOUNT)
})

test('unlock presets plan the quest they stand for', () => {
	expect(planner.plan(['prifddinas']).steps.at(-1)).toMatchObject({ kind: 'quest', name: "Plague's End" })
	expect(planner.plan(['ancient-curses']).steps.at(-1)).toMatchObject({ kind: 'quest', name: 'The Temple at Senntisten' })
	expect(planner.plan(['ancient-magicks']).steps.at(-1)).toMatchObject({ kind: 'quest', name: 'Desert Treasure' })
})

test('aliases from the issue resolve: wgs, dt, rfd', () => {
	const { goals, unknown } = planner.resolveGoals(['wgs', 'dt', 'rfd'])
	expect(goals.map((g) => g.label)).toEqual(['While Guthix Sleeps', 'Desert Treasure', 'Recipe for Disaster'])
	expect(unknown).toEqual([])
})

test('a player with every quest done and every level maxed gets an empty plan', () => {
	const levels = Object.fromEntries(SKILLS.map((s) => [s.name, s.cap]))
	const maxed: PlannerPlayer = { completed: new Set(planner.data.quests.map((q) => q.name)), levels, xp: {} }
	const plan = planner.plan(['quest-point-cape', 'wgs', 'prifddinas'], maxed, { ironman: true })
	expect(plan.steps).toEqual([])
	expect(plan.goals.every((g) => g.done)).toBe(true)
	expect(plan.canStartNow).toEqual([])
	expect(plan.nearlyThere).toEqual([])
})

test('Midgame Mia: can-start-now quests really can be started, nearly-there ones are close', () => {
	const mia = runemetricsAccount('profile_midgame.json', 'quests_midgame.json')
	const plan = planner.plan([], mia)
	expect(plan.canStartNow.length).toBeGreaterThan(0)
	for (const slug of plan.canStartNow) {
		const quest = planner.questBySlug.get(slug)!
		expect(mia.completed!.has(quest.name)).toBe(false)
		for (const prereq of quest.quests) expect(mia.completed!.has(prereq), `${quest.name}: ${prereq}`).toBe(true)
		for (const [skill, level] of Object.entries(quest.skills) as [SkillName, number][]) {
			expect(mia.levels[skill] ?? 1, `${quest.name}: ${skill}`).toBeGreaterThanOrEqual(level)
		}
	}
	for (const { slug, missing } of plan.nearlyThere) {
		const quests = missing.filter((m) => m.kind === 'quest').length
		const levels = missing.reduce((n, m) => n + (m.kind === 'level' ? m.level - m.current : 0), 0)
		expect((quests === 1 && levels === 0) || (quests === 0 && levels >= 1 && levels <= 5), slug).toBe(true)
	}
})
