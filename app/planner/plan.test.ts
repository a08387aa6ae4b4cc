import { describe, expect, test } from 'vitest'
import { quest } from './planner-quest.test-kit.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'
import type { Levels, PlannerData, PlannerPreset, PlannerQuest } from './data.ts'
import { createPlanner, FRESH_ACCOUNT, type PlannerPlayer, type PlanStep } from './plan.ts'

const planner = (quests: PlannerQuest[], presets: PlannerPreset[] = []) => createPlanner({ quests, presets } satisfies PlannerData)

/** A player with these quests done and these levels, at the XP each level starts at. */
const player = (completed: string[], levels: Levels = {}, extra: Partial<PlannerPlayer> = {}): PlannerPlayer => ({
	completed: new Set(completed),
	levels,
	xp: Object.fromEntries(Object.entries(levels).map(([skill, level]) => [skill, xpForLevel(skill as never, level)])),
	...extra,
})

const describeStep = (step: PlanStep) => {
	switch (step.kind) {
		case 'quest':
			return step.name
		case 'partial':
			return `${step.name} (until ${step.until})`
		case 'train':
			return `train ${step.skill} ${step.fromLevel}-${step.toLevel}`
		case 'other':
			return `other: ${step.text}`
		case 'questPoints':
			return `qp ${step.have}/${step.needed}`
	}
}
const order = (steps: PlanStep[]) => steps.map(describeStep)

