import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { normalisePlayerName } from '#app/player/username.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { findPlayer, recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { classifyPlayerLog } from './groups-store.server.ts'
import { memberListFailure, parseMemberList, type MemberListResult } from './member-list.server.ts'
import { createGroupsService } from './groups-service.server.ts'

const CSV = readFileSync(new URL('../../../tests/fixtures/clans/members_lite_ok.csv', import.meta.url))
const HOUR = 3_600_000

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
})

let now: number
let clanList: MemberListResult
const asked: string[] = []
let service: ReturnType<typeof createGroupsService>
let suggested: unknown[]

beforeEach(async () => {
	await handle.db.execute(
		sql.raw(
			'truncate tracker_snapshots, log_entry_kinds, group_roster_events, group_members, groups, tracker_activities, tracked_players restart identity cascade',
		),
	)
	now = Date.parse('2026-11-20T10:00:00Z')
	clanList = parseMemberList(CSV)
	asked.length = 0
	const state = createMemoryState({ now: () => now })
	suggested = []
	service = createGroupsService({
		db: async () => handle.db,
		readClan: async (name) => {
			asked.push(name)
			return clanList
		},
		limits: {
			creation: state.limiter('group-creation', { max: 3, windowMs: HOUR, refill: 'window' }),
			wrongCode: state.limiter('group-code', { max: 2, windowMs: HOUR, refill: 'window' }),
		},
		now: () => now,
		onRenames: (renames) => suggested.push(...renames),
	})
})

const reset = null

test('a clan group gets its roster from the member list and a code that is stored hashed', async () => {
	const created = await service.create(
		{ name: 'Testers', clanName: 'Gielinor Testers', citadelReset: { weekday: 'monday', time: '18:00' } },
		'a',
	)
	if (!created.ok) throw new Error(created.message)
	expect(asked).toEqual(['Gielinor Testers'])
	expect(created.code).toMatch(/^[\w-]{22}$/)
	expect(created.group).toMatchObject({ name: 'Testers', clanName: 'Gielinor Testers', citadelReset: { weekday: 'monday', time: '18:00' } })
	expect(created.group.members).toHaveLength(13)
	expect(created.group.members[0]).toMatchObject({ name: 'Zezima Jr', rank: 'Owner', totalXp: 4312087123 })
	const stored = await handle.db.execute(sql`select code_hash from groups`)
	const hash = (stored as unknown as { rows: Array<{ code_hash: string }> }).rows[0]!.code_hash
	expect(hash).toMatch(/^[0-9a-f]{64}$/)
	expect(hash).not.toContain(created.code)
	const second = await service.create({ name: 'Testers', clanName: 'Gielinor Testers', citadelReset: reset }, 'a')
	expect(second.ok && second.code).not.toBe(created.code)
})

test('a group of names keeps each player once, without rank; an unknown clan stores nothing', async () => {
	const names = ['Anna', 'anna', 'Bob_Two'].map(normalisePlayerName)
	const created = await service.create({ name: 'Friends', members: names, citadelReset: reset }, 'a')
	expect(created.ok && created.group.members.map((m) => [m.name, m.rank])).toEqual([
		['Anna', null],
		['Bob Two', null],
	])

	clanList = memberListFailure('not the header')
	const unknown = await service.create({ name: 'X', clanName: 'Nobody Here', citadelReset: reset }, 'a')
	expect(unknown).toMatchObject({ ok: false, reason: 'no-such-clan', message: expect.stringMatching(/No such clan.*"Nobody Here"/) })
	const count = await handle.db.execute(sql`select count(*)::int as n from groups`)
	expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1)
})

test('creation is limited per client', async () => {
	const make = (client: string) => service.create({ name: 'G', members: [normalisePlayerName('Anna')], citadelReset: reset }, client)
	for (let i = 0; i < 3; i++) expect((await make('a')).ok).toBe(true)
	expect(await make('a')).toMatchObject({ ok: false, reason: 'too-many-groups', retryAfterSeconds: 3600 })
	expect((await make('b')).ok).toBe(true)
	now += HOUR
	expect((await make('a')).ok).toBe(true)
})

