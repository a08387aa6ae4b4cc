// One behaviour suite for groups' storage, run on PGlite (always) and on PostgreSQL (when npm test
// or CI started one): groups-store.pglite.test.ts and groups-store.postgres.test.ts.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { findPlayer, latestSnapshot, recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import type { ClanRank } from '#app/groups/ranks.ts'
import {
	claimDailySync,
	claimMemberCheck,
	classifyPlayerLog,
	createGroup,
	deleteGroup,
	listGroupActivity,
	editMembers,
	listGroupCaps,
	listGroupCoverage,
	listGroups,
	listMemberGainEnds,
	listMemberTotals,
	listLogKinds,
	listRosterEvents,
	readGroup,
	readGroupGuard,
	readMemberCapState,
	readPlayerLog,
	removePlayerFromGroups,
	scheduleMemberCheck,
	setGroupLocked,
	syncRoster,
	updateGroup,
	type NewGroup,
} from './groups-store.server.ts'

const TABLES = [
	'tracker_log_coverage',
	'tracker_snapshots',
	'log_entry_kinds',
	'group_roster_events',
	'group_members',
	'groups',
	'tracker_activities',
	'tracked_players',
]
const at = (iso: string) => new Date(iso)
const member = (name: string, rank: ClanRank, totalXp: number) => ({
	key: name.toLowerCase(),
	name,
	rank,
	totalXp,
})

const firstRoster = [member('Recruit Rae', 'Recruit', 10), member('Zezima Jr', 'Owner', 4_312_087_123), member('Anna', 'General', 500)]
const clan: NewGroup = {
	name: 'Some Clan',
	clanName: 'Some Clan',
	codeHash: 'hash',
	citadelReset: { weekday: 'tuesday', time: '23:30' },
	members: firstRoster,
}