describe('steps and their order', () => {
	test('a quest comes after its prerequisites; training just before the first quest that needs it', () => {
		const p = planner([
			quest('Goal', { quests: ['Middle', 'Side'], skills: { magic: 50 } }),
			quest('Middle', { quests: ['Start'], skills: { magic: 20 } }),
			quest('Side'),
			quest('Start'),
		])
		expect(order(p.plan(['goal']).steps)).toEqual(['Side', 'Start', 'train magic 1-20', 'Middle', 'train magic 20-50', 'Goal'])
	})

	test('quests the player can start now come first, then the least new training', () => {
		const p = planner([
			quest('Goal', { quests: ['Zeta Easy', 'Alpha Hard', 'Beta Medium', 'Later'] }),
			quest('Alpha Hard', { skills: { mining: 60 } }),
			quest('Beta Medium', { skills: { mining: 30 } }),
			quest('Zeta Easy'),
			// Startable only after Zeta Easy, and then needs no training: it jumps the queue.
			quest('Later', { quests: ['Zeta Easy'] }),
		])
		expect(order(p.plan(['goal']).steps)).toEqual([
			'Zeta Easy',
			'Later',
			'train mining 1-30',
			'Beta Medium',
			'train mining 30-60',
			'Alpha Hard',
			'Goal',
		])
	})

	test('training a skill for one quest makes the next quest needing less of it free', () => {
		const p = planner([
			quest('Goal', { quests: ['Big', 'Small'] }),
			quest('Big', { skills: { agility: 40, herblore: 40 } }),
			quest('Small', { skills: { agility: 35 } }),
		])
		// Small trains less than Big, so it goes first; Big then only adds what is left.
		expect(order(p.plan(['goal']).steps)).toEqual([
			'train agility 1-35',
			'Small',
			'train agility 35-40',
			'train herblore 1-40',
			'Big',
			'Goal',
		])
	})

	test('the order does not depend on how the data lists quests or prerequisites', () => {
		const quests = [
			quest('Goal', { quests: ['B', 'A', 'C'] }),
			quest('A', { skills: { magic: 10 } }),
			quest('B', { skills: { magic: 10 } }),
			quest('C'),
		]
		const shuffled = [quests[2]!, quests[0]!, { ...quests[3]! }, quests[1]!].map((q) =>
			q.name === 'Goal' ? { ...q, quests: ['C', 'A', 'B'] } : q,
		)
		expect(planner(shuffled).plan(['goal']).steps).toEqual(planner(quests).plan(['goal']).steps)
		expect(order(planner(quests).plan(['goal']).steps)).toEqual(['C', 'train magic 1-10', 'A', 'B', 'Goal'])
	})

	test('completed quests and levels already reached never appear', () => {
		const p = planner([
			quest('Goal', { quests: ['Done', 'Open'], skills: { magic: 40, cooking: 30 } }),
			quest('Done', { quests: ['Deep'] }),
			quest('Deep'),
			quest('Open'),
		])
		const steps = p.plan(['goal'], player(['Done'], { magic: 45, cooking: 10 })).steps
		expect(order(steps)).toEqual(['Open', 'train cooking 10-30', 'Goal'])
	})

	test('XP needed is the target level minus the XP the player has now', () => {
		const p = planner([quest('Goal', { skills: { magic: 75, invention: 2 } })])
		const account: PlannerPlayer = {
			completed: new Set(),
			levels: { magic: 55 },
			xp: { magic: 166_636 },
		}
		const steps = p.plan(['goal'], account).steps
		expect(steps.filter((s) => s.kind === 'train')).toEqual([
			{ id: 'train:invention:2', kind: 'train', skill: 'invention', fromLevel: 1, toLevel: 2, xpNeeded: 830 },
			{ id: 'train:magic:75', kind: 'train', skill: 'magic', fromLevel: 55, toLevel: 75, xpNeeded: 1_043_785 },
		])
		// XP already past the level's start counts.
		const partway = p.plan(['goal'], { ...account, xp: { magic: 200_000 } }).steps
		expect(partway.find((s) => s.kind === 'train' && s.skill === 'magic')).toMatchObject({ xpNeeded: 1_010_421 })
	})

	test("a level that lags its XP is the XP's level: no training step of 0 XP", () => {
		// Agility 50 with 113,259 XP (past 51 at 111,945): an answer that did not move the level yet.
		const p = planner([quest('Goal', { quests: ['First'], skills: { agility: 56 } }), quest('First', { skills: { agility: 51 } })])
		const steps = p.plan(['goal'], { completed: new Set(), levels: { agility: 50 }, xp: { agility: 113_259 } }).steps
		expect(order(steps)).toEqual(['First', 'train agility 51-56', 'Goal'])
		expect(steps.filter((s) => s.kind === 'train')).toEqual([
			{
				id: 'train:agility:56',
				kind: 'train',
				skill: 'agility',
				fromLevel: 51,
				toLevel: 56,
				xpNeeded: xpForLevel('agility', 56) - 113_259,
			},
		])
		// Never past the skill's cap: Defence 99 stays 99 whatever its XP.
		const capped = p.plan(['goal'], { completed: new Set(), levels: { defence: 99 }, xp: { defence: 150_000_000 } })
		expect(capped.steps.some((s) => s.kind === 'train' && s.skill === 'defence')).toBe(false)
	})

	test('a fresh account starts at level 1 everywhere but Constitution (10)', () => {
		const p = planner([quest('Goal', { skills: { constitution: 12, prayer: 2 } })])
		const steps = p.plan(['goal'], FRESH_ACCOUNT).steps
		expect(steps.filter((s) => s.kind === 'train')).toEqual([
			{
				id: 'train:constitution:12',
				kind: 'train',
				skill: 'constitution',
				fromLevel: 10,
				toLevel: 12,
				xpNeeded: xpForLevel('constitution', 12) - xpForLevel('constitution', 10),
			},
			{ id: 'train:prayer:2', kind: 'train', skill: 'prayer', fromLevel: 1, toLevel: 2, xpNeeded: 83 },
		])
	})

	test('free-text requirements are manual steps before their quest, each once', () => {
		const p = planner([
			quest('Goal', { quests: ['First'], other: ['Access to the Warriors’ Guild', 'Bring a friend'] }),
			quest('First', { other: ["Access to the Warriors' Guild"] }),
		])
		const steps = p.plan(['goal']).steps
		expect(order(steps)).toEqual(["other: Access to the Warriors' Guild", 'First', 'other: Bring a friend', 'Goal'])
		expect(steps[0]).toEqual({
			id: 'other:first:0',
			kind: 'other',
			text: "Access to the Warriors' Guild",
			quest: 'first',
		})
	})
})

