/**
 * Groups as the API and pages use them: creating one from a clan's member list or from a list of
 * names, with a verification code shown once (only its SHA-256 is stored: a random 128-bit code
 * needs no slow hash), and the code-guarded sync, edit and delete. Creation and wrong codes are
 * rate limited per client through the shared state, so every instance counts the same hits.
 */
import type { PlayerName } from '#app/player/username.ts'
import type { Database } from '#app/server/db/database.server.ts'
import type { Limiter } from '#app/server/shared-state/shared-state.server.ts'
import { capsGrid, capWeeks, type CitadelReset } from '#app/groups/citadel-caps.ts'
import type { RenameSuggestion } from '#app/groups/roster-diff.ts'
import { memberGains, sortGains, type GroupGainsQuery } from '#app/groups/group-gains.ts'
import { pageOf, type GroupPages } from '#app/groups/group-page.ts'
import { ACTIVITY_LIMIT, type ActivityItem } from '#app/groups/activity.ts'
import { dayRange, periodRange } from '#app/tracker/gains.ts'
import type { ClanClient } from './clan-client.server.ts'
import { MAX_MEMBERS } from './group-input.server.ts'
import {
	claimDailySync,
	createGroup,
	deleteGroup,
	listGroupActivity,
	editMembers,
	listGroupCaps,
	listGroupCoverage,
	listGroups,
	listMemberGainEnds,
	listMemberTotals,
	readGroup,
	readGroupGuard,
	readPlayerLog,
	setGroupLocked,
	syncRoster,
	updateGroup,
} from './groups-store.server.ts'
import { findPlayer } from '#app/tracker/server/tracker-store.server.ts'
import { codeMatches, newVerificationCode } from '#app/server/verification-code.server.ts'

export type GroupInput = { name: string; citadelReset: CitadelReset | null } & (
	{ clanName: string; members?: undefined } | { clanName?: undefined; members: readonly PlayerName[] }
)

export type GroupChanges = {
	name?: string
	citadelReset?: CitadelReset | null
	addMembers?: readonly PlayerName[]
	removeMembers?: readonly PlayerName[]
}

export type Group = NonNullable<Awaited<ReturnType<typeof readGroup>>>

type FailureReason =
	| 'not-found'
	| 'no-such-clan'
	| 'wrong-code'
	| 'too-many-attempts'
	| 'too-many-groups'
	| 'locked'
	| 'not-a-clan'
	| 'no-citadel-reset'
	| 'clan-roster'
	| 'member-count'

/** A refusal; `parameter` names the field at fault when there is one. */
export type GroupFailure = { ok: false; reason: FailureReason; message: string; retryAfterSeconds?: number; parameter?: string }

type Outcome<T> = ({ ok: true } & T) | GroupFailure

export type GroupsServiceDeps = {
	db: () => Promise<Database>
	/** The clan member list (the one upstream call of groups: see clan-client.server.ts). */
	readClan: ClanClient
	/** Group creations per client; wrong verification codes per client. */
	limits: { creation: Limiter; wrongCode: Limiter }
	now: () => number
	log?: (line: string) => void
	/** A sync's suggested renames (a member lost, one gained whose XP fits), to be checked as name changes. */
	onRenames?: (renames: RenameSuggestion[]) => void
}

const fail = (reason: FailureReason, message: string, retryAfterSeconds?: number): GroupFailure => ({
	ok: false,
	reason,
	message,
	...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
})

const NOT_FOUND = 'No such group.'
const DAY = 86_400_000

/** Each player once, as first spelt. */
const unique = (names: readonly PlayerName[]) => [...new Map(names.toReversed().map((m) => [m.key, m])).values()].reverse()