test('the code guards sync, edit and delete; wrong codes are counted and then refused before comparing', async () => {
	const created = await service.create({ name: 'Testers', clanName: 'Gielinor Testers', citadelReset: reset }, 'a')
	if (!created.ok) throw new Error(created.message)
	const { id } = created.group
	expect(await service.update(id, 'wrong', 'x', { name: 'Hacked' })).toMatchObject({ ok: false, reason: 'wrong-code' })
	expect(await service.remove(id, 'wrong', 'x')).toMatchObject({ ok: false, reason: 'wrong-code' })
	// Past the limit even the right code waits: guessing cannot go on.
	expect(await service.remove(id, created.code, 'x')).toMatchObject({ ok: false, reason: 'too-many-attempts', retryAfterSeconds: 3600 })
	expect((await service.read(id)).ok).toBe(true)
	expect(
		await service.update(id, created.code, 'y', { name: 'Renamed', citadelReset: { weekday: 'friday', time: '12:00' } }),
	).toMatchObject({
		ok: true,
		group: { name: 'Renamed', citadelReset: { weekday: 'friday', time: '12:00' } },
	})
	expect(await service.update(999, created.code, 'y', {})).toMatchObject({ ok: false, reason: 'not-found' })

	now += HOUR
	if (!clanList.ok) throw new Error('fixture')
	clanList = { ok: true, members: clanList.members.slice(1) }
	const synced = await service.sync(id, created.code, 'y')
	expect(synced).toMatchObject({ ok: true, events: [{ type: 'left', member: { name: 'Zezima Jr' } }] })
	expect(synced.ok && synced.group.members).toHaveLength(12)
	expect(suggested).toEqual([])

	// A member gone and one come with a bit more XP, keeping the rank: handed over as a name change to check.
	now += HOUR
	const [first, ...rest] = clanList.members
	clanList = { ok: true, members: [{ ...first!, key: 'renamed one', name: 'Renamed One', totalXp: first!.totalXp + 5000 }, ...rest] }
	expect(await service.sync(id, created.code, 'y')).toMatchObject({
		ok: true,
		renames: [{ from: { key: first!.key }, to: { key: 'renamed one' } }],
	})
	expect(suggested).toEqual([{ from: { key: first!.key, name: first!.name }, to: { key: 'renamed one', name: 'Renamed One' } }])

	expect(await service.remove(id, created.code, 'y')).toEqual({ ok: true })
	expect(await service.read(id)).toMatchObject({ ok: false, reason: 'not-found' })
})

test('a group of names cannot be synced, a failed member list changes nothing, a locked group refuses its code', async () => {
	const names = await service.create({ name: 'Friends', members: [normalisePlayerName('Anna')], citadelReset: reset }, 'a')
	if (!names.ok) throw new Error(names.message)
	expect(await service.sync(names.group.id, names.code, 'a')).toMatchObject({ ok: false, reason: 'not-a-clan' })

	const clan = await service.create({ name: 'Testers', clanName: 'Gielinor Testers', citadelReset: reset }, 'a')
	if (!clan.ok) throw new Error(clan.message)
	clanList = memberListFailure('HTTP 503')
	now += HOUR
	expect(await service.sync(clan.group.id, clan.code, 'a')).toMatchObject({ ok: false, reason: 'no-such-clan' })
	const after = await service.read(clan.group.id)
	expect(after.ok && after.group.members).toHaveLength(13)

	await handle.db.execute(sql`update groups set locked = true where id = ${clan.group.id}`)
	expect(await service.remove(clan.group.id, clan.code, 'a')).toMatchObject({ ok: false, reason: 'locked' })
})

