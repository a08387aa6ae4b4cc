import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { PlayerName } from '#app/player/username.ts'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { recordFetch } from '#app/tracker/server/tracker-store.server.ts'
import { snapshotOf } from '#app/tracker/server/tracker-store.test-kit.ts'
import { parseMetric } from '../metrics.ts'
import { createCompetitionRounds, PARTICIPANT_LEASE_MS, PER_PLAN, startCompetitionRounds } from './competition-rounds.server.ts'
import { createCompetition, readCompetition, readStartChecks } from './competitions-store.server.ts'
import type { RefreshOutcome } from './participant-refresh.server.ts'
import { createCompetitions } from './competitions.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'
import { newVerificationCode } from '#app/server/verification-code.server.ts'
import { readCompetitionWithStandings } from './standings.server.ts'

let handle: DatabaseHandle
beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
}, 240_000)
afterAll(async () => {
	await handle?.close()
})
beforeEach(async () => {
	await handle.db.execute(sql`truncate competitions, tracked_players restart identity cascade`)
})

const START = new Date('2026-12-01T18:00:00Z')
const END = new Date('2026-12-03T18:00:00Z')
const HOUR = 3_600_000
const names = ['Zezima', 'Anna', 'Lynx Titan']
const magic = parseMetric('magic') as { ok: true; metric: Extract<ReturnType<typeof parseMetric>, { ok: true }>['metric'] }

async function newCompetition(players = names) {
	return createCompetition(
		handle.db,
		{
			title: 'Magic week',
			startsAt: START,
			endsAt: END,
			groupId: null,
			codeHash: 'hash',
			metrics: [{ metric: magic.metric, weight: 1 }],
			participants: players.map((name) => ({ name, key: name.toLowerCase() })),
			teams: null,
		},
		new Date('2026-11-28T00:00:00Z'),
	)
}

/** A clock the test moves, and an upstream that records each fetch as the tracker would (magic XP per player). */
function world() {
	let now = new Date(START.getTime() - HOUR)
	const fetched: string[] = []
	const xp = new Map<string, number>(names.map((name) => [name.toLowerCase(), 1_000]))
	const failing = new Set<string>()
	const refresh = async (player: PlayerName): Promise<RefreshOutcome> => {
		fetched.push(player.key)
		if (failing.has(player.key)) return 'failed'
		await recordFetch(handle.db, {
			key: player.key,
			name: player.name,
			fetchedAt: now,
			snapshot: snapshotOf({ magic: xp.get(player.key)! }),
			quests: null,
			activities: [],
		})
		return 'checked'
	}
	return {
		fetched,
		xp,
		failing,
		refresh,
		now: () => now,
		at: (time: Date) => {
			now = time
		},
		rounds: () => createCompetitionRounds({ db: async () => handle.db, now: () => now, refresh }),
	}
}

test('nothing is fetched before the start; at the start everyone once, and neither a second pass nor a restart repeats it', async () => {
	const id = await newCompetition()
	const w = world()
	expect(await w.rounds().runPass()).toMatchObject({ checked: 0 })
	w.at(new Date(START.getTime() + 60_000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 3, failed: 0 })
	expect(w.fetched.toSorted()).toEqual(['anna', 'lynx titan', 'zezima'])
	// The start checks are noted on the participants: their start value is dated by them.
	expect([...(await readStartChecks(handle.db, id)).values()]).toEqual([w.now(), w.now(), w.now()])
	w.at(new Date(START.getTime() + 2 * 60_000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 0 })
	expect(w.fetched).toHaveLength(3)
})