export function describeGroupsStoreContract(engine: string, openEmpty: () => Promise<DatabaseHandle>) {
	describe(`groups storage on ${engine}`, () => {
		let handle: DatabaseHandle
		beforeAll(async () => {
			handle = await openEmpty()
			await handle.migrate()
		}, 240_000)
		afterAll(async () => {
			await handle?.close()
		})
		beforeEach(async () => {
			await handle.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`))
		})
		const db = () => handle.db

		test('a group is stored with its reset and members (highest rank first), without its code hash', async () => {
			const id = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			const group = await readGroup(db(), id)
			expect(group).toMatchObject({
				id,
				name: 'Some Clan',
				clanName: 'Some Clan',
				citadelReset: { weekday: 'tuesday', time: '23:30' },
				locked: false,
			})
			expect(group).not.toHaveProperty('codeHash')
			expect(group?.members.map((m) => [m.name, m.rank, m.totalXp])).toEqual([
				['Zezima Jr', 'Owner', 4_312_087_123],
				['Anna', 'General', 500],
				['Recruit Rae', 'Recruit', 10],
			])
			const names = await createGroup(
				db(),
				{
					...clan,
					clanName: null,
					citadelReset: null,
					members: [{ key: 'bob', name: 'Bob', rank: null, totalXp: null }],
				},
				at('2026-11-20T10:00:00Z'),
			)
			expect(await readGroup(db(), names)).toMatchObject({
				clanName: null,
				citadelReset: null,
				members: [{ key: 'bob', rank: null, totalXp: null }],
			})
			expect(await readGroup(db(), 999)).toBeNull()
		})

		test('the database refuses a half-set reset, an unknown rank or a member twice', async () => {
			await expect(
				db().execute(
					sql`insert into groups (name, code_hash, citadel_reset_weekday, created_at, roster_at) values ('x', 'h', 1, now(), now())`,
				),
			).rejects.toThrow()
			await expect(
				db().execute(
					sql`insert into groups (name, code_hash, citadel_reset_weekday, citadel_reset_minute, created_at, roster_at) values ('x', 'h', 7, 0, now(), now())`,
				),
			).rejects.toThrow()
			const id = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			await expect(
				db().execute(sql`insert into group_members (group_id, player_key, name, rank, since) values (${id}, 'new', 'New', 'Chief', now())`),
			).rejects.toThrow()
			await expect(
				db().execute(sql`insert into group_members (group_id, player_key, name, since) values (${id}, 'anna', 'Anna', now())`),
			).rejects.toThrow()
		})

		test('a roster sync stores the new roster and its events, dated; a second or older reading changes nothing', async () => {
			const id = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			const next = [member('Zezima Jr', 'Owner', 4_312_100_000), member('Anna', 'Captain', 600), member('New Nick', 'Recruit', 20)]
			const diff = await syncRoster(db(), id, next, at('2026-11-21T10:00:00Z'))
			expect(diff?.renames).toEqual([
				{
					from: { key: 'recruit rae', name: 'Recruit Rae' },
					to: { key: 'new nick', name: 'New Nick' },
				},
			])
			const events = await listRosterEvents(db(), id)
			expect(events.map((e) => [e.type, e.playerName, e.fromRank, e.toRank, e.at.toISOString()])).toEqual([
				['rank-changed', 'Anna', 'General', 'Captain', '2026-11-21T10:00:00.000Z'],
				['joined', 'New Nick', null, 'Recruit', '2026-11-21T10:00:00.000Z'],
				['left', 'Recruit Rae', 'Recruit', null, '2026-11-21T10:00:00.000Z'],
			])
			const group = await readGroup(db(), id)
			expect(group?.members.map((m) => [m.name, m.rank, m.totalXp, m.since.toISOString()])).toEqual([
				['Zezima Jr', 'Owner', 4_312_100_000, '2026-11-20T10:00:00.000Z'],
				['Anna', 'Captain', 600, '2026-11-20T10:00:00.000Z'],
				['New Nick', 'Recruit', 20, '2026-11-21T10:00:00.000Z'],
			])
			expect(group?.rosterAt).toEqual(at('2026-11-21T10:00:00Z'))
			// Two instances syncing at once: they take turns, the second finds nothing new.
			const [a, b] = await Promise.all([
				syncRoster(db(), id, next, at('2026-11-22T10:00:00Z')),
				syncRoster(db(), id, next, at('2026-11-22T10:00:00Z')),
			])
			expect([a?.events, b?.events]).toEqual([[], []])
			expect(await syncRoster(db(), id, firstRoster, at('2026-11-19T00:00:00Z'))).toEqual({
				events: [],
				renames: [],
			})
			expect(await listRosterEvents(db(), id)).toHaveLength(3)
			expect(await syncRoster(db(), 999, next, at('2026-11-23T10:00:00Z'))).toBeNull()
		})

		test('the code guard reads hash, lock and clan; an update renames or resets, and says when there is no group', async () => {
			const id = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			expect(await readGroupGuard(db(), id)).toEqual({ codeHash: 'hash', locked: false, clanName: 'Some Clan' })
			expect(await readGroupGuard(db(), 999)).toBeNull()
			expect(await updateGroup(db(), id, { name: 'Renamed' })).toBe(true)
			expect(await readGroup(db(), id)).toMatchObject({ name: 'Renamed', citadelReset: { weekday: 'tuesday', time: '23:30' } })
			expect(await updateGroup(db(), id, { citadelReset: { weekday: 'sunday', time: '00:05' } })).toBe(true)
			expect(await readGroup(db(), id)).toMatchObject({ name: 'Renamed', citadelReset: { weekday: 'sunday', time: '00:05' } })
			expect(await updateGroup(db(), id, { citadelReset: null })).toBe(true)
			expect(await readGroup(db(), id)).toMatchObject({ citadelReset: null })
			expect(await updateGroup(db(), id, {})).toBe(true)
			expect(await updateGroup(db(), 999, { name: 'x' })).toBe(false)
			expect(await updateGroup(db(), 999, {})).toBe(false)
		})

		test('groups are listed newest first with their member counts, searched by name or clan', async () => {
			const first = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			const second = await createGroup(db(), { ...clan, name: 'Friends 100%', clanName: null, members: [] }, at('2026-11-21T10:00:00Z'))
			expect(await listGroups(db())).toEqual([
				{ id: second, name: 'Friends 100%', clanName: null, createdAt: at('2026-11-21T10:00:00Z'), locked: false, members: 0 },
				{ id: first, name: 'Some Clan', clanName: 'Some Clan', createdAt: at('2026-11-20T10:00:00Z'), locked: false, members: 3 },
			])
			expect((await listGroups(db(), 'some CLAN')).map((g) => g.id)).toEqual([first])
			expect((await listGroups(db(), '100%')).map((g) => g.id)).toEqual([second])
			expect((await listGroups(db(), '%')).map((g) => g.id)).toEqual([second])
			expect(await listGroups(db(), 'nothing')).toEqual([])
		})

		test('deleting a group takes its members and events; an opt-out takes the player out of every group', async () => {
			const first = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			const second = await createGroup(db(), { ...clan, name: 'Other' }, at('2026-11-20T10:00:00Z'))
			await syncRoster(db(), first, [member('Zezima Jr', 'Owner', 1), member('Anna', 'Admin', 1)], at('2026-11-21T10:00:00Z'))
			expect(await removePlayerFromGroups(db(), 'anna')).toBe(2)
			expect((await readGroup(db(), first))?.members.map((m) => m.key)).toEqual(['zezima jr'])
			expect((await readGroup(db(), second))?.members.map((m) => m.key)).toEqual(['zezima jr', 'recruit rae'])
			expect((await listRosterEvents(db(), first)).map((e) => e.playerKey)).toEqual(['recruit rae'])
			expect(await deleteGroup(db(), first)).toBe(true)
			expect(await deleteGroup(db(), first)).toBe(false)
			expect(await readGroup(db(), first)).toBeNull()
			const left = await db().execute(sql`select count(*)::int as n from group_members where group_id = ${first}`)
			expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0)
		})

		test('the log is classified once per entry, newest first, by kind; the kinds go with the player', async () => {
			const log = [
				{
					date: '2026-11-26T19:42:00.000Z',
					text: 'Capped at my Clan Citadel.',
					details: 'I have capped at my Clan Citadel this week.',
				},
				{ date: '2026-11-25T22:17:00.000Z', text: 'I killed 12 Amascuts.', details: '' },
				{
					date: '2026-11-24T17:02:00.000Z',
					text: 'Levelled up Cooking.',
					details: 'I levelled my  Cooking skill, I am now level 90.',
				},
			]
			const fetch = (when: string, activities: typeof log) => ({
				key: 'zezima',
				name: 'Zezima',
				fetchedAt: at(when),
				snapshot: testSnapshot(when, 1000),
				quests: null,
				activities,
			})
			await recordFetch(db(), fetch('2026-11-26T20:00:00Z', log))
			const { id } = (await findPlayer(db(), 'zezima'))!
			expect(await classifyPlayerLog(db(), id)).toBe(3)
			expect(await classifyPlayerLog(db(), id)).toBe(0)
			await recordFetch(
				db(),
				fetch('2026-11-27T20:00:00Z', [{ date: '2026-11-27T08:00:00.000Z', text: 'I found some Dragon bones.', details: '' }, ...log]),
			)
			expect(await classifyPlayerLog(db(), id)).toBe(1)
			expect((await listLogKinds(db(), id)).map((e) => [e.kind, e.skill, e.subject, e.amount])).toEqual([
				['drop', null, 'Dragon bones', null],
				['citadel-cap', null, null, null],
				['boss-kill', null, 'Amascuts', 12],
				['level', 7, null, 90],
			])
			expect((await listLogKinds(db(), id, 'citadel-cap')).map((e) => e.occurredAt)).toEqual([at('2026-11-26T19:42:00Z')])
			const group = await createGroup(
				db(),
				{ ...clan, members: [{ key: 'zezima', name: 'Zezima', rank: 'Owner', totalXp: 1 }, ...firstRoster] },
				at('2026-11-20T10:00:00Z'),
			)
			expect(await listGroupCaps(db(), group, at('2026-11-20T00:00:00Z'))).toEqual([{ key: 'zezima', at: at('2026-11-26T19:42:00Z') }])
			expect(await listGroupCaps(db(), group, at('2026-11-27T00:00:00Z'))).toEqual([])
			const latest = (await latestSnapshot(db(), (await findPlayer(db(), 'zezima'))!))!
			const totals = await listMemberTotals(db(), group)
			expect([...totals.keys()]).toEqual(['zezima'])
			expect(totals.get('zezima')).toEqual({ totalLevel: latest.totalLevel, totalXp: latest.totalXp })
			expect(latest.totalLevel).toBeGreaterThan(29)
			await db().execute(sql`delete from tracked_players where id = ${id}`)
			expect(await listLogKinds(db(), id)).toEqual([])
		})

		test('a page of members: their totals (the latest snapshot), caps and coverage only; a group whose members all left reads empty', async () => {
			const group = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			const cap = [{ date: '2026-11-24T19:00:00.000Z', text: 'Capped at my Clan Citadel.', details: '' }]
			for (const [key, when, xp] of [
				['anna', '2026-11-21T10:00:00Z', 100],
				['anna', '2026-11-25T10:00:00Z', 300],
				['recruit rae', '2026-11-25T10:00:00Z', 50],
			] as const) {
				await recordFetch(db(), { key, name: key, fetchedAt: at(when), snapshot: testSnapshot(when, xp), quests: null, activities: cap })
				await classifyPlayerLog(db(), (await findPlayer(db(), key))!.id)
			}
			const totals = await listMemberTotals(db(), group, ['anna', 'zezima jr'])
			expect(totals).toEqual(new Map([['anna', { totalLevel: expect.any(Number), totalXp: 29 * 300 }]]))
			expect([...(await listMemberTotals(db(), group)).keys()].toSorted()).toEqual(['anna', 'recruit rae'])
			expect(await listMemberTotals(db(), group, [])).toEqual(new Map())
			expect((await listGroupCaps(db(), group, at('2026-11-20T00:00:00Z'), ['anna'])).map((c) => c.key)).toEqual(['anna'])
			expect(await listGroupCaps(db(), group, at('2026-11-20T00:00:00Z'))).toHaveLength(2)
			expect([...(await listGroupCoverage(db(), group, ['recruit rae', 'zezima jr'])).keys()]).toEqual(['recruit rae'])
			// A player's opt-out may take a group's last member: the group stays, with nobody in it.
			const alone = await createGroup(db(), { ...clan, name: 'Alone', members: [member('Anna', 'Owner', 1)] }, at('2026-11-20T10:00:00Z'))
			await removePlayerFromGroups(db(), 'anna')
			expect(await readGroup(db(), alone)).toMatchObject({ id: alone, name: 'Alone', members: [] })
		})

		test('the daily sync claims each clan group once a day, most overdue first, never a group of names or a locked one', async () => {
			const first = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			const second = await createGroup(db(), { ...clan, name: 'Other' }, at('2026-11-20T10:00:00Z'))
			await createGroup(db(), { ...clan, clanName: null, members: [] }, at('2026-11-20T10:00:00Z'))
			const locked = await createGroup(db(), { ...clan, name: 'Locked' }, at('2026-11-20T10:00:00Z'))
			await db().execute(sql`update groups set locked = true where id = ${locked}`)
			await db().execute(sql`update groups set roster_checked_at = ${at('2026-11-20T10:00:00Z')}`)
			await db().execute(sql`update groups set roster_checked_at = ${at('2026-11-20T09:00:00Z')} where id = ${second}`)
			const day = 86_400_000
			// Not a day yet.
			expect(await claimDailySync(db(), at('2026-11-21T08:59:00Z'), day)).toBeUndefined()
			const now = at('2026-11-21T10:00:00Z')
			expect(await claimDailySync(db(), now, day)).toEqual({ id: second, clanName: 'Some Clan' })
			expect(await claimDailySync(db(), now, day)).toEqual({ id: first, clanName: 'Some Clan' })
			expect(await claimDailySync(db(), now, day)).toBeUndefined()
			expect(await claimDailySync(db(), at('2026-11-22T10:00:00Z'), day)).toMatchObject({ id: second })
		})

		test("members' checks: the most overdue first, a player in two groups once, each claim pushed ahead until scheduled", async () => {
			const one = await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			await createGroup(db(), { ...clan, members: [member('Anna', 'Owner', 500)] }, at('2026-11-20T10:00:00Z'))
			await db().execute(sql`update group_members set next_check_at = ${at('2026-11-20T10:00:00Z')}`)
			await db().execute(sql`update group_members set next_check_at = ${at('2026-11-20T09:00:00Z')} where player_key = 'anna'`)
			const now = at('2026-11-20T11:00:00Z')
			const retry = 15 * 60_000
			const claimed = [await claimMemberCheck(db(), now, retry), await claimMemberCheck(db(), now, retry)]
			expect(claimed[0]).toEqual({ key: 'anna', name: 'Anna' })
			expect(claimed[1]?.key).not.toBe('anna')
			await claimMemberCheck(db(), now, retry)
			expect(await claimMemberCheck(db(), now, retry)).toBeUndefined()
			// Anna's rows in both groups moved together.
			expect(await claimMemberCheck(db(), at('2026-11-20T11:15:00Z'), retry)).toMatchObject({ key: 'anna' })
			await scheduleMemberCheck(db(), 'anna', at('2026-11-21T11:00:00Z'))
			expect(await claimMemberCheck(db(), at('2026-11-20T12:00:00Z'), retry)).not.toMatchObject({ key: 'anna' })
			// A member who joins later is due at once.
			await syncRoster(db(), one, [...firstRoster, member('New Kid', 'Recruit', 1)], at('2026-11-20T12:00:00Z'))
			const due = []
			for (let claim; (claim = await claimMemberCheck(db(), new Date(), retry));) due.push(claim.key)
			expect(due).toContain('new kid')
		})

		test("a member's next check reads the resets of their groups that have one and their newest cap", async () => {
			const log = [
				{ date: '2026-11-24T19:00:00.000Z', text: 'Capped at my Clan Citadel.', details: '' },
				{ date: '2026-11-17T19:00:00.000Z', text: 'Capped at my Clan Citadel.', details: '' },
				{ date: '2026-11-25T09:00:00.000Z', text: 'Visited my Clan Citadel.', details: '' },
			]
			await recordFetch(db(), {
				key: 'anna',
				name: 'Anna',
				fetchedAt: at('2026-11-25T10:00:00Z'),
				snapshot: testSnapshot('2026-11-25T10:00:00Z', 1),
				quests: null,
				activities: log,
			})
			const anna = (await findPlayer(db(), 'anna'))!.id
			await classifyPlayerLog(db(), anna)
			// In a group without a reset only: nothing to wait for, whatever the log holds.
			await createGroup(db(), { ...clan, citadelReset: null }, at('2026-11-20T10:00:00Z'))
			expect(await readMemberCapState(db(), 'anna', anna)).toEqual({ resets: [], lastCap: null })
			await createGroup(db(), clan, at('2026-11-20T10:00:00Z'))
			await createGroup(db(), { ...clan, citadelReset: { weekday: 'friday', time: '06:05' } }, at('2026-11-20T10:00:00Z'))
			const state = await readMemberCapState(db(), 'anna', anna)
			expect(state.resets.toSorted((a, b) => a.weekday.localeCompare(b.weekday))).toEqual([
				{ weekday: 'friday', time: '06:05' },
				{ weekday: 'tuesday', time: '23:30' },
			])
			expect(state.lastCap).toEqual(at('2026-11-24T19:00:00Z'))
			// Recruit Rae is in the groups, with no log seen (no tracked player 0).
			const rae = await readMemberCapState(db(), 'recruit rae', 0)
			expect([rae.resets.length, rae.lastCap]).toEqual([2, null])
			expect(await readMemberCapState(db(), 'nobody', anna)).toEqual({ resets: [], lastCap: null })
		})

		test('a claim takes one group or one player, also on statistics from when the tables held one row', async () => {
			// Such statistics (a young site) once made the planner run the claim's pick again for every
			// row: one claim marked every due group (or member) checked, and only one was synced.
			const solo = (name: string) => ({ ...clan, name, members: [member(name, 'Owner', 1)] })
			const first = await createGroup(db(), solo('Anna'), at('2026-11-20T10:00:00Z'))
			await db().execute(sql`analyze groups, group_members`)
			const others = [
				await createGroup(db(), solo('Bob'), at('2026-11-20T10:00:00Z')),
				await createGroup(db(), solo('Cat'), at('2026-11-20T10:00:00Z')),
			]
			await db().execute(sql`update groups set roster_checked_at = ${at('2026-11-20T10:00:00Z')}`)
			await db().execute(sql`update group_members set next_check_at = ${at('2026-11-20T10:00:00Z')}`)
			const now = at('2026-11-21T11:00:00Z')
			const groups: Array<number | undefined> = []
			const members: Array<string | undefined> = []
			for (let i = 0; i < 4; i++) {
				groups.push((await claimDailySync(db(), now, 86_400_000))?.id)
				members.push((await claimMemberCheck(db(), now, 15 * 60_000))?.key)
			}
			expect(groups.slice(0, 3).toSorted()).toEqual([first, ...others].toSorted())
			expect(groups[3]).toBeUndefined()
			expect(members.slice(0, 3).toSorted()).toEqual(['anna', 'bob', 'cat'])
			expect(members[3]).toBeUndefined()
		})

		test("a group's coverage, its activity feed (newest first, capped), and a player's log by kind with counts", async () => {
			const group = await createGroup(
				db(),
				{ ...clan, members: [{ key: 'zezima', name: 'Zezima', rank: 'Owner', totalXp: 1 }, ...firstRoster] },
				at('2026-11-20T10:00:00Z'),
			)
			await syncRoster(db(), group, [member('Zezima', 'Deputy Owner', 1), ...firstRoster], at('2026-11-21T10:00:00Z'))
			const entry = (date: string, text: string, details = '') => ({ date, text, details })
			const log = [
				entry('2026-11-26T19:42:00.000Z', 'Capped at my Clan Citadel.'),
				entry('2026-11-26T10:00:00.000Z', 'Levelled up Cooking.', 'I levelled my  Cooking skill, I am now level 99.'),
				entry('2026-11-26T09:00:00.000Z', 'Levelled up Mining.', 'I levelled my Mining skill, I am now level 80.'),
				entry('2026-11-25T22:17:00.000Z', 'I killed 12 Amascuts.'),
				entry('2026-11-25T22:10:00.000Z', 'I killed 3 Amascuts.'),
				entry('2026-11-25T21:00:00.000Z', 'I killed  Vorago.'),
				entry('2026-11-25T20:00:00.000Z', 'I found a Dragon hatchet.'),
				entry('2026-11-25T19:00:00.000Z', 'I found a Dragon hatchet.', 'again'),
				entry('2026-11-25T18:00:00.000Z', '200000000XP in Necromancy'),
				entry('2026-11-25T17:00:00.000Z', '50000000XP in Magic'),
				entry('2026-11-25T16:00:00.000Z', 'Quest complete: Some Quest'),
			]
			await recordFetch(db(), {
				key: 'zezima',
				name: 'Zezima',
				fetchedAt: at('2026-11-26T20:00:00Z'),
				snapshot: testSnapshot('2026-11-26T20:00:00Z', 1000),
				quests: null,
				activities: log,
			})
			const { id } = (await findPlayer(db(), 'zezima'))!
			expect(await listGroupCoverage(db(), group)).toEqual(
				new Map([['zezima', [{ from: at('1970-01-01T00:00:00Z'), to: at('2026-11-26T20:00:00Z') }]]]),
			)

			const byKind = await readPlayerLog(db(), id, 5)
			expect(byKind.entries.map((e) => e.kind)).toEqual(['citadel-cap', 'level', 'level', 'boss-kill', 'boss-kill'])
			expect(byKind.bossKills).toEqual([
				{ subject: 'Amascuts', count: 15 },
				{ subject: 'Vorago', count: 1 },
			])
			expect(byKind.drops).toEqual([{ subject: 'Dragon hatchet', count: 2 }])
			expect(byKind.counts).toEqual({ 'citadel-cap': 1, level: 2, 'boss-kill': 3, drop: 2, 'xp-milestone': 2, quest: 1 })

			const feed = await listGroupActivity(db(), group, 50)
			expect(feed.map((item) => [item.at.toISOString(), item.kind, 'text' in item ? item.text : item.player.name])).toEqual([
				['2026-11-26T10:00:00.000Z', 'level', 'Levelled up Cooking.'],
				['2026-11-25T22:17:00.000Z', 'boss-kill', 'I killed 12 Amascuts.'],
				['2026-11-25T22:10:00.000Z', 'boss-kill', 'I killed 3 Amascuts.'],
				['2026-11-25T21:00:00.000Z', 'boss-kill', 'I killed  Vorago.'],
				['2026-11-25T20:00:00.000Z', 'drop', 'I found a Dragon hatchet.'],
				['2026-11-25T19:00:00.000Z', 'drop', 'I found a Dragon hatchet.'],
				['2026-11-25T18:00:00.000Z', 'xp-milestone', '200000000XP in Necromancy'],
				['2026-11-25T16:00:00.000Z', 'quest', 'Quest complete: Some Quest'],
				['2026-11-21T10:00:00.000Z', 'rank-changed', 'Zezima'],
			])
			expect(feed[0]).toMatchObject({ player: { key: 'zezima', name: 'Zezima' }, skill: 'cooking', amount: 99 })
			expect(feed.at(-1)).toMatchObject({ fromRank: 'Owner', toRank: 'Deputy Owner' })
			expect(await listGroupActivity(db(), group, 2)).toHaveLength(2)
			// A player who left the group takes their log out of its feed; the roster event stays.
			await syncRoster(db(), group, firstRoster, at('2026-11-27T10:00:00Z'))
			expect((await listGroupActivity(db(), group, 50)).map((item) => item.kind)).toEqual(['left', 'rank-changed'])
		})

		test("members' gains come from the snapshot in force at the start and the last one before the end, in one query", async () => {
			const fetch = (key: string, when: string, xp: number, skills: Parameters<typeof testSnapshot>[2] = {}) =>
				recordFetch(db(), { key, name: key, fetchedAt: at(when), snapshot: testSnapshot(when, xp, skills), quests: null, activities: [] })
			await fetch('anna', '2026-11-01T12:00:00Z', 1000)
			await fetch('anna', '2026-11-10T12:00:00Z', 1000, { attack: 5000 })
			await fetch('anna', '2026-11-20T12:00:00Z', 1000, { attack: 9000, cooking: 3000 })
			// Tracked from inside the range: its first snapshot there is the start.
			await fetch('recruit rae', '2026-11-12T00:00:00Z', 50)
			await fetch('recruit rae', '2026-11-14T00:00:00Z', 80)
			const id = await createGroup(db(), clan, at('2026-11-01T00:00:00Z'))
			const ends = await listMemberGainEnds(db(), id, { from: at('2026-11-05T00:00:00Z'), to: at('2026-11-15T00:00:00Z') })
			const byKey = new Map(ends.map((row) => [row.key, row]))
			expect([...byKey.keys()].toSorted()).toEqual(['anna', 'recruit rae', 'zezima jr'])
			expect(byKey.get('zezima jr')).toMatchObject({ name: 'Zezima Jr', start: null, end: null })
			const anna = byKey.get('anna')!
			expect([anna.start?.takenAt, anna.end?.takenAt]).toEqual([at('2026-11-01T12:00:00Z'), at('2026-11-10T12:00:00Z')])
			expect([anna.start?.xp[0], anna.end?.xp[0], anna.end?.xp[7], anna.end?.source]).toEqual([1000, 5000, 1000, 0])
			const rae = byKey.get('recruit rae')!
			expect([rae.start?.takenAt, rae.end?.takenAt, rae.end?.xp[0]]).toEqual([at('2026-11-12T00:00:00Z'), at('2026-11-14T00:00:00Z'), 80])
			// A range before any snapshot: nothing to compare; a range after the last: the last is both ends.
			const before = await listMemberGainEnds(db(), id, { from: at('2026-10-01T00:00:00Z'), to: at('2026-10-31T00:00:00Z') })
			expect(before.every((row) => row.start === null && row.end === null)).toBe(true)
			const after = await listMemberGainEnds(db(), id, { from: at('2026-11-25T00:00:00Z'), to: at('2026-11-28T00:00:00Z') })
			expect(after.find((row) => row.key === 'anna')?.start?.xp[7]).toBe(3000)
			expect(await listMemberGainEnds(db(), id + 1, { from: at('2026-11-01T00:00:00Z'), to: at('2026-11-28T00:00:00Z') })).toEqual([])
		})

		test("a group of names' members are added (kept when already in) and removed; past the bounds the count says why", async () => {
			const names = (...list: string[]) => list.map((name) => ({ key: name.toLowerCase(), name }))
			const id = await createGroup(
				db(),
				{ ...clan, clanName: null, members: names('Anna', 'Bob').map((m) => ({ ...m, rank: null, totalXp: null })) },
				at('2026-11-01T00:00:00Z'),
			)
			expect(await editMembers(db(), id, { add: names('Cy', 'Anna'), remove: names('Bob') }, 3, at('2026-11-02T00:00:00Z'))).toEqual({
				ok: true,
				members: 2,
			})
			const group = await readGroup(db(), id)
			expect(group?.members.map((m) => [m.name, m.since])).toEqual([
				['Anna', at('2026-11-01T00:00:00Z')],
				['Cy', at('2026-11-02T00:00:00Z')],
			])
			expect(await editMembers(db(), id, { add: names('Dee', 'Eve'), remove: [] }, 3, at('2026-11-03T00:00:00Z'))).toEqual({
				ok: false,
				members: 4,
			})
			expect((await editMembers(db(), id, { add: [], remove: names('Anna', 'Cy', 'Dee', 'Eve') }, 3, at('2026-11-03T00:00:00Z'))).ok).toBe(
				false,
			)
		})

		test('the dashboard locks and unlocks a group; the list and the code guard see it', async () => {
			const id = await createGroup(db(), clan, at('2026-11-01T00:00:00Z'))
			expect(await setGroupLocked(db(), id, true)).toBe(true)
			expect((await readGroupGuard(db(), id))?.locked).toBe(true)
			expect((await listGroups(db())).map((g) => [g.id, g.locked])).toEqual([[id, true]])
			expect(await setGroupLocked(db(), id, false)).toBe(true)
			expect((await readGroupGuard(db(), id))?.locked).toBe(false)
			expect(await setGroupLocked(db(), id + 1, true)).toBe(false)
		})
	})
}
