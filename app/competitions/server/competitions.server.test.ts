import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { createGroup } from '#app/groups/server/groups-store.server.ts'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { createCompetitions } from './competitions.server.ts'
import { readCodeHash } from './competitions-store.server.ts'
import { recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'

let handle: DatabaseHandle
let now = new Date('2026-11-28T10:00:00Z')
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
})
beforeEach(async () => {
	await handle.db.execute(sql`truncate competitions, group_members, groups restart identity cascade`)
})

let refreshed: string[] = []
const service = () =>
	createCompetitions({
		db: async () => handle.db,
		state: createMemoryState(),
		now: () => now,
		createLimit: { max: 2, windowMs: 3_600_000, refill: 'window' },
		refreshParticipant: async (player) => {
			if (player.key === 'anna') throw new Error('upstream down')
			refreshed.push(player.name)
		},
	})

const input = (patch: Record<string, unknown> = {}) => ({
	title: 'Skill of the week',
	startsAt: '2026-12-01T18:00:00Z',
	endsAt: '2026-12-08T18:00:00Z',
	metrics: [{ metric: 'Magic' }, { metric: 'kills:vorago', weight: 2 }],
	participants: ['Zezima', 'Anna'],
	...patch,
})

test('creation answers the competition and a code once; only its hash is stored', async () => {
	const created = await service().create(input(), 'client-a')
	if (created.kind !== 'created') throw new Error(created.kind)
	expect(created.competition).toMatchObject({
		title: 'Skill of the week',
		status: 'upcoming',
		metrics: [
			{ metric: 'magic', weight: 1 },
			{ metric: 'kills:vorago', weight: 2 },
		],
		participants: [
			{ key: 'anna', name: 'Anna' },
			{ key: 'zezima', name: 'Zezima' },
		],
	})
	expect(created.code).toMatch(/^[\w-]{22}$/)
	const hash = await readCodeHash(handle.db, created.competition.id)
	expect(hash).not.toContain(created.code)
	expect(created.competition).not.toHaveProperty('codeHash')
})

test('bad input names its fields and is not counted against the limit; valid creations are', async () => {
	const competitions = service()
	expect(await competitions.create(input({ endsAt: '2026-11-01T00:00:00Z' }), 'c')).toEqual({
		kind: 'invalid',
		errors: [{ path: 'endsAt', message: 'The end must be after the start.' }],
	})
	expect(await competitions.create(input({ metrics: [{ metric: 'cooking', weight: 0 }] }), 'c')).toMatchObject({
		kind: 'invalid',
		errors: [{ path: 'metrics.0.weight' }],
	})
	expect((await competitions.create(input(), 'c')).kind).toBe('created')
	expect((await competitions.create(input(), 'c')).kind).toBe('created')
	expect(await competitions.create(input(), 'c')).toMatchObject({ kind: 'rate-limited' })
	expect((await competitions.create(input(), 'another client')).kind).toBe('created')
})

test("a group's competition: all its members, or chosen members; a non-member or no such group is refused", async () => {
	const groupId = await createGroup(
		handle.db,
		{
			name: 'Clan',
			clanName: null,
			codeHash: 'h',
			citadelReset: null,
			members: [
				{ key: 'zezima', name: 'Zezima', rank: null, totalXp: null },
				{ key: 'anna', name: 'Anna', rank: null, totalXp: null },
			],
		},
		now,
	)
	const competitions = service()
	const all = await competitions.create(input({ groupId, participants: undefined }), 'a')
	expect(all).toMatchObject({ kind: 'created', competition: { groupId, participants: [{ key: 'anna' }, { key: 'zezima' }] } })
	expect(await competitions.create(input({ groupId, participants: ['Anna', 'Bob'] }), 'b')).toEqual({
		kind: 'invalid',
		errors: [{ path: 'participants.1', message: '"Bob" is not a member of the group.' }],
	})
	expect(
		await competitions.create(
			input({
				groupId,
				participants: undefined,
				teams: [
					{ name: 'A', participants: ['Anna'] },
					{ name: 'B', participants: ['Bob'] },
				],
			}),
			'b',
		),
	).toMatchObject({ kind: 'invalid', errors: [{ path: 'teams.1.participants.0' }] })
	const big = await createGroup(
		handle.db,
		{
			name: 'Big clan',
			clanName: null,
			codeHash: 'h',
			citadelReset: null,
			members: Array.from({ length: 501 }, (_, i) => ({ key: `m ${i}`, name: `M ${i}`, rank: null, totalXp: null })),
		},
		now,
	)
	expect(await competitions.create(input({ groupId: big, participants: undefined }), 'b')).toMatchObject({
		kind: 'invalid',
		errors: [{ path: 'participants', message: expect.stringContaining('501 members') }],
	})
	expect((await competitions.create(input({ groupId: big, participants: ['M 7', 'M 500'] }), 'b')).kind).toBe('created')
	expect(await competitions.create(input({ groupId: groupId + 100 }), 'b')).toMatchObject({
		kind: 'invalid',
		errors: [{ path: 'groupId' }],
	})
})