test('a start round larger than one plan keeps the gate busy: the next participants are planned and queued while the last of a plan are still at the gate', async () => {
	const racers = Array.from({ length: PER_PLAN + 10 }, (_, i) => `Racer ${i + 1}`)
	await newCompetition(racers)
	const now = new Date(START.getTime() + 60_000)
	// A gate that lets a call through only while another waits behind it (the very last excepted),
	// as a gate spaced within the budget finds it when the round never runs dry. A round that waited
	// for its calls under way before it planned the next ones would never queue one: the test would time out.
	const waiting: (() => void)[] = []
	let arrived = () => {}
	const refresh = async (player: PlayerName): Promise<RefreshOutcome> => {
		await new Promise<void>((grant) => {
			waiting.push(grant)
			arrived()
		})
		await recordFetch(handle.db, {
			key: player.key,
			name: player.name,
			fetchedAt: now,
			snapshot: snapshotOf({ magic: 1_000 }),
			quests: null,
			activities: [],
		})
		return 'checked'
	}
	const pass = createCompetitionRounds({ db: async () => handle.db, now: () => now, refresh, concurrency: 2 }).runPass()
	for (let granted = 0; granted < racers.length; granted++) {
		const behind = granted < racers.length - 1 ? 1 : 0
		while (waiting.length <= behind) await new Promise<void>((resolve) => (arrived = resolve))
		waiting.shift()!()
	}
	expect(await pass).toMatchObject({ checked: racers.length, failed: 0 })
	expect(waiting).toEqual([])
})

test('an unchanged start check still counts: a gain recorded hours later is counted from the value before the start', async () => {
	const id = await newCompetition()
	const w = world()
	w.at(new Date(START.getTime() - 2 * HOUR))
	for (const name of names) await w.refresh({ name, key: name.toLowerCase() })
	w.at(new Date(START.getTime() + 60_000))
	await w.rounds().runPass()
	// Six hours on: Zezima gained 500 magic XP; the snapshot that shows it is the first in the window.
	w.xp.set('zezima', 1_500)
	w.at(new Date(START.getTime() + 6 * HOUR + 60_000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 3 })
	const read = await readCompetitionWithStandings(handle.db, id)
	expect(read!.standings.find((standing) => standing.key === 'zezima')).toMatchObject({ score: 500 })
})

test('two instances at once fetch each participant once', async () => {
	await newCompetition()
	const w = world()
	w.at(new Date(START.getTime() + 60_000))
	const [a, b] = await Promise.all([w.rounds().runPass(), w.rounds().runPass()])
	expect(a.checked + b.checked).toBe(3)
	expect(w.fetched.toSorted()).toEqual(['anna', 'lynx titan', 'zezima'])
})

test('while it runs each participant is fetched again after 6 hours; a failed fetch waits for its lease to end', async () => {
	await newCompetition()
	const w = world()
	w.failing.add('anna')
	w.at(new Date(START.getTime() + 60_000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 2, failed: 1 })
	w.at(new Date(START.getTime() + 60_000 + PARTICIPANT_LEASE_MS - 1000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 0, failed: 0 })
	w.failing.clear()
	w.at(new Date(START.getTime() + 60_000 + PARTICIPANT_LEASE_MS))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 1 })
	w.at(new Date(START.getTime() + 5 * HOUR))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 0 })
	w.at(new Date(START.getTime() + 6 * HOUR + 60_000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 2 })
})

test('after the end a final round (a lease taken before the end does not hold it back), then the standings freeze', async () => {
	const first = await newCompetition()
	const w = world()
	w.at(new Date(END.getTime() - 60_000))
	await w.rounds().runPass()
	w.at(new Date(END.getTime() + 60_000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 3, frozen: [] })
	expect(await w.rounds().runPass()).toMatchObject({ checked: 0, frozen: [first] })
	expect((await readCompetition(handle.db, first))!.frozenAt).toEqual(w.now())
})

