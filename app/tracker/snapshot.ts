import { SKILLS } from '#app/lib/skills.ts'
import { virtualLevelForXp } from '#app/lib/xp-table.ts'
import type { PlayerSkill } from '#app/player/types.ts'
import type { HiscoresResult, PlayerOverall, ProfileResult, UpstreamQuest } from '#app/player/server/runemetrics.server.ts'
import type { SkillState, Snapshot } from '#app/tracker/api-types.ts'

type Profile = Extract<ProfileResult, { kind: 'ok' }>
type Hiscores = Extract<HiscoresResult, { kind: 'ok' }>

/**
 * What one upstream fetch gave: a public RuneMetrics profile (with its quest list when it was
 * fetched; null when not), or the hiscores when RuneMetrics would not show the profile.
 */
export type SnapshotSource =
	{ source: 'runemetrics'; profile: Profile; quests: readonly UpstreamQuest[] | null } | { source: 'hiscores'; hiscores: Hiscores }

export function toSnapshot(input: SnapshotSource, takenAt: Date): Snapshot {
	const { skills, ranks, overall } = input.source === 'runemetrics' ? input.profile : input.hiscores
	const base = {
		takenAt: takenAt.toISOString(),
		source: input.source,
		...totals(overall),
		skills: skillStates(skills, ranks),
	}
	if (input.source === 'hiscores') {
		return { ...base, questPoints: null, questsComplete: null, questsStarted: null }
	}
	const { profile, quests } = input
	return {
		...base,
		questPoints: questPointsOf(quests),
		questsComplete: profile.questsComplete,
		questsStarted: profile.questsStarted,
	}
}

function totals(overall: PlayerOverall) {
	return { totalLevel: overall.totalLevel, totalXp: overall.totalXp, rank: overall.rank }
}

/** All 29 skills in id order; a skill upstream left out reads as level 1, 0 XP, unranked. */
function skillStates(skills: readonly PlayerSkill[], ranks: ReadonlyArray<number | null>): SkillState[] {
	const byId = new Map(skills.map((skill) => [skill.id, skill]))
	return SKILLS.map(({ id, name }) => {
		const xp = byId.get(id)?.xp ?? 0
		const level = byId.get(id)?.level ?? 1
		return {
			skill: name,
			xp,
			level,
			virtualLevel: Math.max(level, virtualLevelForXp(name, xp)),
			rank: ranks[id] ?? null,
		}
	})
}

/** Quest points of the completed quests; null when the list is missing or empty (not shown). */
function questPointsOf(quests: readonly UpstreamQuest[] | null): number | null {
	if (!quests || quests.length === 0) return null
	let points = 0
	for (const quest of quests) {
		if (quest.status === 'COMPLETED') points += quest.questPoints ?? 0
	}
	return points
}

/**
 * Whether `b` shows progress over `a` worth a new snapshot row. What counts: any skill's XP or
 * level, the total level and XP, and the quest points and counts when both snapshots know them (a
 * hiscores snapshot knows no quests: a profile turning private is not progress by itself). What
 * does not: when it was taken, where it came from, and ranks, which drift every day as other
 * players play even when this one did not; a new row for each would defeat "only when something
 * changed" (the latest row's ranks can be refreshed in place if wanted).
 */
export function sameProgress(a: Snapshot, b: Snapshot): boolean {
	if (a.totalXp !== b.totalXp || a.totalLevel !== b.totalLevel) return false
	for (const key of ['questPoints', 'questsComplete', 'questsStarted'] as const) {
		const before = a[key]
		const after = b[key]
		if (before !== null && after !== null && before !== after) return false
	}
	if (a.skills.length !== b.skills.length) return false
	return a.skills.every((skill, index) => {
		const other = b.skills[index]
		return other?.skill === skill.skill && other.xp === skill.xp && other.level === skill.level
	})
}
