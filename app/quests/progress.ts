/**
 * A loaded player measured against the quest data: completed quests, quest points and whether a
 * quest can be started. Pure: the browser feeds it the player data.
 */
import {
	checkCanStart,
	type PlayerProgress,
	type QuestPointsMap,
	type StartCheck,
	type StartCheckEntry,
	toSkillLevels,
} from '#app/quests/artifacts.ts'
import type { QuestStatus } from '#app/quests/catalogue-query.ts'
import { normaliseQuestName } from '#app/quests/names.ts'
import type { RequirementSummary } from '#app/quests/requirements.ts'
import type { SkillName } from '#app/lib/skills.ts'

/** What the pages need from the player data. */
export interface PlayerSnapshot {
	/** RuneMetrics titles of the completed quests. */
	completedTitles: readonly string[]
	/** RuneMetrics titles of the quests started but not completed. */
	startedTitles?: readonly string[]
	levels: Partial<Record<SkillName, number>>
}

/**
 * The player's quest points: the sum over their completed quests. RuneMetrics titles are our
 * quest names, compared like names (case, spacing and apostrophes do not matter).
 */
export function playerQuestPoints(completedTitles: readonly string[], points: QuestPointsMap) {
	const byKey = new Map(Object.entries(points).map(([name, qp]) => [normaliseQuestName(name), qp]))
	const seen = new Set<string>()
	let total = 0
	for (const title of completedTitles) {
		const key = normaliseQuestName(title)
		if (seen.has(key)) continue
		seen.add(key)
		total += byKey.get(key) ?? 0
	}
	return total
}

/**
 * The progress checkCanStart reads. `resolve` maps a RuneMetrics title to our canonical name
 * (titles we do not know are dropped).
 */
export function toPlayerProgress(
	snapshot: PlayerSnapshot,
	resolve: (title: string) => string | undefined,
	points: QuestPointsMap,
	options: { ironman?: boolean } = {},
): PlayerProgress {
	const names = (titles: readonly string[]) => {
		const out = new Set<string>()
		for (const title of titles) {
			const name = resolve(title)
			if (name) out.add(name)
		}
		return out
	}
	const completed = names(snapshot.completedTitles)
	return {
		completed,
		started: new Set([...completed, ...names(snapshot.startedTitles ?? [])]),
		levels: snapshot.levels,
		questPoints: playerQuestPoints(snapshot.completedTitles, points),
		ironman: options.ironman ?? false,
	}
}

/** Completed, can start now, or locked (a prerequisite, a level or quest points missing). */
export function questStatus(entry: StartCheckEntry & { name: string }, player: PlayerProgress): QuestStatus {
	if (player.completed.has(entry.name)) return 'completed'
	return checkCanStart(entry, player).canStart ? 'can-start' : 'locked'
}

/**
 * The start check for a requirement panel's target: every earlier step of the chain done (a
 * partial one at least started), the target's own levels (its ironman-only ones too for an
 * ironman, one of each of its groups of alternatives) and the chain's quest-point threshold.
 * Undefined for an empty summary.
 */
export function summaryStartCheck(summary: RequirementSummary, player: PlayerProgress): (StartCheck & { completed: boolean }) | undefined {
	const target = summary.quests.at(-1)
	if (!target) return undefined
	const before = summary.quests.slice(0, -1)
	const check = checkCanStart(
		{
			quests: before.filter((s) => !s.partial).map((s) => s.name),
			partial: before.filter((s) => s.partial).map((s) => s.name),
			skills: toSkillLevels(target.skills),
			anyOf: (target.anyOf ?? []).map(toSkillLevels),
			ironmanSkills: toSkillLevels(target.ironmanSkills ?? []),
			requiredQuestPoints: summary.questPoints,
		},
		player,
	)
	return { ...check, completed: player.completed.has(target.name) }
}

export const STATUS_LABELS: Record<QuestStatus, string> = {
	completed: 'Completed',
	'can-start': 'Can start now',
	locked: 'Locked',
}