test("the caps grid: the last N weeks from the group's reset, capped from the classified log, not capped where the log was seen whole, else unknown", async () => {
	const created = await service.create({ name: 'Testers', clanName: 'Gielinor Testers', citadelReset: null }, 'a')
	if (!created.ok) throw new Error(created.message)
	const { id } = created.group
	expect(await service.caps(id, 8)).toMatchObject({ ok: false, reason: 'no-citadel-reset' })
	expect(await service.caps(999, 8)).toMatchObject({ ok: false, reason: 'not-found' })
	await service.update(id, created.code, 'a', { citadelReset: { weekday: 'monday', time: '18:00' } })

	await recordFetch(handle.db, {
		key: 'zezima jr',
		name: 'Zezima Jr',
		fetchedAt: new Date('2026-11-19T20:00:00Z'),
		snapshot: testSnapshot('2026-11-19T20:00:00Z', 1000),
		quests: null,
		activities: [{ date: '2026-11-17T19:42:00.000Z', text: 'Capped at my Clan Citadel.', details: '' }],
	})
	await classifyPlayerLog(handle.db, (await findPlayer(handle.db, 'zezima jr'))!.id)

	// Friday 20 November: the week in progress began Monday 16 November at 18:00.
	const grid = await service.caps(id, 3)
	if (!grid.ok) throw new Error(grid.message)
	expect(grid.weeks.map((w) => [w.start.toISOString(), w.inProgress])).toEqual([
		['2026-11-02T18:00:00.000Z', false],
		['2026-11-09T18:00:00.000Z', false],
		['2026-11-16T18:00:00.000Z', true],
	])
	// His one-entry log was his whole log: the weeks before it were seen, without a cap.
	expect(grid.members[0]).toMatchObject({
		name: 'Zezima Jr',
		rank: 'Owner',
		weeks: ['not-capped', 'not-capped', 'capped'],
		currentStreak: 1,
	})
	// Never fetched: unknown.
	expect(grid.members[1]).toMatchObject({ weeks: ['unknown', 'unknown', 'unknown'], currentStreak: 0 })
})

test('the daily sync reads each clan group once a day and records what changed; a list that cannot be read changes nothing', async () => {
	const created = await service.create({ name: 'Testers', clanName: 'Gielinor Testers', citadelReset: null }, 'a')
	await service.create({ name: 'Friends', members: [normalisePlayerName('Anna')], citadelReset: null }, 'a')
	if (!created.ok) throw new Error(created.message)
	await handle.db.execute(sql`update groups set roster_checked_at = ${new Date(now)}`)
	asked.length = 0
	expect(await service.syncNextDue()).toBe(false)
	now += 24 * HOUR
	clanList = { ...clanList, members: clanList.ok ? clanList.members.slice(1) : [] } as MemberListResult
	expect(await service.syncNextDue()).toBe(true)
	expect(await service.syncNextDue()).toBe(false)
	expect(asked).toEqual(['Gielinor Testers'])
	const read = await service.read(created.group.id)
	expect(read.ok && read.group.members).toHaveLength(12)
	const activity = await service.activity(created.group.id, 10)
	expect(activity.ok && activity.items.map((item) => [item.kind, item.player.name, item.at.toISOString()])).toEqual([
		['left', 'Zezima Jr', '2026-11-21T10:00:00.000Z'],
	])
	expect(await service.activity(999, 10)).toMatchObject({ ok: false, reason: 'not-found' })

	now += 24 * HOUR
	clanList = memberListFailure('upstream down')
	expect(await service.syncNextDue()).toBe(true)
	expect(await service.activity(created.group.id, 10)).toMatchObject({ ok: true, items: [{ kind: 'left' }] })

	// A member gone and one come with a bit more XP: the daily sync hands it over as a name change too.
	now += 24 * HOUR
	const previous = parseMemberList(CSV)
	if (!previous.ok) throw new Error('fixture')
	const [, second, ...rest] = previous.members
	clanList = { ok: true, members: [{ ...second!, key: 'renamed two', name: 'Renamed Two', totalXp: second!.totalXp + 5000 }, ...rest] }
	expect(suggested).toEqual([])
	expect(await service.syncNextDue()).toBe(true)
	expect(suggested).toEqual([{ from: { key: second!.key, name: second!.name }, to: { key: 'renamed two', name: 'Renamed Two' } }])
})

