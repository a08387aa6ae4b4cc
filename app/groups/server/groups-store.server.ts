/**
 * Groups' queries: every read and write of their tables goes through here. Functions take the
 * database (or a transaction) first and plain values, so the contract kit runs them on PGlite
 * and on PostgreSQL alike. Times are `Date`s supplied by the caller.
 */
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, max, notInArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { queryRows, type Database } from '#app/server/db/database.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import { getSkill, SKILLS } from '#app/lib/skills.ts'
import { activities, logCoverageSpans, snapshots, trackedPlayers } from '#app/tracker/server/schema.ts'
import type { LogSpan } from '#app/tracker/log-coverage.ts'
import { skillStates, unpackSkills } from '#app/tracker/server/snapshot-codec.ts'
import { citadelResetAt, WEEKDAYS, type CitadelReset } from '#app/groups/citadel-caps.ts'
import type { GainsEnd } from '#app/groups/group-gains.ts'
import { classifyLogEntry, type LogEntryKind } from '#app/groups/log-kinds.ts'
import { CLAN_RANKS, type ClanRank } from '#app/groups/ranks.ts'
import { diffRoster, type RosterMember } from '#app/groups/roster-diff.ts'
import { groupMembers, groupRosterEvents, groups, logEntryKinds } from './schema.ts'
import { FEED_LOG_KINDS, type ActivityItem } from '#app/groups/activity.ts'
import type { PlayerLog } from '#app/groups/player-log.ts'

/** A member as stored: a clan group's come with rank and total XP, a group of names' without. */
type GroupMemberInput = { key: string; name: string; rank: ClanRank | null; totalXp: number | null }

export type NewGroup = {
	name: string
	clanName: string | null
	codeHash: string
	citadelReset: CitadelReset | null
	members: readonly GroupMemberInput[]
}

export async function createGroup(db: Database, group: NewGroup, at: Date): Promise<number> {
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(groups)
			.values({
				name: group.name,
				clanName: group.clanName,
				codeHash: group.codeHash,
				...resetColumns(group.citadelReset),
				createdAt: at,
				rosterAt: at,
			})
			.returning({ id: groups.id })
		const id = row!.id
		if (group.members.length > 0) {
			await tx.insert(groupMembers).values(
				group.members.map((m) => ({
					groupId: id,
					playerKey: m.key,
					name: m.name,
					rank: m.rank,
					totalXp: m.totalXp,
					since: at,
					nextCheckAt: at,
				})),
			)
		}
		return id
	})
}

/**
 * The group and its members, highest rank first, then by name; null when there is no such group.
 * Two queries: one joined read repeats the group's columns on each member's row, twice as slow for a clan of 500.
 */
export async function readGroup(db: Database, id: number) {
	const [group] = await db.select().from(groups).where(eq(groups.id, id))
	if (!group) return null
	const members = await db
		.select({
			key: groupMembers.playerKey,
			name: groupMembers.name,
			rank: groupMembers.rank,
			totalXp: groupMembers.totalXp,
			since: groupMembers.since,
		})
		.from(groupMembers)
		.where(eq(groupMembers.groupId, id))
		.orderBy(asc(groupMembers.name))
	const order = (rank: ClanRank | null) => (rank === null ? CLAN_RANKS.length : CLAN_RANKS.indexOf(rank))
	members.sort((a, b) => order(a.rank) - order(b.rank))
	const { citadelResetWeekday: weekday, citadelResetMinute: minute, codeHash: _, ...rest } = group
	return { ...rest, citadelReset: resetOf(weekday, minute), members }
}

/**
 * A member's tracked player, as a lateral join: one probe of the players' key index a member. A
 * plain join lets the planner hash the whole players' table for a big group (a scan of every
 * tracked player on each read of a clan of 500).
 */
const memberPlayer = (db: Database) =>
	db
		.select({ id: trackedPlayers.id })
		.from(trackedPlayers)
		.where(eq(trackedPlayers.key, groupMembers.playerKey))
		.limit(1)
		.as('member_player')

/** The group's members, or only those of `keys` (a page of them). */
const membersOf = (groupId: number, keys?: readonly string[]) =>
	and(eq(groupMembers.groupId, groupId), keys ? inArray(groupMembers.playerKey, keys.length > 0 ? [...keys] : ['']) : undefined)