test('with a participant who cannot be fetched, the standings freeze an hour after the end, and nothing is fetched after', async () => {
	const second = await newCompetition()
	const w = world()
	w.failing.add('anna')
	w.at(new Date(END.getTime() + 2 * 60_000))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 2, failed: 1, frozen: [] })
	w.at(new Date(END.getTime() + HOUR - 1000))
	expect(await w.rounds().runPass()).toMatchObject({ frozen: [] })
	w.at(new Date(END.getTime() + HOUR))
	expect(await w.rounds().runPass()).toMatchObject({ checked: 0, frozen: [second] })
	const fetchedBefore = w.fetched.length
	w.at(new Date(END.getTime() + 2 * HOUR))
	await w.rounds().runPass()
	expect(w.fetched).toHaveLength(fetchedBefore)
})

test('stop() lets the fetch under way finish and starts no other', async () => {
	await newCompetition()
	const w = world()
	w.at(new Date(START.getTime() + 60_000))
	let release!: () => void
	const started: string[] = []
	const running = startCompetitionRounds({
		db: async () => handle.db,
		now: w.now,
		concurrency: 1,
		refresh: async (player) => {
			started.push(player.key)
			await new Promise<void>((resolve) => (release = resolve))
			return w.refresh(player)
		},
	})
	await expect.poll(() => started.length).toBe(1)
	const stopped = running.stop()
	release()
	await stopped
	expect(started).toHaveLength(1)
	expect(w.fetched).toHaveLength(1)
})

describe('a manual update claims participants with the rounds’ lease', () => {
	const { code, hash } = newVerificationCode()
	async function competitionWithCode() {
		const id = await newCompetition()
		await handle.db.execute(sql`update competitions set code_hash = ${hash} where id = ${id}`)
		return id
	}
	/** A service of its own per instance: its own limits, the one database. */
	const instance = (w: ReturnType<typeof world>) =>
		createCompetitions({
			db: async () => handle.db,
			state: createMemoryState(),
			now: w.now,
			refreshParticipant: async (player) => {
				// Slow enough for the others to run meanwhile.
				await new Promise((resolve) => setTimeout(resolve, 5))
				return w.refresh(player)
			},
		})
	const update = async (service: ReturnType<typeof instance>, id: number) => {
		const outcome = await service.requestUpdate(id, code)
		if (outcome.kind !== 'queued') throw new Error(outcome.kind)
		await outcome.done
		return { queued: outcome.queued, skipped: outcome.skipped }
	}
	const keys = names.map((name) => name.toLowerCase()).sort()

	test('a start round and a manual update at once fetch each participant once', async () => {
		const w = world()
		const id = await competitionWithCode()
		w.at(START)
		const [, manual] = await Promise.all([w.rounds().runPass(), update(instance(w), id)])
		expect(manual.queued + manual.skipped).toBe(3)
		expect([...w.fetched].sort()).toEqual(keys)
	})

	test('after a round, a manual update skips the participants it leased or fetched; once both are old, it fetches them', async () => {
		const w = world()
		const id = await competitionWithCode()
		w.at(START)
		await w.rounds().runPass()
		expect(await update(instance(w), id)).toEqual({ queued: 0, skipped: 3 })
		expect(w.fetched).toHaveLength(3)
		// The lease has run out, but Zezima was looked up 5 minutes ago: only the other two.
		w.at(new Date(START.getTime() + PARTICIPANT_LEASE_MS + 60_000))
		await w.refresh({ key: 'zezima', name: 'Zezima' })
		w.at(new Date(START.getTime() + PARTICIPANT_LEASE_MS + 6 * 60_000))
		w.fetched.length = 0
		expect(await update(instance(w), id)).toEqual({ queued: 2, skipped: 1 })
		expect([...w.fetched].sort()).toEqual(['anna', 'lynx titan'])
	})

	test('two manual updates at once (two instances) fetch each participant once', async () => {
		const w = world()
		const id = await competitionWithCode()
		w.at(new Date(START.getTime() + HOUR))
		const [first, second] = await Promise.all([update(instance(w), id), update(instance(w), id)])
		expect(first.queued + second.queued).toBeGreaterThanOrEqual(3)
		expect([...w.fetched].sort()).toEqual(keys)
	})
})