test("a group's gains over a period ending now or a range of days, sorted by a skill; an unknown group is not found", async () => {
	const created = await service.create({ name: 'Friends', members: ['Anna', 'Bob'].map(normalisePlayerName), citadelReset: reset }, 'a')
	if (!created.ok) throw new Error(created.message)
	const fetch = (key: string, when: string, skills: Parameters<typeof testSnapshot>[2]) =>
		recordFetch(handle.db, {
			key,
			name: key,
			fetchedAt: new Date(when),
			snapshot: testSnapshot(when, 1000, skills),
			quests: null,
			activities: [],
		})
	await fetch('anna', '2026-11-10T12:00:00Z', {})
	await fetch('anna', '2026-11-19T12:00:00Z', { attack: 1500, cooking: 1100 })
	await fetch('bob', '2026-11-10T12:00:00Z', {})
	await fetch('bob', '2026-11-19T12:00:00Z', { attack: 1100, cooking: 3000 })
	const week = await service.gains(created.group.id, { period: 'week', sort: 'attack' })
	if (!week.ok) throw new Error(week.message)
	expect(week).toMatchObject({ period: 'week', from: '2026-11-13T00:00:00.000Z', to: '2026-11-20T10:00:00.000Z', sort: 'attack' })
	expect(week.members.map((m) => [m.name, m.skills?.attack, m.overall])).toEqual([
		['Anna', 500, 600],
		['Bob', 100, 2100],
	])
	const byCooking = await service.gains(created.group.id, { period: 'week', sort: 'cooking' })
	expect(byCooking.ok && byCooking.members.map((m) => m.name)).toEqual(['Bob', 'Anna'])
	// A range that ends before the gains: none.
	const range = await service.gains(created.group.id, { from: '2026-11-01', to: '2026-11-15', sort: 'overall' })
	expect(range.ok && range.members.map((m) => m.overall)).toEqual([0, 0])
	expect(await service.gains(created.group.id + 1, { period: 'day', sort: 'overall' })).toMatchObject({ ok: false, reason: 'not-found' })
})

test("a group of names' members are added and removed with the code, 1 to 500, all or nothing; a clan's come from its list", async () => {
	const names = (...list: string[]) => list.map(normalisePlayerName)
	const created = await service.create({ name: 'Friends', members: names('Anna', 'Bob'), citadelReset: reset }, 'a')
	if (!created.ok) throw new Error(created.message)
	const { id } = created.group
	const edited = await service.update(id, created.code, 'a', {
		addMembers: names('Cy', 'cy', 'Anna'),
		removeMembers: names('Bob', 'Nobody'),
	})
	expect(edited.ok && edited.group.members.map((m) => [m.name, m.rank])).toEqual([
		['Anna', null],
		['Cy', null],
	])
	const tooMany = await service.update(id, created.code, 'a', {
		name: 'Renamed',
		addMembers: Array.from({ length: 499 }, (_, i) => normalisePlayerName(`P${i}`)),
	})
	expect(tooMany).toMatchObject({
		ok: false,
		reason: 'member-count',
		parameter: 'addMembers',
		message: expect.stringMatching(/501 members/),
	})
	const none = await service.update(id, created.code, 'a', { removeMembers: names('Anna', 'Cy') })
	expect(none).toMatchObject({ ok: false, reason: 'member-count', parameter: 'removeMembers' })
	const unchanged = await service.read(id)
	expect(unchanged.ok && [unchanged.group.name, unchanged.group.members.map((m) => m.name)]).toEqual(['Friends', ['Anna', 'Cy']])
	expect(await service.update(id, 'wrong', 'a', { addMembers: names('Dee') })).toMatchObject({ ok: false, reason: 'wrong-code' })

	const clan = await service.create({ name: 'Clan', clanName: 'Gielinor Testers', citadelReset: reset }, 'a')
	if (!clan.ok) throw new Error(clan.message)
	expect(await service.update(clan.group.id, clan.code, 'a', { removeMembers: names('Zezima Jr') })).toMatchObject({
		ok: false,
		reason: 'clan-roster',
		parameter: 'removeMembers',
	})
	const roster = await service.read(clan.group.id)
	expect(roster.ok && roster.group.members).toHaveLength(13)
})