/**
 * Replaces a clan group's roster with a new reading of its member list and records what changed
 * (`diffRoster`), dated `at`. The group's row is locked meanwhile, so two syncs take turns and the
 * second finds nothing new; a reading older than the stored one changes nothing. Null when there
 * is no such group.
 */
export async function syncRoster(db: Database, groupId: number, members: readonly RosterMember[], at: Date) {
	return db.transaction(async (tx) => {
		const [group] = await tx.select({ rosterAt: groups.rosterAt }).from(groups).where(eq(groups.id, groupId)).for('update')
		if (!group) return null
		if (at <= group.rosterAt) return { events: [], renames: [] }
		const stored = await tx.select().from(groupMembers).where(eq(groupMembers.groupId, groupId))
		// A clan group's members all have a rank and total XP (only a group of names has none, and it is not synced).
		const previous = stored.map((m) => ({
			key: m.playerKey,
			name: m.name,
			rank: m.rank ?? 'Recruit',
			totalXp: m.totalXp ?? 0,
		}))
		const diff = diffRoster({ at: group.rosterAt, members: previous }, { at, members })
		const keys = members.map((m) => m.key)
		await tx
			.delete(groupMembers)
			.where(and(eq(groupMembers.groupId, groupId), keys.length > 0 ? notInArray(groupMembers.playerKey, keys) : undefined))
		if (members.length > 0) {
			await tx
				.insert(groupMembers)
				.values(
					members.map((m) => ({
						groupId,
						playerKey: m.key,
						name: m.name,
						rank: m.rank,
						totalXp: m.totalXp,
						since: at,
						nextCheckAt: at,
					})),
				)
				.onConflictDoUpdate({
					target: [groupMembers.groupId, groupMembers.playerKey],
					set: {
						name: sql`excluded.name`,
						rank: sql`excluded.rank`,
						totalXp: sql`excluded.total_xp`,
					},
				})
		}
		if (diff.events.length > 0) {
			await tx.insert(groupRosterEvents).values(
				diff.events.map((event) => ({
					groupId,
					at: event.at,
					type: event.type,
					playerKey: event.member.key,
					playerName: event.member.name,
					fromRank: event.type === 'rank-changed' ? event.from : event.type === 'left' ? event.rank : null,
					toRank: event.type === 'rank-changed' ? event.to : event.type === 'joined' ? event.rank : null,
				})),
			)
		}
		await tx.update(groups).set({ rosterAt: at }).where(eq(groups.id, groupId))
		return diff
	})
}

type Who = { key: string; name: string }

/**
 * An applied name change in every group (in the caller's transaction): the member's row takes the
 * new name (or goes, when the group lists the new name already) and the group gets a `renamed`
 * event. A sync that saw the pair as a "left" and a "joined" at one reading has those two events
 * replaced by the `renamed` one, dated with that reading; other groups' events are dated `at`.
 */
export async function renameInGroups(tx: Database, from: Who, to: Who, at: Date): Promise<void> {
	const left = alias(groupRosterEvents, 'left_event')
	const joined = alias(groupRosterEvents, 'joined_event')
	const pairs = await tx
		.select({ groupId: left.groupId, at: left.at, leftId: left.id, joinedId: joined.id, fromRank: left.fromRank, toRank: joined.toRank })
		.from(left)
		.innerJoin(
			joined,
			and(eq(joined.groupId, left.groupId), eq(joined.at, left.at), eq(joined.type, 'joined'), eq(joined.playerKey, to.key)),
		)
		.where(and(eq(left.type, 'left'), eq(left.playerKey, from.key)))
	const paired = new Set<number>()
	const events: (typeof groupRosterEvents.$inferInsert)[] = []
	const renamed = { type: 'renamed' as const, playerKey: to.key, playerName: to.name, previousKey: from.key, previousName: from.name }
	for (const pair of pairs) {
		if (paired.has(pair.groupId)) continue
		paired.add(pair.groupId)
		await tx.delete(groupRosterEvents).where(inArray(groupRosterEvents.id, [pair.leftId, pair.joinedId]))
		events.push({ groupId: pair.groupId, at: pair.at, ...renamed, fromRank: pair.fromRank, toRank: pair.toRank })
	}
	const members = await tx.select().from(groupMembers).where(eq(groupMembers.playerKey, from.key))
	for (const member of members) {
		const [both] = await tx
			.select({ key: groupMembers.playerKey })
			.from(groupMembers)
			.where(and(eq(groupMembers.groupId, member.groupId), eq(groupMembers.playerKey, to.key)))
		const where = and(eq(groupMembers.groupId, member.groupId), eq(groupMembers.playerKey, from.key))
		if (both) await tx.delete(groupMembers).where(where)
		else await tx.update(groupMembers).set({ playerKey: to.key, name: to.name }).where(where)
		if (!paired.has(member.groupId)) events.push({ groupId: member.groupId, at, ...renamed, fromRank: member.rank, toRank: member.rank })
	}
	if (events.length > 0) await tx.insert(groupRosterEvents).values(events)
}

