/**
 * The account planner: a player's account plus a set of goals in, an ordered list of what to do
 * out. Pure and synchronous, the same in the browser and on the server (`GET /api/v1/plan`).
 */
import { createQuestIndex, normaliseQuestName, questSlug } from '#app/quests/names.ts'
import { compareNames } from '#app/quests/requirements.ts'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'
import type { Levels, PlannerData, PlannerPartial, PlannerPreset, PlannerQuest } from './data.ts'
import { Account, bySkillLabel, type LevelNeeds, levelNeeds, levelsShort, NextTasks, type Task } from './walk.ts'

/** What the planner knows of an account. */
export interface PlannerPlayer {
	/**
	 * Canonical names of completed quests; undefined when quest progress is unknown (a private
	 * RuneMetrics profile): then every quest counts as not done.
	 */
	completed?: ReadonlySet<string>
	/** Canonical names of started quests: a quest needed only in part counts as done once started. */
	started?: ReadonlySet<string>
	/** Levels per skill; a missing skill is level 1 (Constitution 10). */
	levels: Levels
	/** Whole XP per skill; a missing skill has the XP its level starts at. */
	xp: Partial<Record<SkillName, number>>
}

/** A brand-new account: no quests, every level 1 except Constitution, which starts at 10. */
export const FRESH_ACCOUNT: PlannerPlayer = {
	completed: new Set(),
	levels: { constitution: 10 },
	xp: { constitution: xpForLevel('constitution', 10) },
}

export interface PlanOptions {
	/** Count the ironman-only levels too. */
	ironman?: boolean
}

export type PlanStep =
	| { id: string; kind: 'quest'; slug: string; name: string; questPoints: number }
	| { id: string; kind: 'partial'; slug: string; name: string; until: string }
	| { id: string; kind: 'train'; skill: SkillName; fromLevel: number; toLevel: number; xpNeeded: number }
	| { id: string; kind: 'other'; text: string; quest: string }
	| { id: string; kind: 'questPoints'; needed: number; have: number }

export type GoalKind = 'quest' | PlannerPreset['kind']

interface PlanGoal {
	slug: string
	label: string
	kind: GoalKind
	/** Slugs of the quests the goal asks for. */
	quests: string[]
	/** Every one of them completed already. */
	done: boolean
}

export type MissingItem =
	{ kind: 'quest'; slug: string; name: string; partial?: true } | { kind: 'level'; skill: SkillName; level: number; current: number }

export interface Plan {
	goals: PlanGoal[]
	steps: PlanStep[]
	/** Slugs of the quests (of the whole list) the player can start now, by name. */
	canStartNow: string[]
	/** Quests one quest or at most 5 levels away, by name. */
	nearlyThere: { slug: string; missing: MissingItem[] }[]
	totals: { quests: number; questPoints: number; xpBySkill: Partial<Record<SkillName, number>> }
	/** False when the player's quest progress is unknown (private profile). */
	questProgressKnown: boolean
}

/** How many levels short, in total, still counts as "nearly there". */
export const NEARLY_THERE_LEVELS = 5

interface GoalResolution {
	goals: { slug: string; label: string; kind: GoalKind; quests: PlannerQuest[] }[]
	/** Inputs that match no quest or preset, as given. */
	unknown: string[]
}

export interface Planner {
	data: PlannerData
	questBySlug: ReadonlyMap<string, PlannerQuest>
	questByName: ReadonlyMap<string, PlannerQuest>
	/** Goals by slug, name or alias (quests and presets); repeats are dropped. */
	resolveGoals(inputs: readonly string[]): GoalResolution
	/** Canonical name of a quest title (RuneMetrics' spelling, an alias); undefined if unknown. */
	questName(title: string): string | undefined
	plan(goalSlugs: readonly string[], player?: PlannerPlayer, options?: PlanOptions): Plan
}

const NONE: ReadonlySet<string> = new Set()