test('changing and deleting take the code: wrong or missing code refused, unknown id not found', async () => {
	const competitions = service()
	const created = await competitions.create(input(), 'a')
	if (created.kind !== 'created') throw new Error(created.kind)
	const id = created.competition.id
	expect(await competitions.change(id, 'wrong', { title: 'New' })).toEqual({ kind: 'wrong-code' })
	expect(await competitions.change(id, undefined, { title: 'New' })).toEqual({ kind: 'wrong-code' })
	expect(await competitions.change(id + 1, created.code, { title: 'New' })).toEqual({ kind: 'not-found' })
	expect(await competitions.change(id, created.code, { participants: [] })).toMatchObject({
		kind: 'invalid',
		errors: [{ path: 'participants' }],
	})
	expect(await competitions.change(id, created.code, { endsAt: '2027-12-01T00:00:00Z' })).toMatchObject({
		kind: 'invalid',
		errors: [{ path: 'endsAt', message: 'A competition lasts at most 90 days.' }],
	})
	expect(await competitions.change(id, created.code, { title: 'Ranged week', metrics: [{ metric: 'ranged' }] })).toMatchObject({
		kind: 'changed',
		competition: { title: 'Ranged week', metrics: [{ metric: 'ranged', weight: 1 }], participants: [{ key: 'anna' }, { key: 'zezima' }] },
	})
	expect(await competitions.delete(id, 'wrong')).toEqual({ kind: 'wrong-code' })
	expect(await competitions.delete(id, created.code)).toEqual({ kind: 'deleted' })
	expect(await competitions.read(id)).toBeNull()
	expect(await competitions.delete(id, created.code)).toEqual({ kind: 'not-found' })
})

test('an update round refreshes every participant in the background, one failure stopping nothing; once per window per competition', async () => {
	refreshed = []
	const competitions = service()
	const created = await competitions.create(input({ participants: ['Zezima', 'Anna', 'Bob'] }), 'a')
	if (created.kind !== 'created') throw new Error(created.kind)
	const id = created.competition.id
	expect(await competitions.requestUpdate(id, 'wrong')).toEqual({ kind: 'wrong-code' })
	expect(await competitions.requestUpdate(id + 1, created.code)).toEqual({ kind: 'not-found' })
	expect(refreshed).toEqual([])
	const round = await competitions.requestUpdate(id, created.code)
	if (round.kind !== 'queued') throw new Error(round.kind)
	expect([round.queued, round.skipped]).toEqual([3, 0])
	await round.done
	expect(refreshed).toEqual(['Bob', 'Zezima'])
	expect(await competitions.requestUpdate(id, created.code)).toMatchObject({ kind: 'rate-limited' })
})

test('a read is shared for ten seconds; a change, or a missing id, is never served from it', async () => {
	await handle.db.execute(sql`truncate tracked_players restart identity cascade`)
	now = new Date('2026-12-01T10:00:00Z')
	const competitions = service()
	const created = await competitions.create(input({ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-05T00:00:00Z' }), 'a')
	if (created.kind !== 'created') throw new Error(created.kind)
	const id = created.competition.id
	expect(await competitions.read(id + 1)).toBeNull()
	const next = await competitions.create(input(), 'b')
	expect(next).toMatchObject({ kind: 'created', competition: { id: id + 1 } })
	expect(await competitions.read(id + 1)).not.toBeNull()
	const fetched = (at: string, magic: number) =>
		recordFetch(handle.db, {
			key: 'zezima',
			name: 'Zezima',
			fetchedAt: new Date(at),
			snapshot: snapshotOf({ magic }),
			quests: null,
			activities: [],
		})
	await fetched('2026-12-01T01:00:00Z', 100)
	const score = async () => (await competitions.read(id))!.standings.find((s) => s.key === 'zezima')!.score
	expect(await score()).toBe(0)
	await fetched('2026-12-01T02:00:00Z', 600)
	expect(await score()).toBe(0)
	now = new Date(now.getTime() + 10_001)
	expect(await score()).toBe(500)
	await fetched('2026-12-01T03:00:00Z', 900)
	expect(await competitions.change(id, created.code, { title: 'Renamed' })).toMatchObject({ kind: 'changed' })
	expect((await competitions.read(id))!.competition.title).toBe('Renamed')
	expect(await score()).toBe(800)
	now = new Date('2026-11-28T10:00:00Z')
})