/** The group's roster events, newest first. */
export async function listRosterEvents(db: Database, groupId: number, limit = 100) {
	return db
		.select({
			at: groupRosterEvents.at,
			type: groupRosterEvents.type,
			playerKey: groupRosterEvents.playerKey,
			playerName: groupRosterEvents.playerName,
			previousKey: groupRosterEvents.previousKey,
			previousName: groupRosterEvents.previousName,
			fromRank: groupRosterEvents.fromRank,
			toRank: groupRosterEvents.toRank,
		})
		.from(groupRosterEvents)
		.where(eq(groupRosterEvents.groupId, groupId))
		.orderBy(desc(groupRosterEvents.at), desc(groupRosterEvents.id))
		.limit(limit)
}

/** Groups newest first, with their member counts; `search` matches the name or the clan, in any case. */
export async function listGroups(db: Database, search = '', limit = 50) {
	const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	return db
		.select({
			id: groups.id,
			name: groups.name,
			clanName: groups.clanName,
			createdAt: groups.createdAt,
			locked: groups.locked,
			members: sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`,
		})
		.from(groups)
		.where(search ? or(ilike(groups.name, pattern), ilike(groups.clanName, pattern)) : undefined)
		.orderBy(desc(groups.createdAt), desc(groups.id))
		.limit(limit)
}

/**
 * The members' (or only those of `keys`) total level and XP from their latest tracked snapshot,
 * by key; members never looked up are absent.
 */
export async function listMemberTotals(db: Database, groupId: number, keys?: readonly string[]) {
	const player = memberPlayer(db)
	const latest = db
		.select({ skills: snapshots.skills })
		.from(snapshots)
		.where(eq(snapshots.playerId, player.id))
		.orderBy(desc(snapshots.takenAt))
		.limit(1)
		.as('latest_snapshot')
	const rows = await db
		.select({ key: groupMembers.playerKey, skills: latest.skills })
		.from(groupMembers)
		.innerJoinLateral(player, sql`true`)
		.innerJoinLateral(latest, sql`true`)
		.where(membersOf(groupId, keys))
	return new Map(
		rows.map((row) => {
			const skills = skillStates(unpackSkills(row.skills))
			const totals = { totalLevel: skills.reduce((sum, s) => sum + s.level, 0), totalXp: skills.reduce((sum, s) => sum + s.xp, 0) }
			return [row.key, totals]
		}),
	)
}

/** The group's members' (or only those of `keys`) citadel caps seen in their classified logs since `since`, by player key. */
export async function listGroupCaps(db: Database, groupId: number, since: Date, keys?: readonly string[]) {
	const player = memberPlayer(db)
	return db
		.select({ key: groupMembers.playerKey, at: logEntryKinds.occurredAt })
		.from(groupMembers)
		.innerJoinLateral(player, sql`true`)
		.innerJoin(logEntryKinds, eq(logEntryKinds.playerId, player.id))
		.where(and(membersOf(groupId, keys), eq(logEntryKinds.kind, 'citadel-cap'), gte(logEntryKinds.occurredAt, since)))
}

/**
 * Claims the clan group whose daily roster sync is most overdue (none synced within `everyMs`,
 * locked groups left out): moving its check time to now, with `skip locked`, so any number of
 * instances sync each group once a day, and a restart finds the schedule in the database. Picked
 * once, in a `materialized` CTE (why: `claimRefreshBatch` in the tracker's store).
 */
export async function claimDailySync(db: Database, now: Date, everyMs: number) {
	const rows = await queryRows<{ id: number; clan_name: string }>(
		db,
		sql`
		with due as materialized (
			select id from groups
			where clan_name is not null and not locked and roster_checked_at <= ${new Date(now.getTime() - everyMs)}
			order by roster_checked_at
			limit 1
			for update skip locked
		)
		update groups as g set roster_checked_at = ${now}
		from due
		where g.id = due.id
		returning g.id, g.clan_name`,
	)
	const row = rows[0]
	return row ? { id: row.id, clanName: row.clan_name } : undefined
}

/**
 * Claims the group member whose profile is most overdue for a fetch (in any group: a player in two
 * groups is one fetch), pushing their next check `retryMs` ahead (`scheduleMemberCheck` sets the real
 * one after the fetch). `skip locked` keeps two instances' claims apart; picked once, in a
 * `materialized` CTE (why: `claimRefreshBatch` in the tracker's store).
 */
export async function claimMemberCheck(db: Database, now: Date, retryMs: number) {
	const rows = await queryRows<{ player_key: string; name: string }>(
		db,
		sql`
		with due as materialized (
			select player_key from group_members
			where next_check_at <= ${now}
			order by next_check_at
			limit 1
			for update skip locked
		)
		update group_members as m set next_check_at = ${new Date(now.getTime() + retryMs)}
		from due
		where m.player_key = due.player_key
		returning m.player_key, m.name`,
	)
	const row = rows[0]
	return row ? { key: row.player_key, name: row.name } : undefined
}

/** When the member's profile is next due, in every group they are in. */
export async function scheduleMemberCheck(db: Database, key: string, at: Date): Promise<void> {
	await db.update(groupMembers).set({ nextCheckAt: at }).where(eq(groupMembers.playerKey, key))
}

/**
 * What a member's next check depends on besides their log (`memberCheckInterval`), in one query:
 * the citadel resets of their groups that have one, and their newest citadel-cap entry (one probe
 * of the kinds' index; none looked for when no group has a reset).
 */
export async function readMemberCapState(db: Database, key: string, playerId: number) {
	const newestCap = db
		.select({ at: max(logEntryKinds.occurredAt) })
		.from(logEntryKinds)
		.where(and(eq(logEntryKinds.playerId, playerId), eq(logEntryKinds.kind, 'citadel-cap')))
	const rows = await db
		.select({
			weekday: groups.citadelResetWeekday,
			minute: groups.citadelResetMinute,
			lastCap: sql`(${newestCap})`.mapWith(logEntryKinds.occurredAt),
		})
		.from(groupMembers)
		.innerJoin(groups, eq(groups.id, groupMembers.groupId))
		.where(and(eq(groupMembers.playerKey, key), isNotNull(groups.citadelResetWeekday)))
	return {
		resets: rows.map((row) => resetOf(row.weekday, row.minute)).filter((reset) => reset !== null),
		lastCap: (rows[0]?.lastCap as Date | null | undefined) ?? null,
	}
}

/**
 * The group's members' (or only those of `keys`) log coverage (`#app/tracker/log-coverage.ts`), by
 * player key; members never seen public are absent.
 */
export async function listGroupCoverage(db: Database, groupId: number, keys?: readonly string[]) {
	const player = memberPlayer(db)
	const rows = await db
		.select({ key: groupMembers.playerKey, from: logCoverageSpans.fromAt, to: logCoverageSpans.toAt })
		.from(groupMembers)
		.innerJoinLateral(player, sql`true`)
		.innerJoin(logCoverageSpans, eq(logCoverageSpans.playerId, player.id))
		.where(membersOf(groupId, keys))
		.orderBy(asc(logCoverageSpans.fromAt))
	const byKey = new Map<string, LogSpan[]>()
	for (const { key, from, to } of rows) byKey.set(key, [...(byKey.get(key) ?? []), { from, to }])
	return byKey
}

const MAX_XP = 200_000_000

/** The group's feed, newest first: roster events and its current members' notable log entries, `limit` at most. */
export async function listGroupActivity(db: Database, groupId: number, limit: number): Promise<ActivityItem[]> {
	const roster = await listRosterEvents(db, groupId, limit)
	const player = memberPlayer(db)
	const log = await db
		.select({
			at: logEntryKinds.occurredAt,
			kind: logEntryKinds.kind,
			key: groupMembers.playerKey,
			name: groupMembers.name,
			text: logEntryKinds.text,
			skill: logEntryKinds.skill,
			subject: logEntryKinds.subject,
			amount: logEntryKinds.amount,
		})
		.from(groupMembers)
		.innerJoinLateral(player, sql`true`)
		.innerJoin(logEntryKinds, eq(logEntryKinds.playerId, player.id))
		.where(
			and(
				eq(groupMembers.groupId, groupId),
				inArray(logEntryKinds.kind, [...FEED_LOG_KINDS]),
				or(
					inArray(logEntryKinds.kind, ['quest', 'drop', 'boss-kill']),
					and(eq(logEntryKinds.kind, 'level'), inArray(logEntryKinds.amount, [99, 120])),
					and(eq(logEntryKinds.kind, 'xp-milestone'), gte(logEntryKinds.amount, MAX_XP)),
				),
			),
		)
		.orderBy(desc(logEntryKinds.occurredAt), asc(groupMembers.playerKey), asc(logEntryKinds.text))
		.limit(limit)
	const items: ActivityItem[] = [
		...roster.map((event) => ({
			at: event.at,
			kind: event.type,
			player: { key: event.playerKey, name: event.playerName },
			previousName: event.previousName,
			fromRank: event.fromRank,
			toRank: event.toRank,
		})),
		...log.map((entry) => ({
			at: entry.at,
			kind: entry.kind as (typeof FEED_LOG_KINDS)[number],
			player: { key: entry.key, name: entry.name },
			text: entry.text,
			skill: entry.skill === null ? null : (SKILLS[entry.skill]?.name ?? null),
			subject: entry.subject,
			amount: entry.amount,
		})),
	]
	// Stable: at one time, roster events first, then the log in its order.
	return items.toSorted((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit)
}

/**
 * The player's log by kind: the `recent` newest classified entries, and over all of them the
 * entries per kind, the kills per boss and finds per item (a kill line may count several).
 * Classifies what is not yet.
 */
export async function readPlayerLog(db: Database, playerId: number, recent: number): Promise<PlayerLog> {
	await classifyPlayerLog(db, playerId)
	const entries = await listLogKinds(db, playerId, undefined, recent)
	const kinds = await db
		.select({ kind: logEntryKinds.kind, count: sql<number>`count(*)::int` })
		.from(logEntryKinds)
		.where(eq(logEntryKinds.playerId, playerId))
		.groupBy(logEntryKinds.kind)
	const tallies = await db
		.select({
			kind: logEntryKinds.kind,
			subject: logEntryKinds.subject,
			count: sql<number>`sum(case when ${logEntryKinds.kind} = 'boss-kill' then coalesce(${logEntryKinds.amount}, 1) else 1 end)::int`,
		})
		.from(logEntryKinds)
		.where(and(eq(logEntryKinds.playerId, playerId), inArray(logEntryKinds.kind, ['boss-kill', 'drop'])))
		.groupBy(logEntryKinds.kind, logEntryKinds.subject)
	const tally = (kind: 'boss-kill' | 'drop') =>
		tallies
			.filter((row) => row.kind === kind && row.subject !== null)
			.map((row) => ({ subject: row.subject!, count: row.count }))
			.toSorted((a, b) => b.count - a.count || a.subject.localeCompare(b.subject))
	return {
		entries,
		counts: Object.fromEntries(kinds.map((row) => [row.kind, row.count])),
		bossKills: tally('boss-kill'),
		drops: tally('drop'),
	}
}

/** What checking a verification code needs: the hash, the lock, the clan; null when there is no such group. */
export async function readGroupGuard(db: Database, id: number) {
	const [row] = await db
		.select({ codeHash: groups.codeHash, locked: groups.locked, clanName: groups.clanName })
		.from(groups)
		.where(eq(groups.id, id))
	return row ?? null
}

/** Renames the group or changes its citadel reset (null: none); false when there is no such group. */
export async function updateGroup(
	db: Database,
	id: number,
	changes: { name?: string; citadelReset?: CitadelReset | null },
): Promise<boolean> {
	const set = {
		...(changes.name === undefined ? {} : { name: changes.name }),
		...(changes.citadelReset === undefined ? {} : resetColumns(changes.citadelReset)),
	}
	if (Object.keys(set).length === 0) return (await readGroupGuard(db, id)) !== null
	const updated = await db.update(groups).set(set).where(eq(groups.id, id)).returning({ id: groups.id })
	return updated.length > 0
}

/**
 * Adds and removes members of a group of names (removals first; a name already in is kept as it
 * was), within the caller's transaction. Refused, changing nothing the caller commits, when the
 * group would hold more than `max` members or none: then answers the count it would have had.
 */
export async function editMembers(
	tx: Database,
	groupId: number,
	changes: { add: readonly PlayerName[]; remove: readonly PlayerName[] },
	max: number,
	at: Date,
): Promise<{ ok: true; members: number } | { ok: false; members: number }> {
	const removeKeys = changes.remove.map((m) => m.key)
	if (removeKeys.length > 0) {
		await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.playerKey, removeKeys)))
	}
	if (changes.add.length > 0) {
		await tx
			.insert(groupMembers)
			.values(changes.add.map((m) => ({ groupId, playerKey: m.key, name: m.name, rank: null, totalXp: null, since: at })))
			.onConflictDoNothing()
	}
	const [count] = await tx
		.select({ members: sql<number>`count(*)::int` })
		.from(groupMembers)
		.where(eq(groupMembers.groupId, groupId))
	const members = count?.members ?? 0
	return { ok: members >= 1 && members <= max, members }
}

/** Locks or unlocks a group (the author dashboard); false when there is no such group. */
export async function setGroupLocked(db: Database, id: number, locked: boolean): Promise<boolean> {
	const updated = await db.update(groups).set({ locked }).where(eq(groups.id, id)).returning({ id: groups.id })
	return updated.length > 0
}

export async function deleteGroup(db: Database, id: number): Promise<boolean> {
	const deleted = await db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id })
	return deleted.length > 0
}

