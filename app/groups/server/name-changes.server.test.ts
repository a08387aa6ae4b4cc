import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import type { UpstreamPriority } from '#app/player/server/upstream-gate.server.ts'
import { normalisePlayerName } from '#app/player/username.ts'
import { apiError, json } from '#app/server/api.server.ts'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { testSnapshot } from '#app/tracker/test-snapshots.ts'
import { findPlayer, listSnapshots, recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { createNameChanges } from './name-changes.server.ts'

const HOUR = 3_600_000

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
})

/** What the fake upstream says of each name (by key): its XP in every skill (attack apart), gone, or failing. */
type Upstream = { xp: number; attack?: number } | 'failing'
let upstream: Map<string, Upstream>
let asked: Array<[string, UpstreamPriority]>
let now: number
let names: ReturnType<typeof createNameChanges>

const player = normalisePlayerName
const visitor = (client = 'a') => ({ source: 'visitor' as const, client })

async function track(name: string, at: number, xp: number, attack = xp) {
	const when = new Date(at).toISOString()
	await recordFetch(handle.db, {
		...player(name),
		fetchedAt: new Date(at),
		snapshot: testSnapshot(when, xp, { attack }),
		quests: null,
		activities: [],
	})
}

beforeEach(async () => {
	await handle.db.execute(
		sql.raw('truncate name_changes, group_roster_events, group_members, groups, tracked_players restart identity cascade'),
	)
	now = Date.parse('2026-11-20T10:00:00Z')
	upstream = new Map()
	asked = []
	const state = createMemoryState({ now: () => now })
	names = createNameChanges({
		db: async () => handle.db,
		// Like the lookup: a fetch of a known name is recorded by the tracker before it answers.
		async fetchFresh(name, priority) {
			asked.push([name.name, priority])
			const known = upstream.get(name.key)
			if (known === 'failing') {
				return apiError(504, 'UPSTREAM_TIMEOUT', 'RuneMetrics did not answer in time; try again in a few minutes.')
			}
			if (!known) return apiError(404, 'USER_NOT_FOUND', `User not found: no RuneScape player is called "${name.name}".`)
			await track(name.name, now, known.xp, known.attack)
			return json(200, { name: name.name })
		},
		limit: state.limiter('name-changes', { max: 3, windowMs: HOUR, refill: 'window' }),
		now: () => now,
	})
	// Old Olga was looked up an hour ago; she has 1,000 XP in every skill.
	await track('Old Olga', now - HOUR, 1000)
})

test('accepted: the old name is gone, the new one has at least its XP in every skill, a gain the hour allows; applied at once', async () => {
	upstream.set('new nia', { xp: 1100 })
	const outcome = await names.submit(player('Old Olga'), player('New Nia'), visitor())
	expect(outcome).toEqual({
		kind: 'applied',
		change: expect.objectContaining({ oldName: 'Old Olga', newName: 'New Nia', status: 'applied', source: 'visitor', reason: null }),
	})
	// Someone waits for the answer: both look-ups at interactive priority.
	expect(asked).toEqual([
		['Old Olga', 'interactive'],
		['New Nia', 'interactive'],
	])
	expect(await findPlayer(handle.db, 'old olga')).toBeUndefined()
	const merged = (await findPlayer(handle.db, 'new nia'))!
	const snapshots = await listSnapshots(handle.db, merged.id, new Date(0), new Date(now), 10)
	expect(snapshots.map((s) => s.totalXp)).toEqual([29 * 1100, 29 * 1000])
	expect(await names.renamedTo('old olga')).toEqual({ key: 'new nia', name: 'New Nia' })
	expect(await names.recent()).toEqual([expect.objectContaining({ oldName: 'Old Olga', newName: 'New Nia', status: 'applied' })])
	// Done once: a second submission says so.
	expect(await names.submit(player('Old Olga'), player('New Nia'), visitor())).toEqual({
		kind: 'conflict',
		reason: 'Old Olga was changed to New Nia already.',
	})
})

test('refused when the old name still exists, without asking about the new one; nothing stored', async () => {
	upstream.set('old olga', { xp: 1000 })
	upstream.set('new nia', { xp: 1100 })
	const outcome = await names.submit(player('Old Olga'), player('New Nia'), visitor())
	expect(outcome).toEqual({ kind: 'refused', reason: expect.stringContaining('old name still exists') })
	expect(asked).toEqual([['Old Olga', 'interactive']])
	expect(await names.recent()).toEqual([])
	expect(await findPlayer(handle.db, 'old olga')).toBeDefined()
})

