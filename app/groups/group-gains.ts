/**
 * A group's gains over a period: each member's XP gained per skill and overall between two of the
 * tracker's snapshots (the one in force when the range starts, the last one before it ends), as a
 * player's own gains count them, and the members sorted by any skill.
 */
import { z } from 'zod'
import { SKILL_NAMES, SKILLS, type SkillName } from '#app/lib/skills.ts'
import { emptyAsAbsent } from '#app/lib/query-params.ts'
import { gainsQuerySchema, type GainsQuery } from '#app/tracker/api-params.ts'

/** A snapshot at one end of the range: when, its source (0 RuneMetrics, 1 hiscores), XP per skill in id order. */
export type GainsEnd = { takenAt: Date; source: number; xp: readonly number[] }

export type GainsSort = SkillName | 'overall'

export type GroupGainsQuery = GainsQuery & { sort: GainsSort }

const sortSchema = z
	.string()
	.transform((sort) => sort.toLowerCase())
	.pipe(z.enum(['overall', ...SKILL_NAMES], { error: `sort must be overall or a skill name (${SKILL_NAMES.join(', ')})` }))

/**
 * A player's gains parameters (`?period=day|week|month|year` or `?from=&to=`, as
 * `gainsQuerySchema` checks them) and `?sort=overall|<skill>`, overall when absent.
 */
export const groupGainsQuerySchema = (today: string) => {
	const gains = gainsQuerySchema(today)
	return z.object({ ...gains.in.shape, sort: emptyAsAbsent(sortSchema) }).transform((query, context): GroupGainsQuery => {
		const { sort = 'overall', ...rest } = query
		const parsed = gains.safeParse(rest)
		if (parsed.success) return { ...parsed.data, sort }
		for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message })
		return z.NEVER
	})
}

export type MemberGains = {
	key: string
	name: string
	/** The snapshots compared (ISO); null when the tracker has none of the member in the range. */
	start: string | null
	end: string | null
	/** XP gained overall and per skill; null for a member with nothing to compare. */
	overall: number | null
	skills: Record<SkillName, number> | null
}

const HISCORES = 1

/**
 * XP gained from `start` to `end`: XP never goes down, so a fall counts as none, and a skill at 0
 * XP in a hiscores snapshot is unranked (not known) rather than zero (as `xpGainedBetween`).
 */
export function memberGains(member: { key: string; name: string; start: GainsEnd | null; end: GainsEnd | null }): MemberGains {
	const { start, end } = member
	if (!start || !end) return { key: member.key, name: member.name, start: null, end: null, overall: null, skills: null }
	const gained = SKILLS.map((_, id) => {
		const from = start.xp[id] ?? 0
		if (from === 0 && start.source === HISCORES) return 0
		return Math.max(0, (end.xp[id] ?? 0) - from)
	})
	return {
		key: member.key,
		name: member.name,
		start: start.takenAt.toISOString(),
		end: end.takenAt.toISOString(),
		overall: gained.reduce((sum, xp) => sum + xp, 0),
		skills: Object.fromEntries(SKILLS.map((skill) => [skill.name, gained[skill.id]!])) as Record<SkillName, number>,
	}
}

/** The member's XP gained in `sort`; null with nothing to compare. */
export const gainIn = (member: MemberGains, sort: GainsSort) => (sort === 'overall' ? member.overall : (member.skills?.[sort] ?? null))

/** Most XP in `sort` first, then most overall, then by name; members with nothing to compare last. */
export function sortGains(members: readonly MemberGains[], sort: GainsSort): MemberGains[] {
	return members.toSorted(
		(a, b) =>
			(gainIn(b, sort) ?? -1) - (gainIn(a, sort) ?? -1) || (b.overall ?? -1) - (a.overall ?? -1) || a.name.localeCompare(b.name, 'en'),
	)
}
