/**
 * What is announced in Discord, and under which key (the outbox keeps one event per webhook and
 * key, so finding the same thing again on the next pass, or on another instance, adds nothing).
 * Pure: `server/announcements.server.ts` reads the rows and enqueues what these return.
 */
import { SKILLS } from '#app/lib/skills.ts'
import type { DiscordEvent } from './discord.ts'
import { bossKey, dropMatches } from './metrics.ts'
import type { CompetitionEvent } from './schedule.ts'

export type Announcement = { key: string; event: DiscordEvent }
type CompetitionRef = Extract<DiscordEvent, { kind: 'competition-started' }>['competition']
type GroupRef = Extract<DiscordEvent, { kind: 'member-joined' }>['group']

const COMPETITION_KINDS = {
	'starting-soon': 'competition-starting-soon',
	started: 'competition-started',
	'ending-soon': 'competition-ending-soon',
	finished: 'competition-finished',
} as const

/** The competition's announcements due now (`competitionEventsDue`); `top`: the standings' first three, for "finished". */
export function competitionAnnouncements(
	id: number,
	competition: CompetitionRef,
	due: readonly CompetitionEvent[],
	top: readonly { name: string; score: number }[],
): Announcement[] {
	return due.map((event) => {
		const key = `competition:${id}:${event}`
		const kind = COMPETITION_KINDS[event]
		return kind === 'competition-finished'
			? { key, event: { kind, competition, top: top.slice(0, 3) } }
			: { key, event: { kind, competition } }
	})
}

/** A roster change as the groups' store lists it. */
type RosterEvent = { at: Date; type: string; playerKey: string; playerName: string }

/** Members who joined or left (a rank change or a rename is not announced). */
export function rosterAnnouncements(groupId: number, group: GroupRef, events: readonly RosterEvent[]): Announcement[] {
	return events.flatMap((event): Announcement[] => {
		if (event.type !== 'joined' && event.type !== 'left') return []
		const key = `group:${groupId}:${event.type}:${event.playerKey}:${event.at.toISOString()}`
		return [{ key, event: { kind: event.type === 'joined' ? 'member-joined' : 'member-left', group, player: event.playerName } }]
	})
}

/** A member's classified log entry (`log_entry_kinds`). */
export type MemberLogEntry = {
	playerKey: string
	name: string
	occurredAt: Date
	kind: string
	skill: number | null
	subject: string | null
	amount: number | null
}

const skillName = (id: number | null) => SKILLS.find((skill) => skill.id === id)?.name

/**
 * Milestones (level 99 or 120, 200M XP in a skill) and the drops and kills matching one of the
 * group's names (`matches`, as `normaliseLogMatch` keeps them): a drop whose item holds a name's
 * words, a kill of a boss of that name.
 */
export function logAnnouncements(
	groupId: number,
	group: GroupRef,
	entries: readonly MemberLogEntry[],
	matches: readonly string[],
): Announcement[] {
	const bosses = new Set(matches.map(bossKey))
	return entries.flatMap((entry): Announcement[] => {
		const key = `group:${groupId}:log:${entry.playerKey}:${entry.occurredAt.toISOString()}:${entry.kind}:${entry.subject ?? entry.skill}`
		const player = entry.name
		const skill = skillName(entry.skill)
		if (entry.kind === 'level' && skill && (entry.amount === 99 || entry.amount === 120))
			return [{ key, event: { kind: 'milestone', group, player, milestone: { type: 'level', level: entry.amount, skill } } }]
		if (entry.kind === 'xp-milestone' && skill && entry.amount === 200_000_000)
			return [{ key, event: { kind: 'milestone', group, player, milestone: { type: '200m', skill } } }]
		if (entry.kind === 'drop' && entry.subject && matches.some((wanted) => dropMatches(entry.subject!, wanted)))
			return [{ key, event: { kind: 'log-match', group, player, entry: { type: 'drop', item: entry.subject } } }]
		if (entry.kind === 'boss-kill' && entry.subject && bosses.has(bossKey(entry.subject)))
			return [{ key, event: { kind: 'log-match', group, player, entry: { type: 'kill', boss: entry.subject, count: entry.amount ?? 1 } } }]
		return []
	})
}

/** A member's quest completions as the tracker keeps them (`completedAt` null: done before tracking began). */
export type MemberQuests = { playerKey: string; name: string; completions: readonly { title: string; completedAt: Date | null }[] }

/** The quest cape's quests (catalogue names) and RuneMetrics' titles read as the catalogue names them. */
type QuestCapeRule = { quests: readonly string[]; questName: (title: string) => string | undefined }

/**
 * The quest cape milestone: a member whose completions hold every quest of the cape, the last of
 * them seen complete from `since` on. The rule is the planner's (`questCapeQuests`: every quest
 * that awards quest points; the catalogue gives miniquests and sagas none). The adventurer's log
 * does not say it, so it comes from the tracker's quests: a quest seen complete by a later fetch
 * has a date, one already complete at the first fetch has none. So a player capped before they
 * were first fetched (a clan just added) is never announced, and the cape is reached when the last
 * cape quest was seen complete. Keyed once per player and group.
 */
export function questCapeAnnouncements(
	groupId: number,
	group: GroupRef,
	members: readonly MemberQuests[],
	cape: QuestCapeRule,
	since: Date,
): Announcement[] {
	const capeQuests = new Set(cape.quests)
	return members.flatMap((member): Announcement[] => {
		// Each cape quest done, and when it was first seen complete (0: before tracking began).
		const doneAt = new Map<string, number>()
		for (const { title, completedAt } of member.completions) {
			const quest = cape.questName(title)
			if (quest === undefined || !capeQuests.has(quest)) continue
			const time = completedAt?.getTime() ?? 0
			doneAt.set(quest, Math.min(doneAt.get(quest) ?? time, time))
		}
		if (doneAt.size < capeQuests.size) return []
		// When the last of them was seen complete; all before tracking (0) is never from `since`.
		if (Math.max(...doneAt.values()) < since.getTime()) return []
		const key = `group:${groupId}:quest-cape:${member.playerKey}`
		return [{ key, event: { kind: 'milestone', group, player: member.name, milestone: { type: 'quest-cape' } } }]
	})
}

/** A name of the group's list as it is kept and compared: lower case, single spaces. */
export function normaliseLogMatch(name: string): string {
	return name.toLowerCase().replace(/\s+/g, ' ').trim()
}