test('the group just created is shown with its own code only; a wrong one counts as a wrong code', async () => {
	const created = await service.create({ name: 'New', members: [normalisePlayerName('Anna')], citadelReset: reset }, 'a')
	if (!created.ok) throw new Error(created.message)
	expect(await service.created(created.group.id, created.code, 'a')).toMatchObject({ ok: true, group: { name: 'New' } })
	expect(await service.created(created.group.id, 'forged', 'b')).toMatchObject({ ok: false, reason: 'wrong-code' })
	expect(await service.created(created.group.id + 1, created.code, 'b')).toMatchObject({ ok: false, reason: 'not-found' })
})

test('the author dashboard locks (the code then changes nothing), unlocks and deletes any group without its code', async () => {
	const created = await service.create({ name: 'Target', members: [normalisePlayerName('Anna')], citadelReset: reset }, 'a')
	if (!created.ok) throw new Error(created.message)
	const { id } = created.group
	expect(await service.setLockedByAuthor(id, true)).toEqual({ ok: true })
	expect(await service.update(id, created.code, 'a', { name: 'Changed' })).toMatchObject({ ok: false, reason: 'locked' })
	expect(await service.remove(id, created.code, 'a')).toMatchObject({ ok: false, reason: 'locked' })
	expect((await service.list('Target')).map((g) => g.locked)).toEqual([true])
	expect(await service.setLockedByAuthor(id, false)).toEqual({ ok: true })
	expect(await service.update(id, created.code, 'a', { name: 'Changed' })).toMatchObject({ ok: true, group: { name: 'Changed' } })
	expect(await service.setLockedByAuthor(id, true)).toEqual({ ok: true })
	expect(await service.removeByAuthor(id)).toEqual({ ok: true })
	expect(await service.read(id)).toMatchObject({ ok: false, reason: 'not-found' })
	expect(await service.removeByAuthor(id)).toMatchObject({ ok: false, reason: 'not-found' })
	expect(await service.setLockedByAuthor(id, true)).toMatchObject({ ok: false, reason: 'not-found' })
})