/** A player's opt-out: out of every group, and out of every group's roster events. */
export async function removePlayerFromGroups(db: Database, key: string): Promise<number> {
	return db.transaction(async (tx) => {
		await tx.delete(groupRosterEvents).where(or(eq(groupRosterEvents.playerKey, key), eq(groupRosterEvents.previousKey, key)))
		const removed = await tx.delete(groupMembers).where(eq(groupMembers.playerKey, key)).returning({ groupId: groupMembers.groupId })
		return removed.length
	})
}

/** Classifies the player's log entries not classified yet (`classifyLogEntry`); answers how many. */
export async function classifyPlayerLog(db: Database, playerId: number): Promise<number> {
	const pending = await db
		.select({
			occurredAt: activities.occurredAt,
			text: activities.text,
			details: activities.details,
		})
		.from(activities)
		.leftJoin(
			logEntryKinds,
			and(
				eq(logEntryKinds.playerId, activities.playerId),
				eq(logEntryKinds.occurredAt, activities.occurredAt),
				eq(logEntryKinds.text, activities.text),
			),
		)
		.where(and(eq(activities.playerId, playerId), isNull(logEntryKinds.kind)))
	if (pending.length === 0) return 0
	await db
		.insert(logEntryKinds)
		.values(
			pending.map((entry) => ({
				playerId,
				occurredAt: entry.occurredAt,
				text: entry.text,
				...kindColumns(classifyLogEntry(entry)),
			})),
		)
		.onConflictDoNothing()
	return pending.length
}

