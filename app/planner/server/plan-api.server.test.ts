import { expect, test } from 'vitest'
import type { PlannerQuest } from '#app/planner/data.ts'
import { createPlanner } from '#app/planner/plan.ts'
import { questSlug } from '#app/quests/names.ts'
import type { PlayerDataConfig } from '#app/player/server/config.server.ts'
import { createPlayerDataCore, type PlayerDataCore } from '#app/player/server/handler.server.ts'
import { playerDataErrorBodySchema } from '#app/player/types.ts'
import { FAKE_PLAYERS, startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { createPlanCore } from './plan-api.server.ts'

const quest = (name: string, fields: Partial<PlannerQuest> = {}): PlannerQuest => ({
	name,
	slug: questSlug(name),
	questPoints: 1,
	quests: [],
	skills: {},
	...fields,
})

// "Cook's Assistant" is completed in the fake upstream's quest list for Zezima Jr.
const planner = createPlanner({
	quests: [
		quest("Cook's Assistant", { aliases: ['CA'] }),
		quest('Big Goal', { quests: ["Cook's Assistant"], skills: { magic: 95 }, questPoints: 3 }),
	],
	presets: [{ slug: 'quest-point-cape', kind: 'quest-cape', label: 'Quest Point Cape', description: 'All.' }],
})

async function withApi(
	config: Partial<PlayerDataConfig>,
	run: (api: { plan: PlayerDataCore; lookup: PlayerDataCore; fake: FakeUpstream }) => Promise<void>,
) {
	const fake = await startFakeUpstream({ slowMs: 2000 })
	const lookup = createPlayerDataCore({
		runemetricsBaseUrl: fake.runemetricsBaseUrl,
		hiscoresBaseUrl: fake.hiscoresBaseUrl,
		timeoutMs: 2000,
		userAgent: 'GielinorGuide/test',
		rateLimit: false,
		log: () => {},
		...config,
	})
	try {
		await run({ plan: createPlanCore(lookup, planner), lookup, fake })
	} finally {
		await fake.close()
	}
}

const query = (values: Record<string, string>) => new URLSearchParams(values)
const body = (answer: { body: string }) => JSON.parse(answer.body) as Record<string, unknown>

test('without a username: the plan for a fresh account, cacheable', async () => {
	await withApi({}, async ({ plan, fake }) => {
		const answer = await plan('GET', query({ goals: 'big-goal' }), 'c1')
		expect(answer.status).toBe(200)
		expect(answer.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400')
		expect(body(answer)).toMatchObject({
			player: null,
			goals: [{ slug: 'big-goal', label: 'Big Goal', kind: 'quest', quests: ['big-goal'], done: false }],
			steps: [
				{ kind: 'quest', slug: 'cooks-assistant', name: "Cook's Assistant", questPoints: 1 },
				{ kind: 'train', skill: 'magic', fromLevel: 1, toLevel: 95, xpNeeded: 8_771_558 },
				{ kind: 'quest', slug: 'big-goal', name: 'Big Goal', questPoints: 3 },
			],
			canStartNow: ['cooks-assistant'],
			totals: { quests: 2, questPoints: 4, xpBySkill: { magic: 8_771_558 } },
		})
		expect(body(answer)).not.toHaveProperty('questProgressKnown')
		expect(fake.calls).toEqual({ profile: 0, quests: 0, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('goals by name or abbreviation work; unknown ones are a 400 naming them, before any lookup', async () => {
	await withApi({}, async ({ plan, fake }) => {
		expect(body(await plan('GET', query({ goals: 'CA' }), 'c1')).goals).toMatchObject([{ slug: 'cooks-assistant' }])
		const answer = await plan('GET', query({ goals: 'big-goal,nope,Also Nope', username: 'Zezima Jr' }), 'c1')
		expect(answer.status).toBe(400)
		expect(answer.headers['cache-control']).toBe('no-store')
		const { error } = body(answer) as { error: { code: string; message: string; goals: string[] } }
		expect(error.code).toBe('UNKNOWN_GOALS')
		expect(error.goals).toEqual(['nope', 'also nope'])
		expect(error.message).toMatch(/^Unknown goals: nope, also nope\. /)
		expect(fake.calls.profile).toBe(0)
		const many = await plan('GET', query({ goals: Array.from({ length: 60 }, (_, i) => `q${i}`).join(',') }), 'c1')
		expect([many.status, (body(many) as { error: { code: string } }).error.code]).toEqual([400, 'TOO_MANY_GOALS'])
	})
})

test("with a username: the player's own plan, and the lookup's cache is the plan's", async () => {
	await withApi({}, async ({ plan, lookup, fake }) => {
		await lookup('GET', query({ username: FAKE_PLAYERS.complete, quests: 'true' }), 'c1')
		const before = { ...fake.calls }
		const answer = await plan('GET', query({ goals: 'big-goal', username: 'zezima_jr' }), 'c1')
		expect(fake.calls).toEqual(before)
		expect(answer.status).toBe(200)
		expect(answer.headers['cache-control']).toBe('private, max-age=60')
		const result = body(answer) as { player: object; steps: { kind: string; slug?: string }[] }
		// The cached answer's spelling: the name was looked up once, as "Zezima Jr".
		expect(result.player).toMatchObject({ name: 'Zezima Jr', source: 'runemetrics', questProgress: 'known' })
		// Cook's Assistant is done: only the training (from Magic 87, 4,260,845 XP) and the goal remain.
		expect(result.steps.map((s) => s.kind)).toEqual(['train', 'quest'])
		expect(result.steps[0]).toMatchObject({ skill: 'magic', fromLevel: 87, toLevel: 95, xpNeeded: 8_771_558 - 4_260_845 })
	})
})

test('a private profile: levels from the hiscores, quest progress unknown', async () => {
	await withApi({}, async ({ plan }) => {
		const answer = await plan('GET', query({ goals: 'big-goal', username: FAKE_PLAYERS.private }), 'c1')
		expect(answer.status).toBe(200)
		const result = body(answer) as { player: object; steps: { kind: string }[]; canStartNow: string[] }
		expect(result.player).toMatchObject({ source: 'hiscores', questProgress: 'unknown', profileState: 'PROFILE_PRIVATE' })
		expect(result.steps.filter((s) => s.kind === 'quest')).toHaveLength(2)
		expect(result.canStartNow).toEqual([])
	})
})

test("the lookup's errors come back unchanged: unknown player, bad name, upstream down", async () => {
	await withApi({}, async ({ plan, lookup }) => {
		for (const username of [FAKE_PLAYERS.noProfile, 'x'.repeat(20), FAKE_PLAYERS.serverError]) {
			const viaPlan = await plan('GET', query({ goals: 'big-goal', username }), 'c1')
			const direct = await lookup('GET', query({ username, quests: 'true' }), 'c1')
			expect(viaPlan).toEqual(direct)
			expect(playerDataErrorBodySchema.safeParse(body(viaPlan)).success).toBe(true)
		}
		expect((await plan('GET', query({ username: FAKE_PLAYERS.noProfile }), 'c1')).status).toBe(404)
		expect((await plan('GET', query({ username: 'x'.repeat(20) }), 'c1')).status).toBe(400)
		expect((await plan('GET', query({ username: FAKE_PLAYERS.serverError }), 'c1')).status).toBe(502)
	})
})

test("plans count against the lookup's rate limit", async () => {
	await withApi({ rateLimit: { max: 2, windowMs: 60_000 } }, async ({ plan, lookup }) => {
		expect((await lookup('GET', query({ username: FAKE_PLAYERS.complete }), 'c1')).status).toBe(200)
		expect((await plan('GET', query({ username: FAKE_PLAYERS.complete }), 'c1')).status).toBe(200)
		const limited = await plan('GET', query({ username: FAKE_PLAYERS.complete }), 'c1')
		expect(limited.status).toBe(429)
		expect(limited.headers['retry-after']).toMatch(/^\d+$/)
		expect((body(limited) as { error: { code: string } }).error.code).toBe('RATE_LIMITED')
		expect((await plan('GET', query({ username: FAKE_PLAYERS.complete }), 'c2')).status).toBe(200)
	})
})

test('only GET and HEAD', async () => {
	await withApi({}, async ({ plan }) => {
		const answer = await plan('POST', query({}), 'c1')
		expect(answer.status).toBe(405)
		expect(answer.headers.allow).toBe('GET, HEAD')
		expect((await plan('HEAD', query({ goals: 'big-goal' }), 'c1')).status).toBe(200)
	})
})
