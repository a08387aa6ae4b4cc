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

/** A name of the group's list as it is kept and compared: lower case, single spaces. */
export function normaliseLogMatch(name: string): string {
	return name.toLowerCase().replace(/\s+/g, ' ').trim()
}