describe("the group page's data: a page of each table, the gains sorted over all the members, in a fixed number of queries", () => {
	const names = Array.from({ length: 150 }, (_, i) => normalisePlayerName(`Member ${String(i + 1).padStart(3, '0')}`))
	const fetch = (key: string, when: string, skills: Parameters<typeof testSnapshot>[2]) =>
		recordFetch(handle.db, {
			key,
			name: key,
			fetchedAt: new Date(when),
			snapshot: testSnapshot(when, 1000, skills),
			quests: null,
			activities: [],
		})
	let id: number

	beforeEach(async () => {
		const created = await service.create({ name: 'Big', members: names, citadelReset: { weekday: 'monday', time: '18:00' } }, 'a')
		if (!created.ok) throw new Error(created.message)
		id = created.group.id
		// The last by name gains the most Attack, the first the most Cooking; one in the middle is looked up once.
		for (const [key, skills] of [
			['member 150', { attack: 9000 }],
			['member 001', { cooking: 5000 }],
		] as const) {
			await fetch(key, '2026-11-10T12:00:00Z', {})
			await fetch(key, '2026-11-19T12:00:00Z', skills)
		}
		await fetch('member 120', '2026-11-19T12:00:00Z', {})
	})

	test('members and caps 50 a page, in the same order; the gains sorted over all 150 before paging; past the last page, the last', async () => {
		const first = await service.page(id, { period: 'week', sort: 'attack' }, { page: 1, gainsPage: 1 })
		if (!first.ok) throw new Error(first.message)
		expect(first.members).toMatchObject({ page: 1, pages: 3, total: 150, first: 1, last: 50 })
		expect(first.members.rows.map((m) => m.name)).toEqual(names.slice(0, 50).map((m) => m.name))
		expect(first.caps?.members.map((m) => m.name)).toEqual(names.slice(0, 50).map((m) => m.name))
		// Member 150 is on the members' last page, but first in Attack over all of them.
		expect(first.gains.members).toMatchObject({ page: 1, pages: 3, total: 150, first: 1, last: 50 })
		expect(first.gains.members.rows.slice(0, 3).map((m) => [m.name, m.skills?.attack])).toEqual([
			['Member 150', 8000],
			['Member 001', 0],
			['Member 120', 0],
		])
		const byCooking = await service.page(id, { period: 'week', sort: 'cooking' }, { page: 1, gainsPage: 1 })
		expect(byCooking.ok && byCooking.gains.members.rows[0]?.name).toBe('Member 001')

		const second = await service.page(id, { period: 'week', sort: 'attack' }, { page: 3, gainsPage: 3 })
		if (!second.ok) throw new Error(second.message)
		expect(second.members).toMatchObject({ page: 3, first: 101, last: 150 })
		expect(second.members.rows.map((m) => m.name)).toEqual(names.slice(100).map((m) => m.name))
		expect(second.caps?.members.map((m) => m.name)).toEqual(names.slice(100).map((m) => m.name))
		// Totals from the tracker on the page asked: looked-up members have them, the others none.
		const member = (name: string) => second.members.rows.find((m) => m.name === name)
		expect(member('Member 120')).toMatchObject({ totalLevel: expect.any(Number), totalXp: 29_000 })
		expect(member('Member 150')?.totalXp).toBe(29_000 - 1000 + 9000)
		expect(member('Member 101')).toMatchObject({ totalLevel: null, totalXp: null })
		// The gains' last page: positions 101–150, the members without a snapshot, by name.
		expect(second.gains.members).toMatchObject({ page: 3, first: 101, last: 150 })
		expect(second.gains.members.rows.map((m) => m.overall)).toEqual(Array(50).fill(null))

		const past = await service.page(id, { period: 'week', sort: 'attack' }, { page: 9, gainsPage: 1_000_000 })
		expect(past.ok && [past.members.page, past.members.first, past.gains.members.page]).toEqual([3, 101, 3])
		expect(await service.page(id + 1, { period: 'week', sort: 'overall' }, { page: 1, gainsPage: 1 })).toMatchObject({
			ok: false,
			reason: 'not-found',
		})
	})

	test('one read of the group and 8 queries in all, whatever the page or the sort (the route adds the competitions and the webhook: 2)', async () => {
		const query = vi.spyOn(handle.pglite!, 'query')
		try {
			for (const [sort, pages] of [
				['overall', { page: 1, gainsPage: 1 }],
				['attack', { page: 2, gainsPage: 2 }],
			] as const) {
				query.mockClear()
				const page = await service.page(id, { period: 'month', sort }, pages)
				expect(page.ok).toBe(true)
				const statements = query.mock.calls.map(([text]) => text)
				expect(statements.filter((text) => /\bfrom "groups"/.test(text))).toHaveLength(1)
				// The group, its members, their totals, gains, caps, log coverage, roster events, notable log entries.
				expect(statements).toHaveLength(8)
			}
		} finally {
			query.mockRestore()
		}
	})
})