export function createGroupsService(deps: GroupsServiceDeps) {
	const { limits } = deps

	async function readClanMembers(clanName: string) {
		const list = await deps.readClan(clanName)
		if (list.ok) return list
		deps.log?.(`clan member list for ${JSON.stringify(clanName)}: ${list.detail}`)
		return fail('no-such-clan', `${list.message} (clan "${clanName}")`)
	}

	/** Checks the code (wrong ones are counted; too many and no code is even compared). */
	async function guard(id: number, code: string, client: string) {
		const waited = await limits.wrongCode.peek(client)
		if (!waited.allowed) {
			return fail('too-many-attempts', 'Too many wrong verification codes; try again later.', waited.retryAfterSeconds)
		}
		const db = await deps.db()
		const group = await readGroupGuard(db, id)
		if (!group) return fail('not-found', NOT_FOUND)
		if (!codeMatches(code, group.codeHash)) {
			await limits.wrongCode.hit(client)
			return fail('wrong-code', "That is not this group's verification code.")
		}
		if (group.locked) return fail('locked', "This group is locked by the site's authors: it cannot be changed.")
		return { ok: true as const, db, group }
	}

	/** The members' gains (`gains`), not checking that the group exists. */
	async function gainsOf(db: Database, id: number, { sort, ...query }: GroupGainsQuery) {
		const range = 'period' in query ? periodRange(query.period, new Date(deps.now())) : dayRange(query.from, query.to)
		const members = (await listMemberGainEnds(db, id, range)).map(memberGains)
		return {
			period: 'period' in query ? query.period : ('range' as const),
			from: range.from.toISOString(),
			to: range.to.toISOString(),
			sort,
			members: sortGains(members, sort),
		}
	}

	/** The caps grid (`caps`) of `members` (all the group's, or a page of them), reading only their caps and coverage. */
	async function capsOf(db: Database, group: Group, count: number, members: Group['members']) {
		if (!group.citadelReset)
			return fail('no-citadel-reset', 'This group has no citadel reset set: set one (PATCH with the code) to see its caps.')
		const weeks = capWeeks(group.citadelReset, new Date(deps.now()), count)
		const keys = members.length === group.members.length ? undefined : members.map((m) => m.key)
		const [caps, coverage] = await Promise.all([listGroupCaps(db, group.id, weeks[0]!.start, keys), listGroupCoverage(db, group.id, keys)])
		const capsByKey = new Map<string, Date[]>()
		for (const { key, at } of caps) capsByKey.set(key, [...(capsByKey.get(key) ?? []), at])
		const rows = capsGrid(
			members.map((m) => ({ key: m.key, caps: capsByKey.get(m.key) ?? [], coverage: coverage.get(m.key) ?? [] })),
			weeks,
		)
		return {
			ok: true as const,
			citadelReset: group.citadelReset,
			weeks,
			members: rows.map((row, i) => ({ name: members[i]!.name, rank: members[i]!.rank, ...row })),
		}
	}

	return {
		async create(input: GroupInput, client: string): Promise<Outcome<{ group: Group; code: string }>> {
			const allowed = await limits.creation.hit(client)
			if (!allowed.allowed) {
				return fail('too-many-groups', 'Too many groups created from here; try again later.', allowed.retryAfterSeconds)
			}
			let members
			if (input.clanName !== undefined) {
				const list = await readClanMembers(input.clanName)
				if (!list.ok) return list
				members = list.members.map(({ key, name, rank, totalXp }) => ({ key, name, rank, totalXp }))
			} else {
				members = unique(input.members).map(({ key, name }) => ({ key, name, rank: null, totalXp: null }))
			}
			const { code, hash } = newVerificationCode()
			const db = await deps.db()
			const id = await createGroup(
				db,
				{ name: input.name, clanName: input.clanName ?? null, codeHash: hash, citadelReset: input.citadelReset, members },
				new Date(deps.now()),
			)
			const group = await readGroup(db, id)
			return { ok: true, group: group!, code }
		},

		/** The group just created, when `code` is its code (the creation page shows it this once). */
		async created(id: number, code: string, client: string): Promise<Outcome<{ group: Group }>> {
			const checked = await guard(id, code, client)
			if (!checked.ok) return checked
			const group = await readGroup(checked.db, id)
			return group ? { ok: true, group } : fail('not-found', NOT_FOUND)
		},

		async list(search: string) {
			return listGroups(await deps.db(), search)
		},

		async read(id: number): Promise<Outcome<{ group: Group }>> {
			const group = await readGroup(await deps.db(), id)
			return group ? { ok: true, group } : fail('not-found', NOT_FOUND)
		},

		/**
		 * The members' gains over a period ending now or a range of days (as a player's gains:
		 * `periodRange`, `dayRange`), most XP in `sort` first; one query whatever the group's size.
		 */
		async gains(id: number, query: GroupGainsQuery) {
			const db = await deps.db()
			const gains = await gainsOf(db, id, query)
			// Every group has a member: only an empty answer needs a second look.
			if (gains.members.length === 0 && !(await readGroupGuard(db, id))) return fail('not-found', NOT_FOUND)
			return { ok: true as const, ...gains }
		},

		/**
		 * The caps grid over the last `count` weeks, newest last: a week without a cap entry is "not
		 * capped" only where the tracker saw the member's log without a gap (`listGroupCoverage`).
		 */
		async caps(id: number, count: number) {
			const db = await deps.db()
			const group = await readGroup(db, id)
			if (!group) return fail('not-found', NOT_FOUND)
			return capsOf(db, group, count, group.members)
		},

		/**
		 * Everything the group page shows, the group read once: one page of its members (highest rank
		 * first) with their total level and XP from the tracker (the member list's XP until then) and
		 * their caps over the last 8 weeks; one page of the gains, sorted over all the members; the feed.
		 */
		async page(id: number, query: GroupGainsQuery, pages: GroupPages) {
			const db = await deps.db()
			const group = await readGroup(db, id)
			if (!group) return fail('not-found', NOT_FOUND)
			const members = pageOf(group.members, pages.page)
			const keys = members.rows.map((m) => m.key)
			const [totals, gains, caps, activity] = await Promise.all([
				listMemberTotals(db, id, keys),
				gainsOf(db, id, query),
				capsOf(db, group, 8, members.rows),
				listGroupActivity(db, id, ACTIVITY_LIMIT.default),
			])
			const { members: _, ...about } = group
			return {
				ok: true as const,
				group: about,
				members: {
					...members,
					rows: members.rows.map((m) => ({
						...m,
						totalLevel: totals.get(m.key)?.totalLevel ?? null,
						totalXp: totals.get(m.key)?.totalXp ?? m.totalXp,
					})),
				},
				gains: { ...gains, members: pageOf(gains.members, pages.gainsPage) },
				caps: caps.ok ? caps : null,
				activity,
			}
		},

		/** A tracked player's log by kind (`readPlayerLog`), the newest `recent` entries; null when not tracked. */
		async playerLog(key: string, recent = 200) {
			const db = await deps.db()
			const player = await findPlayer(db, key)
			return player ? readPlayerLog(db, player.id, recent) : null
		},

		/** The group's feed, newest first (`listGroupActivity`). */
		async activity(id: number, limit: number): Promise<Outcome<{ items: ActivityItem[] }>> {
			const db = await deps.db()
			if (!(await readGroupGuard(db, id))) return fail('not-found', NOT_FOUND)
			return { ok: true, items: await listGroupActivity(db, id, limit) }
		},

		/**
		 * The daily sync: the clan group most overdue (none synced within a day) reads its member list
		 * again. False when none is due. A member list that cannot be read is logged and tried a day later.
		 */
		async syncNextDue(): Promise<boolean> {
			const db = await deps.db()
			const due = await claimDailySync(db, new Date(deps.now()), DAY)
			if (!due) return false
			const list = await readClanMembers(due.clanName)
			const diff = list.ok ? await syncRoster(db, due.id, list.members, new Date(deps.now())) : null
			// A member lost and one gained whose XP fits: checked as a name change, as after a sync on demand.
			if (diff && diff.renames.length > 0) deps.onRenames?.(diff.renames)
			return true
		},

		/** Reads the clan's member list again and records what changed. */
		async sync(id: number, code: string, client: string) {
			const checked = await guard(id, code, client)
			if (!checked.ok) return checked
			const { clanName } = checked.group
			if (clanName === null) return fail('not-a-clan', 'This group is a list of names, not a clan: there is no member list to sync.')
			const list = await readClanMembers(clanName)
			if (!list.ok) return list
			const diff = await syncRoster(checked.db, id, list.members, new Date(deps.now()))
			const group = await readGroup(checked.db, id)
			if (!diff || !group) return fail('not-found', NOT_FOUND)
			if (diff.renames.length > 0) deps.onRenames?.(diff.renames)
			return { ok: true as const, group, events: diff.events, renames: diff.renames }
		},

		/** Renames, resets, and adds or removes a group of names' members (at most 500, at least one), all or nothing. */
		async update(id: number, code: string, client: string, changes: GroupChanges): Promise<Outcome<{ group: Group }>> {
			const checked = await guard(id, code, client)
			if (!checked.ok) return checked
			const { addMembers = [], removeMembers = [], ...settings } = changes
			const field = addMembers.length > 0 ? 'addMembers' : 'removeMembers'
			const editsMembers = addMembers.length + removeMembers.length > 0
			if (editsMembers && checked.group.clanName !== null) {
				return {
					...fail(
						'clan-roster',
						`This group is the clan "${checked.group.clanName}": its members come from the clan's member list (sync it), not from ${field}.`,
					),
					parameter: field,
				}
			}
			let refusal: GroupFailure | undefined
			try {
				await checked.db.transaction(async (tx) => {
					if (editsMembers) {
						const edited = await editMembers(tx, id, { add: unique(addMembers), remove: removeMembers }, MAX_MEMBERS, new Date(deps.now()))
						if (!edited.ok) {
							const message =
								edited.members > MAX_MEMBERS
									? `The group would have ${edited.members} members: it takes at most ${MAX_MEMBERS}.`
									: 'The group would have no member left: it keeps at least one (delete the group instead).'
							refusal = { ...fail('member-count', message), parameter: edited.members > MAX_MEMBERS ? 'addMembers' : 'removeMembers' }
							tx.rollback()
						}
					}
					await updateGroup(tx, id, settings)
				})
			} catch (error) {
				if (!refusal) throw error
			}
			if (refusal) return refusal
			const group = await readGroup(checked.db, id)
			return group ? { ok: true, group } : fail('not-found', NOT_FOUND)
		},

		/** The author dashboard's lock (no edit, sync or delete with the code) or unlock, without a code: call after its session check. */
		async setLockedByAuthor(id: number, locked: boolean): Promise<Outcome<object>> {
			return (await setGroupLocked(await deps.db(), id, locked)) ? { ok: true } : fail('not-found', NOT_FOUND)
		},

		/** The author dashboard's delete, without a code, locked or not: call after its session check. */
		async removeByAuthor(id: number): Promise<Outcome<object>> {
			return (await deleteGroup(await deps.db(), id)) ? { ok: true } : fail('not-found', NOT_FOUND)
		},

		async remove(id: number, code: string, client: string): Promise<Outcome<object>> {
			const checked = await guard(id, code, client)
			if (!checked.ok) return checked
			return (await deleteGroup(checked.db, id)) ? { ok: true } : fail('not-found', NOT_FOUND)
		},
	}
}

export type GroupsService = ReturnType<typeof createGroupsService>