describe('quest points', () => {
	test('a threshold not yet met is a step, counting the points the plan earns before it', () => {
		const p = planner([
			quest('Goal', { quests: ['A', 'B'], questPointsNeeded: 10 }),
			quest('A', { questPoints: 3 }),
			quest('B', { questPoints: 4 }),
		])
		const steps = p.plan(['goal'], player(['Elsewhere'])).steps
		expect(steps).toContainEqual({ id: 'qp:10', kind: 'questPoints', needed: 10, have: 7 })
		expect(order(steps)).toEqual(['A', 'B', 'qp 7/10', 'Goal'])
	})

	test("no step when the player's points plus the plan's are enough", () => {
		const p = planner([
			quest('Goal', { quests: ['A'], questPointsNeeded: 10 }),
			quest('A', { questPoints: 3 }),
			quest('Old', { questPoints: 7 }),
		])
		expect(order(p.plan(['goal'], player(['Old'])).steps)).toEqual(['A', 'Goal'])
	})

	test('quests short of quest points wait while other quests can still add points', () => {
		const p = planner([
			quest('Goal', { quests: ['Gate', 'Giver'] }),
			quest('Gate', { questPointsNeeded: 2 }),
			quest('Giver', { questPoints: 2, skills: { magic: 30 } }),
		])
		expect(order(p.plan(['goal']).steps)).toEqual(['train magic 1-30', 'Giver', 'Gate', 'Goal'])
	})
})

describe('partial completions, ironman levels and alternatives', () => {
	const partialData = () => [
		quest('Curse', {
			partial: [{ quest: 'Treasure', until: 'the first tomb', needs: { quests: ['Dig'], skills: { thieving: 20 } } }],
		}),
		quest('Treasure', { quests: ['Dig', 'Troll'], skills: { magic: 50 } }),
		quest('Dig'),
		quest('Troll'),
	]

	test('part of a quest is its own step, with what reaching that point needs', () => {
		const steps = planner(partialData()).plan(['curse']).steps
		expect(order(steps)).toEqual(['Dig', 'train thieving 1-20', 'Treasure (until the first tomb)', 'Curse'])
		expect(steps[2]).toEqual({
			id: 'partial:treasure:the-first-tomb',
			kind: 'partial',
			slug: 'treasure',
			name: 'Treasure',
			until: 'the first tomb',
		})
	})

	test('a quest started (or completed) already covers the part', () => {
		const started = player([], {}, { started: new Set(['Treasure']) })
		expect(order(planner(partialData()).plan(['curse'], started).steps)).toEqual(['Curse'])
	})

	test('when the plan completes the whole quest anyway, the part is left out', () => {
		const steps = planner(partialData()).plan(['curse', 'treasure']).steps
		expect(order(steps)).toEqual(['Dig', 'Troll', 'train magic 1-50', 'Treasure', 'Curse'])
	})

	test('when the whole quest itself needs the quest that needs the part, both steps stay, in order', () => {
		const quests = partialData().map((q) => (q.name === 'Treasure' ? { ...q, quests: [...q.quests, 'Curse'] } : q))
		expect(order(planner(quests).plan(['treasure']).steps)).toEqual([
			'Dig',
			'Troll',
			'train thieving 1-20',
			'Treasure (until the first tomb)',
			'Curse',
			'train magic 1-50',
			'Treasure',
		])
	})

	test('ironman-only levels count only when asked for', () => {
		const p = planner([quest('Goal', { skills: { mining: 20 }, ironman: { mining: 40, smithing: 30 } })])
		expect(order(p.plan(['goal']).steps)).toEqual(['train mining 1-20', 'Goal'])
		expect(order(p.plan(['goal'], FRESH_ACCOUNT, { ironman: true }).steps)).toEqual(['train mining 1-40', 'train smithing 1-30', 'Goal'])
	})

	test('for "one of these levels" the cheapest alternative is trained', () => {
		const p = planner([quest('Goal', { anyOf: [{ mining: 20, divination: 22 }] })])
		expect(order(p.plan(['goal']).steps)).toEqual(['train mining 1-20', 'Goal'])
		expect(order(p.plan(['goal'], player([], { divination: 21 })).steps)).toEqual(['train divination 21-22', 'Goal'])
		expect(order(p.plan(['goal'], player([], { mining: 25 })).steps)).toEqual(['Goal'])
	})
})