/** What the Quest Point Cape asks for: every quest that awards quest points. */
export function questCapeQuests(data: PlannerData): PlannerQuest[] {
	return data.quests.filter((q) => q.questPoints > 0)
}

export function createPlanner(data: PlannerData): Planner {
	const questByName = new Map(data.quests.map((q) => [q.name, q]))
	const questBySlug = new Map(data.quests.map((q) => [q.slug, q]))
	const presetBySlug = new Map(data.presets.map((p) => [p.slug, p]))
	const questIndex = createQuestIndex(data.quests)
	const presetIndex = createQuestIndex(data.presets.map((p) => ({ name: p.label, aliases: p.aliases, preset: p })))
	const questCape = questCapeQuests(data)

	// Each quest's levels in the walk's form, worked out once (with and without ironman levels).
	const needsCache = [new Map<PlannerQuest, LevelNeeds>(), new Map<PlannerQuest, LevelNeeds>()]
	function needsOf(quest: PlannerQuest, options: PlanOptions): LevelNeeds {
		const cache = needsCache[options.ironman ? 1 : 0]!
		let needs = cache.get(quest)
		if (!needs) {
			needs = levelNeeds(quest.skills, quest.anyOf, options.ironman ? quest.ironman : undefined)
			cache.set(quest, needs)
		}
		return needs
	}

	function presetQuests(preset: PlannerPreset): PlannerQuest[] {
		if (preset.kind === 'quest-cape') return questCape
		const quest = questByName.get(preset.quest)
		return quest ? [quest] : []
	}

	function resolveGoals(inputs: readonly string[]): GoalResolution {
		const goals: GoalResolution['goals'] = []
		const unknown: string[] = []
		const seen = new Set<string>()
		for (const raw of inputs) {
			const input = raw.trim()
			if (!input) continue
			const slug = input.toLowerCase()
			const preset = presetBySlug.get(slug) ?? presetIndex.find(input)?.preset
			const quest = preset ? undefined : (questBySlug.get(slug) ?? questIndex.find(input))
			if (preset) {
				if (seen.has(preset.slug)) continue
				seen.add(preset.slug)
				goals.push({ slug: preset.slug, label: preset.label, kind: preset.kind, quests: presetQuests(preset) })
			} else if (quest) {
				if (seen.has(quest.slug)) continue
				seen.add(quest.slug)
				goals.push({ slug: quest.slug, label: quest.name, kind: 'quest', quests: [quest] })
			} else unknown.push(input)
		}
		return { goals, unknown }
	}

	/** Every task the targets need that the player has not done, linked to what must come first. */
	function collectTasks(targets: readonly PlannerQuest[], player: PlannerPlayer, options: PlanOptions) {
		const completed = player.completed ?? NONE
		const started = player.completed ? (player.started ?? NONE) : NONE
		const tasks = new Map<string, Task>()
		const partOwners = new Map<Task, Set<Task>>()

		const whole = (name: string): Task | undefined => {
			const quest = questByName.get(name)
			if (!quest || completed.has(name)) return undefined
			const id = `quest:${quest.slug}`
			const known = tasks.get(id)
			if (known) return known
			const task: Task = {
				id,
				quest,
				deps: new Set(),
				needs: needsOf(quest, options),
				questPointsNeeded: quest.questPointsNeeded ?? 0,
				other: quest.other ?? [],
				questPoints: quest.questPoints,
			}
			tasks.set(id, task)
			for (const prereq of quest.quests) {
				const dep = whole(prereq)
				if (dep) task.deps.add(dep)
			}
			for (const part of quest.partial ?? []) {
				if (completed.has(part.quest) || started.has(part.quest)) continue
				const dep = partOf(part)
				if (!dep) continue
				task.deps.add(dep)
				const owners = partOwners.get(dep) ?? new Set()
				owners.add(task)
				partOwners.set(dep, owners)
			}
			return task
		}

		const partOf = (part: PlannerPartial): Task | undefined => {
			const quest = questByName.get(part.quest)
			if (!quest) return undefined
			const id = `partial:${quest.slug}:${questSlug(part.until)}`
			const known = tasks.get(id)
			if (known) return known
			const task: Task = {
				id,
				quest,
				until: part.until,
				deps: new Set(),
				needs: levelNeeds(part.needs.skills),
				questPointsNeeded: part.needs.questPoints ?? 0,
				other: [],
				questPoints: 0,
			}
			tasks.set(id, task)
			for (const need of part.needs.quests) {
				const dep = whole(need)
				if (dep) task.deps.add(dep)
			}
			return task
		}

		for (const target of targets) whole(target.name)

		// Part of a quest the plan completes anyway: when the whole quest can come first (it does
		// not itself wait for a quest that needs the part), the part is covered by it.
		for (const [part, owners] of partOwners) {
			const full = tasks.get(`quest:${part.quest.slug}`)
			if (!full) continue
			if (dependsOnAny(full, owners)) {
				full.deps.add(part)
				continue
			}
			for (const owner of owners) {
				owner.deps.delete(part)
				owner.deps.add(full)
			}
			tasks.delete(part.id)
		}
		return [...tasks.values()]
	}

	function order(tasks: Task[], player: PlannerPlayer) {
		const account = new Account(player)
		account.questPoints = playerQuestPoints(player)
		const waiting = new Map<Task, number>()
		const dependents = new Map<Task, Task[]>()
		const available: Task[] = []
		for (const task of tasks) {
			waiting.set(task, task.deps.size)
			if (task.deps.size === 0) available.push(task)
			for (const dep of task.deps) {
				const list = dependents.get(dep) ?? []
				list.push(task)
				dependents.set(dep, list)
			}
		}

		// Ties are broken by name: rank every task once instead of comparing strings in the loop.
		const rank = new Map([...tasks].sort(compareTasks).map((task, i) => [task, i]))
		const next = new NextTasks(account, rank)
		for (const task of available) next.add(task)
		const steps: PlanStep[] = []
		const otherSeen = new Set<string>()
		for (let task = next.take(); task; task = next.take()) {
			if (task.questPointsNeeded > account.questPoints) {
				steps.push({
					id: `qp:${task.questPointsNeeded}`,
					kind: 'questPoints',
					needed: task.questPointsNeeded,
					have: account.questPoints,
				})
				// The step is done once the player has them (from quests outside the plan).
				account.questPoints = task.questPointsNeeded
			}
			const shorts = levelsShort(task.needs, account).sort(bySkillLabel)
			for (const short of shorts) {
				steps.push({
					id: `train:${short.skill}:${short.level}`,
					kind: 'train',
					skill: short.skill,
					fromLevel: account.level(short.skill),
					toLevel: short.level,
					xpNeeded: short.xp,
				})
				account.train(short.skill, short.level)
			}
			task.other.forEach((text, i) => {
				const key = normaliseQuestName(text)
				if (otherSeen.has(key)) return
				otherSeen.add(key)
				steps.push({ id: `other:${task.quest.slug}:${i}`, kind: 'other', text, quest: task.quest.slug })
			})
			if (task.until !== undefined) {
				steps.push({ id: task.id, kind: 'partial', slug: task.quest.slug, name: task.quest.name, until: task.until })
			} else {
				steps.push({ id: task.id, kind: 'quest', slug: task.quest.slug, name: task.quest.name, questPoints: task.questPoints })
			}
			account.questPoints += task.questPoints
			next.accountChanged(shorts.map((short) => short.skill))

			for (const dependent of dependents.get(task) ?? []) {
				const left = waiting.get(dependent)! - 1
				waiting.set(dependent, left)
				if (left === 0) next.add(dependent)
			}
		}
		return steps
	}

	function playerQuestPoints(player: PlannerPlayer): number {
		let total = 0
		for (const name of player.completed ?? NONE) total += questByName.get(name)?.questPoints ?? 0
		return total
	}

	/** Can start now and nearly there, over every quest. */
	function outlook(player: PlannerPlayer, options: PlanOptions) {
		const canStartNow: string[] = []
		const nearlyThere: Plan['nearlyThere'] = []
		if (!player.completed) return { canStartNow, nearlyThere }
		const completed = player.completed
		const started = player.started ?? NONE
		const account = new Account(player)
		const points = playerQuestPoints(player)
		const sorted = [...data.quests].sort((a, b) => compareNames(a.name, b.name))
		for (const quest of sorted) {
			if (completed.has(quest.name)) continue
			if ((quest.questPointsNeeded ?? 0) > points) continue
			const missing: MissingItem[] = []
			for (const name of quest.quests) {
				const prereq = questByName.get(name)
				if (prereq && !completed.has(name)) missing.push({ kind: 'quest', slug: prereq.slug, name })
			}
			for (const part of quest.partial ?? []) {
				const prereq = questByName.get(part.quest)
				if (prereq && !completed.has(part.quest) && !started.has(part.quest)) {
					missing.push({ kind: 'quest', slug: prereq.slug, name: prereq.name, partial: true })
				}
			}
			const quests = missing.length
			let levels = 0
			for (const short of levelsShort(needsOf(quest, options), account).sort(bySkillLabel)) {
				const current = account.level(short.skill)
				levels += short.level - current
				missing.push({ kind: 'level', skill: short.skill, level: short.level, current })
			}
			if (missing.length === 0) canStartNow.push(quest.slug)
			else if ((quests === 1 && levels === 0) || (quests === 0 && levels <= NEARLY_THERE_LEVELS)) {
				nearlyThere.push({ slug: quest.slug, missing })
			}
		}
		return { canStartNow, nearlyThere }
	}

	function plan(goalSlugs: readonly string[], player: PlannerPlayer = FRESH_ACCOUNT, options: PlanOptions = {}): Plan {
		const { goals } = resolveGoals(goalSlugs)
		const targets = [...new Set(goals.flatMap((g) => g.quests))]
		const steps = order(collectTasks(targets, player, options), player)
		const xpBySkill: Partial<Record<SkillName, number>> = {}
		let quests = 0
		let questPoints = 0
		for (const step of steps) {
			if (step.kind === 'quest') {
				quests++
				questPoints += step.questPoints
			} else if (step.kind === 'train') {
				xpBySkill[step.skill] = (xpBySkill[step.skill] ?? 0) + step.xpNeeded
			}
		}
		const completed = player.completed ?? NONE
		return {
			goals: goals.map((g) => ({
				slug: g.slug,
				label: g.label,
				kind: g.kind,
				quests: g.quests.map((q) => q.slug),
				done: Boolean(player.completed) && g.quests.every((q) => completed.has(q.name)),
			})),
			steps,
			...outlook(player, options),
			totals: { quests, questPoints, xpBySkill: sortBySkill(xpBySkill) },
			questProgressKnown: Boolean(player.completed),
		}
	}

	return {
		data,
		questBySlug,
		questByName,
		resolveGoals,
		questName: (title) => questIndex.find(title)?.name,
		plan,
	}
}

function compareTasks(a: Task, b: Task): number {
	return compareNames(a.quest.name, b.quest.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
}

/** Whether `task` waits, directly or further down, for any of `others`. */
function dependsOnAny(task: Task, others: ReadonlySet<Task>): boolean {
	const seen = new Set<Task>()
	const stack = [...task.deps]
	while (stack.length > 0) {
		const next = stack.pop()!
		if (others.has(next)) return true
		if (seen.has(next)) continue
		seen.add(next)
		stack.push(...next.deps)
	}
	return false
}

function sortBySkill<T>(bySkill: Partial<Record<SkillName, T>>): Partial<Record<SkillName, T>> {
	const out: Partial<Record<SkillName, T>> = {}
	for (const { name } of SKILLS) if (bySkill[name] !== undefined) out[name] = bySkill[name]
	return out
}
