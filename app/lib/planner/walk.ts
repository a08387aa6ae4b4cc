/**
 * The account as a plan walks through it, and the tasks it can take next. Used by `plan.ts`
 * only; kept apart so the ordering rule reads on its own.
 */
import { compareNames } from '#app/lib/quests/requirements.ts'
import { SKILLS, type SkillName, skillLabel } from '#app/lib/skills.ts'
import { xpForLevel } from '#app/lib/xp-table.ts'
import type { Levels, PlannerQuest } from './data.ts'
import type { PlannerPlayer } from './plan.ts'

/** One thing to do: a quest, or part of one. */
export interface Task {
	id: string
	quest: PlannerQuest
	/** Set for part of a quest: how far. */
	until?: string
	deps: Set<Task>
	skills: Levels
	anyOf: readonly Levels[]
	questPointsNeeded: number
	other: readonly string[]
	questPoints: number
	/** Every skill `skills` and `anyOf` name. */
	skillNames: readonly SkillName[]
}

export function maxLevels(a: Levels, b: Levels | undefined): Levels {
	if (!b) return a
	const out: Levels = { ...a }
	for (const [skill, level] of Object.entries(b) as [SkillName, number][]) {
		out[skill] = Math.max(level, out[skill] ?? 0)
	}
	return out
}

/** The account as the planner walks through it: levels and XP rise as training steps are taken. */
export class Account {
	private readonly levels = new Map<SkillName, number>()
	private readonly xp = new Map<SkillName, number>()
	questPoints = 0

	constructor(player: PlannerPlayer) {
		for (const { name } of SKILLS) {
			const level = player.levels[name] ?? (name === 'constitution' ? 10 : 1)
			this.levels.set(name, level)
			this.xp.set(name, Math.max(player.xp[name] ?? 0, xpForLevel(name, level)))
		}
	}

	level(skill: SkillName): number {
		return this.levels.get(skill)!
	}

	/** XP still to gain to reach `level` (0 when reached). */
	xpTo(skill: SkillName, level: number): number {
		if (this.level(skill) >= level) return 0
		return Math.max(0, xpForLevel(skill, level) - this.xp.get(skill)!)
	}

	train(skill: SkillName, level: number) {
		this.levels.set(skill, Math.max(level, this.level(skill)))
		this.xp.set(skill, Math.max(this.xp.get(skill)!, xpForLevel(skill, level)))
		this.versions.set(skill, (this.versions.get(skill) ?? 0) + 1)
	}

	private readonly versions = new Map<SkillName, number>()
	private readonly costs = new Map<Task, { stamp: number; xp: number }>()

	/** Total XP a task still needs; cached until one of its skills is trained. */
	xpShort(task: Task): number {
		let stamp = 0
		for (const skill of task.skillNames) stamp += this.versions.get(skill) ?? 0
		const cached = this.costs.get(task)
		if (cached?.stamp === stamp) return cached.xp
		const xp = levelsShort(task, this).reduce((sum, s) => sum + s.xp, 0)
		this.costs.set(task, { stamp, xp })
		return xp
	}
}

/** The levels a task still needs, cheapest alternative chosen per `anyOf` group. */
export function levelsShort(task: Task, account: Account): { skill: SkillName; level: number; xp: number }[] {
	const wanted = new Map<SkillName, number>()
	for (const [skill, level] of Object.entries(task.skills) as [SkillName, number][]) {
		if (account.level(skill) < level) wanted.set(skill, level)
	}
	for (const group of task.anyOf) {
		const options = (Object.entries(group) as [SkillName, number][]).sort(([a], [b]) =>
			compareNames(a, b),
		)
		// Met when any alternative is reached, counting what this task trains anyway.
		if (options.some(([skill, level]) => Math.max(account.level(skill), wanted.get(skill) ?? 0) >= level))
			continue
		let best: [SkillName, number] | undefined
		let bestXp = Infinity
		for (const [skill, level] of options) {
			const extra = account.xpTo(skill, level) - account.xpTo(skill, wanted.get(skill) ?? 0)
			if (extra < bestXp) {
				best = [skill, level]
				bestXp = extra
			}
		}
		if (best) wanted.set(best[0], best[1])
	}
	return [...wanted].map(([skill, level]) => ({ skill, level, xp: account.xpTo(skill, level) }))
}

