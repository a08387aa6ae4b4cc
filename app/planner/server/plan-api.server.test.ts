import { expect, test } from 'vitest'
import { quest } from '../planner-quest.test-kit.ts'
import { SKILLS, type SkillName } from '#app/lib/skills.ts'
import { createPlanner } from '#app/planner/plan.ts'
import type { PlayerDataConfig } from '#app/player/server/config.server.ts'
import { createPlayerDataCore, type PlayerDataCore } from '#app/player/server/handler.server.ts'
import { playerDataErrorBodySchema } from '#app/player/types.ts'
import { FAKE_PLAYERS, startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import type { PaceAnswer } from '#app/tracker/pace.ts'
import { createPlanCore } from './plan-api.server.ts'

// "Cook's Assistant" is completed in the fake upstream's quest list for Zezima Jr.
const planner = createPlanner({
	quests: [
		quest("Cook's Assistant", { aliases: ['CA'] }),
		quest('Big Goal', { quests: ["Cook's Assistant"], skills: { magic: 95 }, questPoints: 3 }),
	],
	presets: [{ slug: 'quest-point-cape', kind: 'quest-cape', label: 'Quest Point Cape', description: 'All.' }],
})

const noPace = async (): Promise<PaceAnswer> => ({ status: 'not-tracked' })

async function withApi(
	config: Partial<PlayerDataConfig>,
	run: (api: { plan: PlayerDataCore; lookup: PlayerDataCore; fake: FakeUpstream }) => Promise<void>,
	pace: (key: string) => Promise<PaceAnswer> = noPace,
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
		await run({ plan: createPlanCore(lookup, planner, pace), lookup, fake })
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

test('a parameter the plan does not take (a typo) or ironman other than true/false is a 400 naming it', async () => {
	await withApi({}, async ({ plan, fake }) => {
		const typo = await plan('GET', query({ goal: 'wgs', username: 'Zezima Jr' }), 'c1')
		expect(typo.status).toBe(400)
		expect(body(typo)).toEqual({
			error: {
				code: 'INVALID_PARAMETER',
				parameter: 'goal',
				message: 'Unknown parameter "goal": this endpoint takes username, goals, ironman.',
			},
		})
		const ironman = await plan('GET', query({ goals: 'CA', ironman: 'yes' }), 'c1')
		expect([ironman.status, body(ironman)]).toEqual([
			400,
			{ error: { code: 'INVALID_PARAMETER', parameter: 'ironman', message: 'ironman must be true or false.' } },
		])
		expect(fake.calls.profile).toBe(0)
		expect((await plan('GET', query({ goals: 'CA', ironman: 'false' }), 'c1')).status).toBe(200)
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

test('with a tracked player: each training step and the whole plan get an ETA at their own pace; quests are counted', async () => {
	const asked: string[] = []
	const xpPerDay = Object.fromEntries(SKILLS.map(({ name }) => [name, 0])) as Record<SkillName, number>
	xpPerDay.magic = 100_000
	const pace = async (key: string): Promise<PaceAnswer> => {
		asked.push(key)
		return {
			status: 'ok',
			pace: { source: 'snapshots', from: '2026-10-27T00:00:00.000Z', to: '2026-11-26T12:00:00.000Z', days: 30.5, xpPerDay },
		}
	}
	await withApi(
		{},
		async ({ plan }) => {
			const answer = await plan('GET', query({ goals: 'big-goal', username: 'Zezima Jr' }), 'c1')
			expect(answer.status).toBe(200)
			const result = body(answer) as { steps: Array<{ kind: string; eta?: unknown }>; eta: Record<string, unknown> }
			expect(asked).toEqual(['zezima jr'])
			// 4,510,713 XP at 100,000 a day give or take 25 %: 37 to 61 days.
			const eta = { kind: 'range', xpNeeded: 4_510_713, minDays: 37, maxDays: 61, text: 'about 1–2 months' }
			expect(result.steps[0]).toMatchObject({ kind: 'train', eta })
			expect(result.steps[1]).not.toHaveProperty('eta')
			expect(result.eta).toMatchObject({ status: 'ok', plan: eta, questsLeft: 1, pace: { source: 'snapshots', days: 30.5 } })
			expect(result.eta.message).toContain('at your last-30-days pace')
			expect(result.eta).not.toHaveProperty('steps')
		},
		pace,
	)
})

test('a zero rate, a player not tracked and one without history: said in words, no number', async () => {
	const xpPerDay = Object.fromEntries(SKILLS.map(({ name }) => [name, 0])) as Record<SkillName, number>
	const answers: Record<string, PaceAnswer> = {
		'zezima jr': {
			status: 'ok',
			pace: { source: 'backfill', from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z', days: 31, xpPerDay },
		},
		'midgame mia': { status: 'no-history', trackedSince: '2026-11-25T10:00:00.000Z' },
	}
	await withApi(
		{},
		async ({ plan }) => {
			const zero = body(await plan('GET', query({ goals: 'big-goal', username: 'Zezima Jr' }), 'c1')) as {
				steps: Array<{ eta?: { text: string } }>
				eta: { plan: { text: string } }
			}
			expect(zero.steps[0]?.eta?.text).toBe('no recent XP in Magic')
			expect(zero.eta.plan.text).toBe('no recent XP in Magic')
			const none = body(await plan('GET', query({ goals: 'big-goal', username: FAKE_PLAYERS.midgame }), 'c1')) as {
				steps: Array<{ eta?: unknown }>
				eta: { status: string; message: string; plan: unknown }
			}
			expect(none.eta).toMatchObject({ status: 'no-history', plan: null })
			expect(none.eta.message).toContain('tracked since 25 November 2026')
			expect(none.steps.every((step) => !('eta' in step))).toBe(true)
			const untracked = body(await plan('GET', query({ goals: 'big-goal', username: FAKE_PLAYERS.private }), 'c1')) as {
				eta: { status: string; message: string }
			}
			expect(untracked.eta.status).toBe('not-tracked')
			expect(untracked.eta.message).toMatch(/isn't tracked yet/)
			const fresh = body(await plan('GET', query({ goals: 'big-goal' }), 'c1'))
			expect(fresh.eta).toBeNull()
		},
		async (key) => answers[key] ?? { status: 'not-tracked' },
	)
})
