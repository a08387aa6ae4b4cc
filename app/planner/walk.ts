/**
 * The account as a plan walks through it, and the tasks it can take next. Used by `plan.ts`
 * only; kept apart so the ordering rule reads on its own.
 */
import { compareNames } from '#app/quests/requirements.ts'
import { SKILLS, type SkillName, skillLabel } from '#app/lib/skills.ts'
import { levelForXp, xpForLevel } from '#app/lib/xp-table.ts'
import type { Levels, PlannerQuest } from './data.ts'
import type { PlannerPlayer } from './plan.ts'

/** Levels something needs: each of `levels`, and one level from each `anyOf` group. */
export interface LevelNeeds {
	levels: readonly (readonly [SkillName, number])[]
	anyOf: readonly (readonly (readonly [SkillName, number])[])[]
	/** Every skill named, for the cost cache. */
	skills: readonly SkillName[]
}

const entries = (levels: Levels | undefined) => (levels ? (Object.entries(levels) as [SkillName, number][]) : [])

/** A quest's (or a part's) level requirements in the form the walk reads; `extra` raises them. */
export function levelNeeds(levels: Levels, anyOf: readonly Levels[] = [], extra?: Levels): LevelNeeds {
	const merged = new Map(entries(levels))
	for (const [skill, level] of entries(extra)) merged.set(skill, Math.max(level, merged.get(skill) ?? 0))
	const groups = anyOf.map((group) => entries(group).sort(([x], [y]) => compareNames(x, y)))
	const skills = new Set([...merged.keys(), ...groups.flat().map(([skill]) => skill)])
	return { levels: [...merged], anyOf: groups, skills: [...skills] }
}

/** One thing to do: a quest, or part of one. */
export interface Task {
	id: string
	quest: PlannerQuest
	/** Set for part of a quest: how far. */
	until?: string
	deps: Set<Task>
	needs: LevelNeeds
	questPointsNeeded: number
	other: readonly string[]
	questPoints: number
}

/** The account as the planner walks through it: levels and XP rise as training steps are taken. */
export class Account {
	private readonly levels = {} as Record<SkillName, number>
	private readonly xp = {} as Record<SkillName, number>
	private readonly versions = {} as Record<SkillName, number>
	private readonly costs = new Map<Task, { stamp: number; xp: number }>()
	questPoints = 0

	constructor(player: PlannerPlayer) {
		for (const { name, cap } of SKILLS) {
			const xp = player.xp[name] ?? 0
			// Level and XP agree in the game; when an answer's level lags its XP, the XP wins (a
			// level already earned is not a training step of 0 XP), and a missing XP is the level's.
			const level = Math.max(player.levels[name] ?? (name === 'constitution' ? 10 : 1), Math.min(cap, levelForXp(name, xp)))
			this.levels[name] = level
			this.xp[name] = Math.max(xp, xpForLevel(name, level))
			this.versions[name] = 0
		}
	}

	level(skill: SkillName): number {
		return this.levels[skill]
	}

	/** XP still to gain to reach `level` (0 when reached). */
	xpTo(skill: SkillName, level: number): number {
		if (this.levels[skill] >= level) return 0
		return Math.max(0, xpForLevel(skill, level) - this.xp[skill])
	}

	train(skill: SkillName, level: number) {
		this.levels[skill] = Math.max(level, this.levels[skill])
		this.xp[skill] = Math.max(this.xp[skill], xpForLevel(skill, level))
		this.versions[skill]++
	}

	/** Total XP a task still needs; cached until one of its skills is trained. */
	xpShort(task: Task): number {
		let stamp = 0
		for (const skill of task.needs.skills) stamp += this.versions[skill]
		const cached = this.costs.get(task)
		if (cached?.stamp === stamp) return cached.xp
		let xp = 0
		if (task.needs.anyOf.length === 0) {
			for (const [skill, level] of task.needs.levels) xp += this.xpTo(skill, level)
		} else {
			for (const short of levelsShort(task.needs, this)) xp += short.xp
		}
		this.costs.set(task, { stamp, xp })
		return xp
	}
}

/** The levels still missing, the cheapest alternative chosen per `anyOf` group. */
export function levelsShort(needs: LevelNeeds, account: Account): { skill: SkillName; level: number; xp: number }[] {
	const wanted = new Map<SkillName, number>()
	for (const [skill, level] of needs.levels) {
		if (account.level(skill) < level) wanted.set(skill, level)
	}
	for (const options of needs.anyOf) {
		// Met when any alternative is reached, counting what is trained for this anyway.
		if (options.some(([skill, level]) => Math.max(account.level(skill), wanted.get(skill) ?? 0) >= level)) continue
		let best: readonly [SkillName, number] | undefined
		let bestXp = Infinity
		for (const option of options) {
			const [skill, level] = option
			const extra = account.xpTo(skill, level) - account.xpTo(skill, wanted.get(skill) ?? 0)
			if (extra < bestXp) {
				best = option
				bestXp = extra
			}
		}
		if (best) wanted.set(best[0], best[1])
	}
	return [...wanted].map(([skill, level]) => ({ skill, level, xp: account.xpTo(skill, level) }))
}

export const bySkillLabel = (a: { skill: SkillName }, b: { skill: SkillName }) => compareNames(skillLabel(a.skill), skillLabel(b.skill))

/**
 * The tasks that could come next, handed out by the ordering rule: lowest `priority`, then rank
 * (name order). Priorities only fall as the walk goes on (levels and quest points only rise),
 * so a task found startable stays startable: those wait in a heap by rank and are handed out
 * without looking at the others. The others are looked at again when the account changes in a
 * way that could free them: after training a skill (those needing it), after quest points (those
 * short of quest points).
 */
export class NextTasks {
	private readonly ready: Task[] = []
	private readonly pending = new Set<Task>()
	/** Pending tasks by the skills they need: training a skill can only free these. */
	private readonly pendingBySkill = new Map<SkillName, Set<Task>>()
	/** The pending tasks that need quest points: the only ones points alone can free. */
	private readonly pendingForPoints = new Set<Task>()

	constructor(
		private readonly account: Account,
		private readonly rank: ReadonlyMap<Task, number>,
	) {}

	add(task: Task) {
		if (priority(task, this.account) === 0) return this.push(task)
		this.pending.add(task)
		for (const skill of task.needs.skills) {
			const tasks = this.pendingBySkill.get(skill) ?? new Set()
			tasks.add(task)
			this.pendingBySkill.set(skill, tasks)
		}
		if (task.questPointsNeeded > 0) this.pendingForPoints.add(task)
	}

	/** The account gained quest points and trained these skills: look again at whom that frees. */
	accountChanged(trained: readonly SkillName[]) {
		const check = new Set(this.pendingForPoints)
		for (const skill of trained) for (const task of this.pendingBySkill.get(skill) ?? []) check.add(task)
		for (const task of check) {
			if (priority(task, this.account) === 0) {
				this.remove(task)
				this.push(task)
			}
		}
	}

	private remove(task: Task) {
		this.pending.delete(task)
		this.pendingForPoints.delete(task)
		for (const skill of task.needs.skills) this.pendingBySkill.get(skill)?.delete(task)
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
		if (best) this.remove(best)
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