/** The player's classified log, newest first, of one kind or all; `limit` entries at most. */
export async function listLogKinds(db: Database, playerId: number, kind?: LogEntryKind['kind'], limit = 1000) {
	return db
		.select({
			occurredAt: logEntryKinds.occurredAt,
			text: logEntryKinds.text,
			kind: logEntryKinds.kind,
			skill: logEntryKinds.skill,
			subject: logEntryKinds.subject,
			amount: logEntryKinds.amount,
		})
		.from(logEntryKinds)
		.where(and(eq(logEntryKinds.playerId, playerId), kind ? eq(logEntryKinds.kind, kind) : undefined))
		.orderBy(desc(logEntryKinds.occurredAt), asc(logEntryKinds.text))
		.limit(limit)
}

function kindColumns(entry: LogEntryKind) {
	const none = { skill: null, subject: null, amount: null }
	switch (entry.kind) {
		case 'level':
			return { ...none, kind: entry.kind, skill: getSkill(entry.skill)!.id, amount: entry.level }
		case 'xp-milestone':
			return { ...none, kind: entry.kind, skill: getSkill(entry.skill)!.id, amount: entry.xp }
		case 'quest':
			return { ...none, kind: entry.kind, subject: entry.quest }
		case 'boss-kill':
			return { ...none, kind: entry.kind, subject: entry.boss, amount: entry.count }
		case 'drop':
			return { ...none, kind: entry.kind, subject: entry.item }
		case 'clue':
			return { ...none, kind: entry.kind, subject: entry.tier }
		case 'clan-fealty':
			return { ...none, kind: entry.kind, amount: entry.fealty }
		default:
			return { ...none, kind: entry.kind }
	}
}

