/**
 * What changed between two readings of a group's roster: members who joined, left, or changed
 * rank, each an event dated with the new reading. A member lost and one gained whose total XP fits
 * (not lower, and a gain the elapsed time allows) are suggested as a rename; the suggestion is
 * checked skill by skill (`checkNameChange`) before it replaces their "left" and "joined".
 */
import type { ClanRank } from './ranks.ts'
import { plausibleXpGain } from './name-change.ts'

export type RosterMember = { key: string; name: string; rank: ClanRank; totalXp: number }

export type Roster = { at: Date; members: readonly RosterMember[] }

type Who = { key: string; name: string }

export type RosterEvent =
	| { type: 'joined'; at: Date; member: Who; rank: ClanRank }
	| { type: 'left'; at: Date; member: Who; rank: ClanRank }
	| { type: 'rank-changed'; at: Date; member: Who; from: ClanRank; to: ClanRank }

export type RenameSuggestion = { from: Who; to: Who }

export function diffRoster(previous: Roster, next: Roster): { events: RosterEvent[]; renames: RenameSuggestion[] } {
	const before = new Map(previous.members.map((m) => [m.key, m]))
	const after = new Map(next.members.map((m) => [m.key, m]))
	const at = next.at
	const lost = previous.members.filter((m) => !after.has(m.key))
	const gained = next.members.filter((m) => !before.has(m.key))
	const events: RosterEvent[] = [
		...lost.map((m) => ({ type: 'left' as const, at, member: who(m), rank: m.rank })),
		...gained.map((m) => ({ type: 'joined' as const, at, member: who(m), rank: m.rank })),
	]
	for (const m of next.members) {
		const was = before.get(m.key)
		if (was && was.rank !== m.rank) events.push({ type: 'rank-changed', at, member: who(m), from: was.rank, to: m.rank })
	}
	return {
		events,
		renames: suggestRenames(lost, gained, next.at.getTime() - previous.at.getTime()),
	}
}

/**
 * Pairs each lost member with at most one gained member and the other way round: of the pairs
 * whose XP fits, those keeping their rank first (a rename keeps it), then the smallest XP gap.
 */
function suggestRenames(lost: RosterMember[], gained: RosterMember[], elapsedMs: number): RenameSuggestion[] {
	const pairs = lost
		.flatMap((from) => gained.map((to) => ({ from, to, gap: to.totalXp - from.totalXp })))
		.filter((pair) => plausibleXpGain(pair.gap, elapsedMs))
		.sort((a, b) => Number(a.from.rank !== a.to.rank) - Number(b.from.rank !== b.to.rank) || a.gap - b.gap)
	const used = new Set<string>()
	const renames: RenameSuggestion[] = []
	for (const { from, to } of pairs) {
		if (used.has(`from:${from.key}`) || used.has(`to:${to.key}`)) continue
		used.add(`from:${from.key}`).add(`to:${to.key}`)
		renames.push({ from: who(from), to: who(to) })
	}
	return renames
}

function who(member: RosterMember): Who {
	return { key: member.key, name: member.name }
}