describe('can start now and nearly there', () => {
	const p = planner([
		quest('Open'),
		quest('Close Level', { skills: { magic: 12, cooking: 9 } }),
		quest('Far Level', { skills: { magic: 20 } }),
		quest('One Quest', { quests: ['Open'] }),
		quest('Two Quests', { quests: ['Open', 'Far Level'] }),
		quest('Quest And Level', { quests: ['Open'], skills: { magic: 11 } }),
		quest('Points', { questPointsNeeded: 5 }),
		quest('Done'),
	])
	const account = player(['Done'], { magic: 10, cooking: 6 })

	test('can start now: every prerequisite done, levels and quest points met; done ones left out', () => {
		expect(p.plan([], account).canStartNow).toEqual(['open'])
		expect(p.plan([], player(['Done', 'Open'], { magic: 30, cooking: 10 })).canStartNow).toEqual([
			'close-level',
			'far-level',
			'one-quest',
			'quest-and-level',
		])
	})

	test('nearly there: one missing quest, or at most 5 levels missing in total', () => {
		expect(p.plan([], account).nearlyThere).toEqual([
			{
				slug: 'close-level',
				missing: [
					{ kind: 'level', skill: 'cooking', level: 9, current: 6 },
					{ kind: 'level', skill: 'magic', level: 12, current: 10 },
				],
			},
			{ slug: 'one-quest', missing: [{ kind: 'quest', slug: 'open', name: 'Open' }] },
		])
	})

	test('unknown quest progress gives neither list', () => {
		const hidden: PlannerPlayer = { levels: { magic: 99 }, xp: {} }
		const plan = p.plan(['two-quests'], hidden)
		expect(plan.canStartNow).toEqual([])
		expect(plan.nearlyThere).toEqual([])
		expect(plan.questProgressKnown).toBe(false)
		// Every quest of the chain is listed: nothing is known to be done.
		expect(order(plan.steps)).toEqual(['Far Level', 'Open', 'Two Quests'])
	})
})

describe('goals, totals and the finished account', () => {
	const quests = [
		quest('While Guthix Sleeps', { aliases: ['WGS'], questPoints: 5, quests: ['Plague City'], skills: { magic: 75 } }),
		quest('Plague City', { questPoints: 1, skills: { mining: 30, magic: 10 } }),
		quest("Plague's End", { questPoints: 4, quests: ['Plague City'] }),
		quest('Mini (miniquest)', { questPoints: 0 }),
	]
	const presets: PlannerPreset[] = [
		{ slug: 'quest-point-cape', kind: 'quest-cape', label: 'Quest Point Cape', aliases: ['QPC'], description: 'All.' },
		{ slug: 'prifddinas', kind: 'unlock', label: 'Prifddinas', quest: "Plague's End", aliases: ['Prif'], description: 'Elves.' },
	]
	const p = planner(quests, presets)

	test('goals resolve by slug, name, alias or preset; unknown ones are named', () => {
		const { goals, unknown } = p.resolveGoals(['wgs', 'PRIF', 'quest-point-cape', 'while-guthix-sleeps', 'nope', ' '])
		expect(goals.map((g) => [g.slug, g.kind, g.quests.map((q) => q.name)])).toEqual([
			['while-guthix-sleeps', 'quest', ['While Guthix Sleeps']],
			['prifddinas', 'unlock', ["Plague's End"]],
			['quest-point-cape', 'quest-cape', ['While Guthix Sleeps', 'Plague City', "Plague's End"]],
		])
		expect(unknown).toEqual(['nope'])
	})

	test('totals: quests left, quest points earned and XP per skill', () => {
		const plan = p.plan(['wgs', 'prifddinas'], player([], { magic: 5 }))
		expect(plan.totals).toEqual({
			quests: 3,
			questPoints: 10,
			xpBySkill: {
				magic: xpForLevel('magic', 75) - xpForLevel('magic', 5),
				mining: xpForLevel('mining', 30),
			},
		})
		expect(plan.goals.map((g) => [g.slug, g.done])).toEqual([
			['while-guthix-sleeps', false],
			['prifddinas', false],
		])
	})

	test('a player who has everything gets an empty plan, every goal done', () => {
		const everything = player(
			quests.map((q) => q.name),
			{ magic: 99, mining: 99 },
		)
		const plan = p.plan(['quest-point-cape', 'prifddinas'], everything)
		expect(plan.steps).toEqual([])
		expect(plan.totals).toEqual({ quests: 0, questPoints: 0, xpBySkill: {} })
		expect(plan.goals.every((g) => g.done)).toBe(true)
		expect(plan.canStartNow).toEqual([])
	})

	test('questName maps RuneMetrics titles and aliases to our names', () => {
		expect(p.questName('while guthix sleeps')).toBe('While Guthix Sleeps')
		expect(p.questName('WGS')).toBe('While Guthix Sleeps')
		expect(p.questName('Not A Quest')).toBeUndefined()
	})
})