test('refused when a skill has less XP on the new name, or the new name is unknown', async () => {
	upstream.set('new nia', { xp: 5000, attack: 999 })
	expect(await names.submit(player('Old Olga'), player('New Nia'), visitor())).toEqual({
		kind: 'refused',
		reason: expect.stringContaining('less XP than the old name last had in Attack'),
	})
	expect(await names.submit(player('Old Olga'), player('Nobody Here'), visitor())).toEqual({
		kind: 'refused',
		reason: 'RuneScape knows no player by the new name.',
	})
	expect(await names.recent()).toEqual([])
	expect(await findPlayer(handle.db, 'old olga')).toBeDefined()
})

test('refused at once, without upstream, when the old name has no history here', async () => {
	upstream.set('new nia', { xp: 1100 })
	expect(await names.submit(player('Never Seen'), player('New Nia'), visitor())).toEqual({
		kind: 'refused',
		reason: expect.stringContaining('no history here'),
	})
	expect(asked).toEqual([])
})

test('a gain past what the hour allows waits for review; one at a time; approving applies it, rejecting discards it', async () => {
	upstream.set('new nia', { xp: 1_000_000 })
	const outcome = await names.submit(player('Old Olga'), player('New Nia'), visitor())
	expect(outcome).toEqual({
		kind: 'pending',
		change: expect.objectContaining({ status: 'pending', reason: expect.stringContaining('more than 10,000,000 XP an hour') }),
	})
	expect(await findPlayer(handle.db, 'old olga')).toBeDefined()
	expect(await names.submit(player('Old Olga'), player('Other Otto'), visitor())).toEqual({
		kind: 'conflict',
		reason: 'A change of Old Olga to New Nia is waiting for review already.',
	})
	const [pending] = await names.pending()
	expect(await names.reject(pending!.id)).toBe(true)
	expect(await names.pending()).toEqual([])
	expect(await names.approve(pending!.id)).toEqual({ ok: false, reason: expect.stringContaining('No such change') })

	const again = await names.submit(player('Old Olga'), player('New Nia'), visitor())
	if (again.kind !== 'pending') throw new Error(again.kind)
	now += 60_000
	expect(await names.approve(again.change.id)).toEqual({
		ok: true,
		change: expect.objectContaining({ id: again.change.id, status: 'applied', appliedAt: new Date(now).toISOString() }),
	})
	expect(await findPlayer(handle.db, 'old olga')).toBeUndefined()
})

test('an upstream failure is answered with its message; nothing stored', async () => {
	upstream.set('old olga', 'failing')
	expect(await names.submit(player('Old Olga'), player('New Nia'), visitor())).toEqual({
		kind: 'upstream-failed',
		message: 'RuneMetrics did not answer in time; try again in a few minutes.',
		retryAfterSeconds: 30,
	})
	expect(await names.recent()).toEqual([])
})

test('submissions are limited per client', async () => {
	for (let i = 0; i < 3; i++) expect((await names.submit(player('Never Seen'), player('New Nia'), visitor('a'))).kind).toBe('refused')
	expect(await names.submit(player('Never Seen'), player('New Nia'), visitor('a'))).toEqual({ kind: 'too-many', retryAfterSeconds: 3600 })
	expect((await names.submit(player('Never Seen'), player('New Nia'), visitor('b'))).kind).toBe('refused')
})

test("a roster sync's renames are submitted at group priority, with no limit, and applied when they pass", async () => {
	upstream.set('new nia', { xp: 1100 })
	const lines: string[] = []
	const logged = createNameChanges({
		db: async () => handle.db,
		fetchFresh: async (name, priority) => {
			asked.push([name.name, priority])
			const known = upstream.get(name.key)
			if (!known || known === 'failing') return apiError(404, 'USER_NOT_FOUND', 'no')
			await track(name.name, now, known.xp)
			return json(200, {})
		},
		limit: createMemoryState({ now: () => now }).limiter('none', { max: 0, windowMs: HOUR, refill: 'window' }),
		now: () => now,
		log: (line) => lines.push(line),
	})
	await logged.submitRenames([{ from: player('Old Olga'), to: player('New Nia') }])
	expect(asked).toEqual([
		['Old Olga', 'group'],
		['New Nia', 'group'],
	])
	expect(lines).toEqual(['name change Old Olga → New Nia from a roster sync: applied'])
	expect(await names.recent()).toEqual([expect.objectContaining({ source: 'roster', status: 'applied' })])
})