export const bySkillLabel = (a: { skill: SkillName }, b: { skill: SkillName }) =>
	compareNames(skillLabel(a.skill), skillLabel(b.skill))

export function createTask(fields: Omit<Task, 'deps' | 'skillNames'>): Task {
	const names = new Set(Object.keys(fields.skills) as SkillName[])
	for (const group of fields.anyOf) for (const skill of Object.keys(group)) names.add(skill as SkillName)
	return { ...fields, deps: new Set(), skillNames: [...names] }
}

/**
 * The tasks that could come next, handed out by the ordering rule: lowest `priority`, then rank
 * (name order). Priorities only fall as the walk goes on (levels and quest points only rise),
 * so a task found startable stays startable: those wait in a heap by rank and are handed out
 * without looking at the others. The others are looked at again when the account changes in a
 * way that could free them: after training (all of them), after quest points (those short of
 * quest points).
 */
export class NextTasks {
	private readonly ready: Task[] = []
	private readonly pending = new Set<Task>()

	constructor(
		private readonly account: Account,
		private readonly rank: ReadonlyMap<Task, number>,
	) {}

	add(task: Task) {
		if (priority(task, this.account) === 0) this.push(task)
		else this.pending.add(task)
	}

	accountChanged(trained: boolean) {
		for (const task of this.pending) {
			if (!trained && task.questPointsNeeded === 0) continue
			if (priority(task, this.account) === 0) {
				this.pending.delete(task)
				this.push(task)
			}
		}
	}

	take(): Task | undefined {
		if (this.ready.length > 0) return this.pop()
		let best: Task | undefined
		let bestScore = Infinity
		for (const task of this.pending) {
			const score = priority(task, this.account)
			if (score < bestScore || (score === bestScore && this.rank.get(task)! < this.rank.get(best!)!)) {
				best = task
				bestScore = score
			}
		}
		if (best) this.pending.delete(best)
		return best
	}

	// A binary min-heap of the startable tasks by rank.
	private push(task: Task) {
		const heap = this.ready
		heap.push(task)
		let i = heap.length - 1
		while (i > 0) {
			const parent = (i - 1) >> 1
			if (this.rankOf(heap[parent]!) <= this.rankOf(task)) break
			heap[i] = heap[parent]!
			i = parent
		}
		heap[i] = task
	}

	private pop(): Task {
		const heap = this.ready
		const top = heap[0]!
		const last = heap.pop()!
		if (heap.length === 0) return top
		let i = 0
		for (;;) {
			const left = 2 * i + 1
			if (left >= heap.length) break
			const right = left + 1
			const child = right < heap.length && this.rankOf(heap[right]!) < this.rankOf(heap[left]!) ? right : left
			if (this.rankOf(heap[child]!) >= this.rankOf(last)) break
			heap[i] = heap[child]!
			i = child
		}
		heap[i] = last
		return top
	}

	private rankOf(task: Task): number {
		return this.rank.get(task)!
	}
}

/**
 * The ordering rule as one number, lowest first: tasks the account can start now, then tasks
 * short only of levels (least XP to train first), then tasks short of quest points.
 * XP sums stay far below 1e12, so the bands never overlap.
 */
function priority(task: Task, account: Account): number {
	const xp = account.xpShort(task)
	const qpShort = task.questPointsNeeded > account.questPoints
	if (xp === 0 && !qpShort) return 0
	return (qpShort ? 2e12 : 1e12) + xp
}
