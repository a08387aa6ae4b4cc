/**
 * A group's activity feed: roster events and the members' notable log entries (levels 99 and 120,
 * 200M XP, quests, drops, boss kills), newest first, and how each reads in a sentence.
 */
import { skillLabel } from '#app/lib/skills.ts'
import type { ClanRank } from './ranks.ts'

export const ROSTER_EVENT_TYPES = ['joined', 'left', 'rank-changed', 'renamed'] as const
/** The log kinds the feed shows (levels and XP milestones only at 99, 120 and 200M). */
export const FEED_LOG_KINDS = ['level', 'xp-milestone', 'quest', 'drop', 'boss-kill'] as const

/** Items of a group's feed per answer: the default, and the most the API's `limit` may ask for. */
export const ACTIVITY_LIMIT = { default: 50, max: 100 }

type Player = { key: string; name: string }

export type ActivityItem =
	| {
			at: Date
			kind: (typeof ROSTER_EVENT_TYPES)[number]
			player: Player
			previousName: string | null
			fromRank: ClanRank | null
			toRank: ClanRank | null
	  }
	| {
			at: Date
			kind: (typeof FEED_LOG_KINDS)[number]
			player: Player
			/** The log line as the profile gave it. */
			text: string
			skill: string | null
			subject: string | null
			amount: number | null
	  }

/** What happened, after the player's name: "reached level 99 Cooking", "left (was General)". */
export function describeActivity(item: ActivityItem): string {
	const skill = 'skill' in item && item.skill ? skillLabel(item.skill) : ''
	switch (item.kind) {
		case 'joined':
			return item.toRank ? `joined as ${item.toRank}` : 'joined'
		case 'left':
			return item.fromRank ? `left (was ${item.fromRank})` : 'left'
		case 'rank-changed':
			return `went from ${item.fromRank ?? '?'} to ${item.toRank ?? '?'}`
		case 'renamed':
			return `was renamed from ${item.previousName ?? '?'}`
		case 'level':
			return `reached level ${item.amount ?? '?'} ${skill}`
		case 'xp-milestone':
			return `reached ${(item.amount ?? 0).toLocaleString('en-GB')} XP in ${skill}`
		case 'quest':
			return `completed ${item.subject ?? 'a quest'}`
		case 'drop':
			return `found ${item.subject ?? 'something'}`
		case 'boss-kill':
			return item.amount && item.amount > 1 ? `killed ${item.amount} ${item.subject ?? ''}`.trim() : `killed ${item.subject ?? 'a boss'}`
	}
}
