import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createPlayerDataCore } from '#app/player/server/handler.server.ts'
import { openDatabase, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { FAKE_PLAYERS, startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { milestonesSchema } from '#app/tracker/api-types.ts'
import { etaToXp } from '#app/tracker/pace.ts'
import { createTracker } from './tracker.server.ts'

const DAY = 86_400_000

// A tracked player's pace() and milestones(): what the planner's ETAs and the milestones ask for, from the stored snapshots through the store's
// own queries, with a fake clock and the fake upstream's Trainee Tess (her XP grows on request).
function describePace(engine: string, open: () => Promise<DatabaseHandle>) {
	describe(`the tracker's pace on ${engine}`, () => {
		let handle: DatabaseHandle
		let fake: FakeUpstream
		beforeAll(async () => {
			;[handle, fake] = await Promise.all([open(), startFakeUpstream()])
			await handle.migrate()
		}, 120_000)
		afterAll(async () => {
			await Promise.all([handle?.close(), fake?.close()])
		})

		test('not tracked, then no history under a week, then XP per day over the days tracked, and the milestones at that pace', async () => {
			let time = Date.parse('2026-11-01T12:00:00Z')
			const now = () => time
			const config = {
				runemetricsBaseUrl: fake.runemetricsBaseUrl,
				hiscoresBaseUrl: fake.hiscoresBaseUrl,
				timeoutMs: 2000,
				userAgent: 'test',
			}
			// The cape's catalogue: one quest Tess (Mia's account) has done, one she has not.
			const questCape = { quests: ["Cook's Assistant", 'A Quest Nobody Did'], questName: (title: string) => title }
			const tracker = createTracker({ db: async () => handle.db, now, fetchFresh: (player) => lookup.fetchFresh(player), questCape })
			const lookup = createPlayerDataCore({
				...config,
				rateLimit: false,
				now,
				onFetched: (fetched) => tracker.record(fetched),
				log: () => {},
			})
			const lookUp = async () => {
				const player = { key: 'trainee tess', name: FAKE_PLAYERS.training }
				expect((await lookup.fetchFresh(player)).status).toBe(200)
				await new Promise((resolve) => setTimeout(resolve, 50))
			}

			const history = async () => (await tracker.player('trainee tess'))!
			expect(await tracker.player('trainee tess')).toBeNull()
			await lookUp()
			expect(await (await history()).pace()).toEqual({ status: 'no-history', trackedSince: '2026-11-01T12:00:00.000Z' })
			const early = milestonesSchema.parse(await (await history()).milestones())
			expect(early).toMatchObject({ name: FAKE_PLAYERS.training, pace: null })
			expect(early.skills.every((m) => m.eta === null)).toBe(true)

			// Magic (id 6): 50,000 XP over 10 days; nothing else.
			fake.train(6, 20_000)
			time += 4 * DAY
			await lookUp()
			fake.train(6, 30_000)
			time += 6 * DAY
			await lookUp()
			const answer = await (await history()).pace()
			expect(answer.status).toBe('ok')
			if (answer.status !== 'ok') return
			expect(answer.pace).toMatchObject({ source: 'snapshots', from: '2026-11-01T12:00:00.000Z', to: '2026-11-11T12:00:00.000Z', days: 10 })
			expect(answer.pace.xpPerDay.magic).toBe(5_000)
			expect(answer.pace.xpPerDay.attack).toBe(0)

			// The milestones: the same pace, the latest XP, the cape counted from the stored quests.
			const milestones = milestonesSchema.parse(await (await history()).milestones())
			expect(milestones.pace).toEqual({ source: 'snapshots', from: '2026-11-01T12:00:00.000Z', to: '2026-11-11T12:00:00.000Z', days: 10 })
			const latest = (await (await history()).summary())!.latest
			const magicXp = latest.skills.find((s) => s.skill === 'magic')!.xp
			const nextMagic = milestones.skills.find((m) => m.skill === 'magic' && m.kind === 'next-level')!
			expect(nextMagic.eta).toMatchObject(etaToXp('magic', magicXp, nextMagic.targetXp, 5_000))
			expect(milestones.skills.find((m) => m.skill === 'attack')?.eta).toMatchObject({
				kind: 'no-recent-xp',
				text: 'no recent XP in Attack',
			})
			expect(milestones.account.find((m) => m.kind === 'quest-cape')).toEqual({ kind: 'quest-cape', questsLeft: 1, questsTotal: 2 })
		})
	})
}

describePace('PGlite', openTestPglite)
const url = process.env.TEST_DATABASE_URL
if (url) describePace('PostgreSQL', async () => openDatabase({ url: await freshDatabase(url, 'tracker_pace') }))