function resetColumns(reset: CitadelReset | null) {
	if (!reset) return { citadelResetWeekday: null, citadelResetMinute: null }
	const [hours, minutes] = reset.time.split(':').map(Number) as [number, number]
	return {
		citadelResetWeekday: WEEKDAYS.indexOf(reset.weekday),
		citadelResetMinute: hours * 60 + minutes,
	}
}

function resetOf(weekday: number | null, minute: number | null): CitadelReset | null {
	return weekday === null || minute === null ? null : citadelResetAt(weekday, minute)
}

/**
 * Every member's snapshots at the ends of `range`, in one query (index probes on the players' key
 * and the snapshots' primary key, two or three a member): the last at or before `from`, the first
 * inside the range (the start when tracking began inside it: looked for only when there is no
 * earlier one), and the last at or before `to` (the end). Members the tracker has never fetched
 * come back with no snapshot.
 */
export async function listMemberGainEnds(db: Database, groupId: number, range: { from: Date; to: Date }) {
	const player = memberPlayer(db)
	const end = (name: string, where: SQL, newest: boolean) =>
		db
			.select({ takenAt: snapshots.takenAt, source: snapshots.source, skills: snapshots.skills })
			.from(snapshots)
			.where(and(eq(snapshots.playerId, player.id), where))
			.orderBy(newest ? desc(snapshots.takenAt) : asc(snapshots.takenAt))
			.limit(1)
			.as(name)
	const before = end('gains_before', lte(snapshots.takenAt, range.from), true)
	const inside = end(
		'gains_inside',
		and(isNull(before.takenAt), gte(snapshots.takenAt, range.from), lte(snapshots.takenAt, range.to))!,
		false,
	)
	const last = end('gains_last', lte(snapshots.takenAt, range.to), true)
	const rows = await db
		.select({
			key: groupMembers.playerKey,
			name: groupMembers.name,
			before: { takenAt: before.takenAt, source: before.source, skills: before.skills },
			inside: { takenAt: inside.takenAt, source: inside.source, skills: inside.skills },
			last: { takenAt: last.takenAt, source: last.source, skills: last.skills },
		})
		.from(groupMembers)
		.leftJoinLateral(player, sql`true`)
		.leftJoinLateral(before, sql`true`)
		.leftJoinLateral(inside, sql`true`)
		.leftJoinLateral(last, sql`true`)
		.where(eq(groupMembers.groupId, groupId))
	const decode = (row: { takenAt: Date | null; source: number | null; skills: Uint8Array | null } | null): GainsEnd | null =>
		row?.takenAt && row.skills ? { takenAt: row.takenAt, source: row.source ?? 0, xp: unpackSkills(row.skills).map((s) => s.xp) } : null
	return rows.map((row) => ({ key: row.key, name: row.name, start: decode(row.before) ?? decode(row.inside), end: decode(row.last) }))
}
