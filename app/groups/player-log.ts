/**
 * A player's adventurer's log by kind, for the player page: the kinds in a fixed order (citadel
 * visits and caps together), each with its newest entries.
 */
import type { LogEntryKind } from './log-kinds.ts'

type Kind = LogEntryKind['kind']

const SECTIONS: ReadonlyArray<{ label: string; kinds: readonly Kind[] }> = [
	{ label: 'Levels', kinds: ['level'] },
	{ label: 'XP milestones', kinds: ['xp-milestone'] },
	{ label: 'Quests', kinds: ['quest'] },
	{ label: 'Boss kills', kinds: ['boss-kill'] },
	{ label: 'Drops', kinds: ['drop'] },
	{ label: 'Clue scrolls', kinds: ['clue'] },
	{ label: 'Clan citadel', kinds: ['citadel-cap', 'citadel-visit'] },
	{ label: 'Clan fealty', kinds: ['clan-fealty'] },
	{ label: 'Other', kinds: ['other'] },
]

export type LogLine = { occurredAt: Date; text: string; kind: Kind }
export type Tally = { subject: string; count: number }
export type PlayerLog = {
	/** The newest classified entries (not all of them). */
	entries: readonly LogLine[]
	/** Entries of each kind, all of them. */
	counts: Partial<Record<Kind, number>>
	bossKills: readonly Tally[]
	drops: readonly Tally[]
}

/** The sections with entries, in order, each with its count and at most `perSection` of its newest entries. */
export function logSections(log: Pick<PlayerLog, 'entries' | 'counts'>, perSection: number) {
	return SECTIONS.map(({ label, kinds }) => ({
		label,
		kinds,
		count: kinds.reduce((sum, kind) => sum + (log.counts[kind] ?? 0), 0),
		entries: log.entries.filter((entry) => kinds.includes(entry.kind)).slice(0, perSection),
	})).filter((section) => section.count > 0)
}
