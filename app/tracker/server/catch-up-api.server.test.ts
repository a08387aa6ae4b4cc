import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import changes from '#app/generated/catch-up.json' with { type: 'json' }
import { createPlayerDataCore } from '#app/player/server/handler.server.ts'
import { openDatabase, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { catchUpSchema } from '#app/tracker/catch-up.ts'
import { startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { createPlayersApiCore } from './players-api.server.ts'
import { createTracker } from './tracker.server.ts'

const DAY = 86_400_000
const NAME = 'Zezima Back'

// GET /api/v1/players/:name/catch-up through the API core, a real tracker and store, the fake
// upstream and a fake clock: a player looked up on the 20th plays, and is back on the 23rd.
function describeCatchUp(engine: string, open: () => Promise<DatabaseHandle>) {
	describe(`the catch-up API on ${engine}`, () => {
		let handle: DatabaseHandle
		let fake: FakeUpstream
		let time = Date.parse('2026-11-20T12:00:00Z')
		let api: ReturnType<typeof createPlayersApiCore>
		let lookUp: () => Promise<void>

		beforeAll(async () => {
			;[handle, fake] = await Promise.all([open(), startFakeUpstream()])
			await handle.migrate()
			const now = () => time
			const tracker = createTracker({ db: async () => handle.db, now, fetchFresh: (player) => lookup.fetchFresh(player) })
			const config = {
				runemetricsBaseUrl: fake.runemetricsBaseUrl,
				hiscoresBaseUrl: fake.hiscoresBaseUrl,
				timeoutMs: 2000,
				userAgent: 'test',
			}
			const lookup = createPlayerDataCore({
				...config,
				rateLimit: false,
				now,
				onFetched: (fetched) => tracker.record(fetched),
				log: () => {},
			})
			api = createPlayersApiCore(tracker, lookup, now)
			lookUp = async () => {
				expect((await lookup.fetchFresh({ key: NAME.toLowerCase(), name: NAME })).status).toBe(200)
			}
		}, 120_000)
		afterAll(async () => {
			await Promise.all([handle?.close(), fake?.close()])
		})

		const get = async (query = '', name = 'Zezima_Back') => {
			const answer = await api('GET', new URLSearchParams(query), 'client', `/api/v1/players/${name}/catch-up`)
			return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.body) as Record<string, unknown> }
		}

		test('tracked today only: nothing to compare yet', async () => {
			await lookUp()
			const answer = await get()
			expect(answer.status).toBe(200)
			expect(answer.headers['access-control-allow-origin']).toBe('*')
			expect(catchUpSchema.parse(answer.body)).toMatchObject({
				today: '2026-11-20',
				since: null,
				sinceFrom: 'none',
				xp: { gained: 0 },
				pages: [],
			})
		})

		test('back three days later: the XP, the quest, and the pages verified after the visit', async () => {
			fake.setProgress(NAME, { xpGained: { 6: 150_000 }, questsCompleted: ["'Phite Club"] })
			time += 3 * DAY
			await lookUp()
			const answer = catchUpSchema.parse((await get('since=2026-11-20')).body)
			expect(answer).toMatchObject({ today: '2026-11-23', since: '2026-11-20', sinceFrom: 'visit' })
			expect(answer.xp.gained).toBe(150_000)
			expect(answer.xp.skills).toEqual([{ skill: 'magic', xpGained: 150_000, levelsGained: expect.any(Number) }])
			expect(answer.quests).toEqual([{ title: "'Phite Club", completedAt: expect.any(String), questPoints: 1, path: '/quests/phite-club' }])
			expect(answer.quests[0]?.completedAt.slice(0, 10)).toBe('2026-11-23')
			expect(answer.updates).toEqual([])
			const expected = changes.pages.filter((p) => p.verified > '2026-11-20').map((p) => p.path)
			expect(answer.pages.map((p) => p.path).toSorted()).toEqual(expected.toSorted())
		})

		test('without since: from the day of the last snapshot before today', async () => {
			const answer = catchUpSchema.parse((await get()).body)
			expect(answer).toMatchObject({ since: '2026-11-20', sinceFrom: 'last-snapshot', xp: { gained: 150_000 } })
		})

		test('away since July: the three updates after it, the one that changed most first; XP from when tracking began', async () => {
			const answer = catchUpSchema.parse((await get('since=2026-07-01')).body)
			expect(answer.updates.map((u) => u.title)).toEqual([
				'The Mid-Game Rebalance',
				"There's No Place Like Home...",
				'Leagues II: Equilibrium',
			])
			expect(answer.updates[0]?.href).toBe('/guides/whats-changed#the-mid-game-rebalance')
			expect(answer.compared.from).toBe('2026-11-20T12:00:00.000Z')
			expect(answer.xp.gained).toBe(150_000)
		})

		test('since the day of the return itself: nothing new', async () => {
			const answer = catchUpSchema.parse((await get('since=2026-11-23')).body)
			expect(answer).toMatchObject({ xp: { gained: 0 }, quests: [], updates: [] })
		})

		test('a bad since is a 400 naming it; an unknown player a 404', async () => {
			for (const query of ['since=2026-11-24', 'since=23-11-2026', 'since=2026-11-01&since=2026-11-02']) {
				const answer = await get(query)
				expect(answer.status).toBe(400)
				expect(answer.body).toMatchObject({ error: { code: 'INVALID_PARAMETER', parameter: 'since' } })
			}
			expect((await get('', 'Nobody_Here')).status).toBe(404)
		})
	})
}

describeCatchUp('PGlite', () => openTestPglite())
const url = process.env.TEST_DATABASE_URL
if (url) describeCatchUp('PostgreSQL', async () => openDatabase({ url: await freshDatabase(url, 'catch_up_api') }))
