import { expect, test, vi } from 'vitest'
import { playerDataErrorBodySchema, playerDataSchema } from '#app/player/types.ts'
import { log } from '#app/server/log.server.ts'
import { FAKE_PLAYERS, startFakeUpstream, type FakeUpstream, type FakeUpstreamOptions } from '#tests/fixtures/fake-upstream.ts'
import type { PlayerDataConfig } from './config.server.ts'
import { createPlayerDataHandler, type PlayerDataHandler } from './handler.server.ts'
import { budgetLimit, createUpstreamGate } from './upstream-gate.server.ts'
import { createMemoryState } from '#app/server/shared-state/memory-state.server.ts'

const MINUTE = 60_000
const TIMEOUT_MS = 800

type Harness = {
	fake: FakeUpstream
	handler: PlayerDataHandler
	clock: { time: number }
	logs: string[]
	get(name: string, query?: string, clientId?: string): Promise<Response>
}

async function withHandler(
	options: { fake?: FakeUpstreamOptions; config?: Partial<PlayerDataConfig> },
	run: (harness: Harness) => Promise<void>,
) {
	const fake = await startFakeUpstream({ slowMs: 2000, ...options.fake })
	const clock = { time: Date.parse('2026-11-01T12:00:00Z') }
	const logs: string[] = []
	const handler = createPlayerDataHandler({
		runemetricsBaseUrl: fake.runemetricsBaseUrl,
		hiscoresBaseUrl: fake.hiscoresBaseUrl,
		timeoutMs: TIMEOUT_MS,
		userAgent: 'GielinorGuide/test',
		rateLimit: false,
		now: () => clock.time,
		log: (line) => logs.push(line),
		...options.config,
	})
	const get = (name: string, query = '&quests=true', clientId = 'client-1') =>
		handler(new Request(`http://localhost/api/v1/player-data?username=${encodeURIComponent(name)}${query}`), clientId)
	try {
		await run({ fake, handler, clock, logs, get })
	} finally {
		await fake.close()
	}
}

async function okBody(response: Response) {
	expect(response.status).toBe(200)
	expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
	expect(response.headers.get('cache-control')).toBe('private, max-age=60')
	return playerDataSchema.parse(await response.json())
}

async function errorBody(response: Response, status: number) {
	expect(response.status).toBe(status)
	expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
	expect(response.headers.get('cache-control')).toBe('no-store')
	return playerDataErrorBodySchema.parse(await response.json())
}

test('a public profile: skills by id from RuneMetrics, quests, fetch time', async () => {
	await withHandler({}, async ({ get, clock }) => {
		const body = await okBody(await get(FAKE_PLAYERS.complete))
		expect(body.name).toBe('Zezima Jr')
		expect(body.source).toBe('runemetrics')
		expect(body.error).toBeUndefined()
		expect(body.stale).toBeUndefined()
		expect(body.fetchedAt).toBe(new Date(clock.time).toISOString())
		expect(body.skillvalues.map((s) => s.id)).toEqual([...Array(29).keys()])
		expect(body.skillvalues[0]).toEqual({ id: 0, level: 88, xp: 4441652 })
		expect(body.quests).toHaveLength(8)
		expect(body.quests[0]).toEqual({ title: "Cook's Assistant", status: 'COMPLETED' })
	})
})

test('without quests=true the quests endpoint is not called', async () => {
	await withHandler({}, async ({ get, fake }) => {
		const body = await okBody(await get(FAKE_PLAYERS.complete, ''))
		expect(body.quests).toEqual([])
		expect(body.skillvalues).toHaveLength(29)
		expect(fake.calls).toEqual({ profile: 1, quests: 0, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('an unknown parameter or a quests value other than true/false is a 400 naming it, before any upstream call', async () => {
	await withHandler({}, async ({ get, fake }) => {
		const typo = await errorBody(await get(FAKE_PLAYERS.complete, '&quest=true'), 400)
		expect(typo.error).toMatchObject({
			code: 'INVALID_PARAMETER',
			message: 'Unknown parameter "quest": this endpoint takes username, quests.',
		})
		const yes = await errorBody(await get(FAKE_PLAYERS.complete, '&quests=yes'), 400)
		expect(yes.error).toMatchObject({ code: 'INVALID_PARAMETER', message: 'quests must be true or false.' })
		expect(fake.calls).toEqual({ profile: 0, quests: 0, hiscores: 0, 'xp-monthly': 0 })
		const without = await okBody(await get(FAKE_PLAYERS.complete, '&quests=false'))
		expect(without.quests).toEqual([])
	})
})

test('case, spaces and _ share one cache entry', async () => {
	await withHandler({}, async ({ get, fake }) => {
		await okBody(await get('Zezima Jr'))
		await okBody(await get('ZEZIMA_JR'))
		await okBody(await get('  zezima jr  '))
		expect(fake.calls).toEqual({ profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('a padded or re-spelled name is asked upstream exactly as it is cached', async () => {
	await withHandler({}, async ({ get, fake }) => {
		const padded = await okBody(await get('_Zezima_Ab_'))
		expect(fake.askedNames).toEqual(['Zezima Ab', 'Zezima Ab'])
		// Every spelling of the player reads the entry the padded request filled: no second call.
		for (const spelling of ['Zezima Ab', 'zezima-ab', ' ZEZIMA__AB ']) {
			expect(await okBody(await get(spelling))).toEqual(padded)
		}
		expect(fake.calls).toEqual({ profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('a cached lookup without quests reuses the profile of one with quests', async () => {
	await withHandler({}, async ({ get, fake }) => {
		await okBody(await get(FAKE_PLAYERS.complete))
		await okBody(await get(FAKE_PLAYERS.complete, ''))
		expect(fake.calls).toEqual({ profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('after 10 minutes the next lookup asks upstream again', async () => {
	await withHandler({}, async ({ get, fake, clock }) => {
		await okBody(await get(FAKE_PLAYERS.complete))
		clock.time += 10 * MINUTE
		const body = await okBody(await get(FAKE_PLAYERS.complete))
		expect(body.fetchedAt).toBe(new Date(clock.time).toISOString())
		expect(fake.calls).toEqual({ profile: 2, quests: 2, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('an unknown player (NO_PROFILE, not in the hiscores) is a 404', async () => {
	await withHandler({}, async ({ get, fake }) => {
		const body = await errorBody(await get(FAKE_PLAYERS.noProfile), 404)
		expect(body.error.code).toBe('USER_NOT_FOUND')
		expect(body.error.message).toBe('User not found: no RuneScape player is called "No Profile".')
		expect(body.data).toBeUndefined()
		expect(fake.calls.hiscores).toBe(1)
	})
})

test('NO_PROFILE with a hiscores entry: 200 with hiscores skills and no quests', async () => {
	await withHandler({}, async ({ get }) => {
		const body = await okBody(await get(FAKE_PLAYERS.hiscoresOnly))
		expect(body).toMatchObject({ name: 'Hiscore Hal', error: 'NO_PROFILE', source: 'hiscores' })
		expect(body.quests).toEqual([])
		expect(body.skillvalues).toHaveLength(29)
		expect(body.skillvalues[1]).toEqual({ id: 1, level: 90, xp: 5744120 })
	})
})

test('a private profile: 200 PROFILE_PRIVATE with hiscores skills and no quests', async () => {
	await withHandler({}, async ({ get }) => {
		const body = await okBody(await get('private_pat'))
		expect(body).toMatchObject({
			name: 'private pat',
			error: 'PROFILE_PRIVATE',
			source: 'hiscores',
		})
		expect(body.quests).toEqual([])
		expect(body.skillvalues).toHaveLength(29)
		expect(body.skillvalues[27]).toEqual({ id: 27, level: 1, xp: 0 })
	})
})

test('NOT_A_MEMBER without a hiscores entry: 200 with the state and no skills', async () => {
	await withHandler({}, async ({ get }) => {
		const body = await okBody(await get(FAKE_PLAYERS.notAMember))
		expect(body).toMatchObject({
			error: 'NOT_A_MEMBER',
			source: 'hiscores',
			skillvalues: [],
			quests: [],
		})
	})
})

test('an empty quest list is passed on', async () => {
	await withHandler({}, async ({ get }) => {
		const body = await okBody(await get(FAKE_PLAYERS.emptyQuests))
		expect(body.quests).toEqual([])
		expect(body.skillvalues).toHaveLength(29)
		expect(body.error).toBeUndefined()
	})
})

test('upstream 500, HTML, truncated and oversized bodies are 502s', async () => {
	await withHandler({ fake: { hugeBytes: 300_000 }, config: { maxBodyBytes: 100_000 } }, async ({ get }) => {
		for (const name of [FAKE_PLAYERS.serverError, FAKE_PLAYERS.html, FAKE_PLAYERS.truncated, FAKE_PLAYERS.huge]) {
			const body = await errorBody(await get(name), 502)
			expect(body.error.code).toBe('UPSTREAM_ERROR')
			expect(body.error.message).toMatch(/^RuneMetrics .*; try again in a few minutes\.$/)
			expect(body.data).toBeUndefined()
		}
	})
})

test('a slow upstream is a 504 within the timeout', async () => {
	await withHandler({}, async ({ get }) => {
		const started = performance.now()
		const body = await errorBody(await get(FAKE_PLAYERS.slow), 504)
		const elapsed = performance.now() - started
		expect(body.error.code).toBe('UPSTREAM_TIMEOUT')
		expect(body.error.message).toBe('RuneMetrics did not answer in time; try again in a few minutes.')
		expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20)
		expect(elapsed).toBeLessThan(TIMEOUT_MS + 500)
	})
})

test('upstream failures are not cached: the next lookup asks again', async () => {
	await withHandler({}, async ({ get, fake }) => {
		await errorBody(await get(FAKE_PLAYERS.serverError, ''), 502)
		await errorBody(await get(FAKE_PLAYERS.serverError, ''), 502)
		expect(fake.calls.profile).toBe(2)
	})
})

test('during an outage the last good answer comes back, marked stale, with a 502', async () => {
	await withHandler({}, async ({ get, fake, clock, logs }) => {
		const fresh = await okBody(await get(FAKE_PLAYERS.complete))
		clock.time += 11 * MINUTE
		fake.setOutage(true)
		const body = await errorBody(await get(FAKE_PLAYERS.complete), 502)
		expect(body.error.code).toBe('UPSTREAM_ERROR')
		expect(body.error.message).toContain(`showing what we fetched at ${fresh.fetchedAt}`)
		expect(body.data).toEqual({ ...fresh, stale: true })
		expect(logs).toContain('player-data: upstream profile: HTTP 503')
	})
})

test('a stale private profile comes back when the hiscores are down', async () => {
	await withHandler({}, async ({ get, fake, clock }) => {
		const fresh = await okBody(await get(FAKE_PLAYERS.private))
		clock.time += 20 * MINUTE
		fake.setOutage(true)
		const body = await errorBody(await get(FAKE_PLAYERS.private), 502)
		expect(body.data).toEqual({ ...fresh, stale: true })
	})
})

test('when upstream turns slow the last good answer comes with a 504', async () => {
	await withHandler({}, async ({ get, fake, clock }) => {
		const fresh = await okBody(await get(FAKE_PLAYERS.complete))
		clock.time += 11 * MINUTE
		fake.setLatency(2000)
		const started = performance.now()
		const body = await errorBody(await get(FAKE_PLAYERS.complete), 504)
		expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 500)
		expect(body.error.code).toBe('UPSTREAM_TIMEOUT')
		expect(body.data).toEqual({ ...fresh, stale: true })
	})
})

test('stale answers are dropped after 30 minutes', async () => {
	await withHandler({}, async ({ get, fake, clock }) => {
		await okBody(await get(FAKE_PLAYERS.complete))
		clock.time += 30 * MINUTE
		fake.setOutage(true)
		const body = await errorBody(await get(FAKE_PLAYERS.complete), 502)
		expect(body.data).toBeUndefined()
	})
})

test('20 concurrent lookups of one name make one call per endpoint', async () => {
	await withHandler({ fake: { latencyMs: 50 } }, async ({ get, fake }) => {
		const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 ? 'Zezima Crowd' : 'zezima_crowd')))
		for (const response of responses) await okBody(response)
		expect(fake.calls).toEqual({ profile: 1, quests: 1, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('concurrent lookups of a failing name share the failure and log it once', async () => {
	await withHandler({ fake: { latencyMs: 30 } }, async ({ get, fake, logs }) => {
		const responses = await Promise.all(Array.from({ length: 5 }, () => get(FAKE_PLAYERS.serverError, '')))
		for (const response of responses) await errorBody(response, 502)
		expect(fake.calls.profile).toBe(1)
		expect(logs).toEqual(['player-data: upstream profile: HTTP 500'])
	})
})

test('a bad name is a 400 with the reason, and no upstream call', async () => {
	await withHandler({}, async ({ get, handler, fake }) => {
		const tooLong = await errorBody(await get('Thirteen Char'), 400)
		expect(tooLong.error).toEqual({
			code: 'INVALID_USERNAME',
			message: 'RuneScape names are at most 12 characters; "Thirteen Char" has 13.',
		})
		const bad = await errorBody(await get('Zezima<Jr>'), 400)
		expect(bad.error.message).toContain('"<", ">"')
		const missing = await handler(new Request('http://localhost/api/v1/player-data'), 'c')
		expect((await errorBody(missing, 400)).error.message).toBe('Enter a RuneScape player name.')
		expect(fake.calls).toEqual({ profile: 0, quests: 0, hiscores: 0, 'xp-monthly': 0 })
	})
})

test('only GET and HEAD are allowed', async () => {
	await withHandler({}, async ({ handler }) => {
		const response = await handler(new Request('http://localhost/api/v1/player-data?username=Zezima', { method: 'POST' }), 'c')
		expect((await errorBody(response, 405)).error.code).toBe('METHOD_NOT_ALLOWED')
		expect(response.headers.get('allow')).toBe('GET, HEAD')
	})
})

test('the per-client rate limit answers 429 with Retry-After', async () => {
	await withHandler({ config: { rateLimit: { max: 2, windowMs: 60_000 } } }, async ({ get, clock }) => {
		await okBody(await get(FAKE_PLAYERS.complete, '', 'a'))
		await okBody(await get(FAKE_PLAYERS.complete, '', 'a'))
		const limited = await get(FAKE_PLAYERS.complete, '', 'a')
		expect(limited.headers.get('retry-after')).toBe('30')
		const body = await errorBody(limited, 429)
		expect(body.error).toEqual({
			code: 'RATE_LIMITED',
			message: 'Too many player lookups; try again in 30 seconds.',
			retryAfterSeconds: 30,
		})
		await okBody(await get(FAKE_PLAYERS.complete, '', 'b'))
		clock.time += 30_000
		await okBody(await get(FAKE_PLAYERS.complete, '', 'a'))
	})
})

test('an unexpected error is a logged 502 LOOKUP_FAILED, not a 500', async () => {
	await withHandler(
		{
			config: {
				rateLimit: { max: 5, windowMs: 1000 },
				now: () => {
					throw new Error('clock broke')
				},
			},
		},
		async ({ get }) => {
			const unexpected = vi.spyOn(log, 'unexpected')
			const body = await errorBody(await get(FAKE_PLAYERS.complete), 502)
			expect(body.error.code).toBe('LOOKUP_FAILED')
			expect(unexpected).toHaveBeenCalledOnce()
			expect(String(unexpected.mock.calls[0]?.[1])).toContain('clock broke')
		},
	)
})

test('every upstream call waits at the gate; a lookup that would wait too long answers 503 UPSTREAM_BUSY with Retry-After, and a cached one still answers', async () => {
	const time = { now: Date.parse('2026-11-01T12:00:00Z') }
	const now = () => time.now
	const budget = createMemoryState({ now }).limiter('upstream', budgetLimit(0.5))
	// One call per 2 s, and nobody waits more than 3 s: the first lookup's two calls take the next 2 s.
	const gate = createUpstreamGate({ rps: 0.5, budget, now, sleep: async (ms) => void (time.now += ms), maxWaitMs: 3000 })
	await withHandler({ config: { gate } }, async ({ get, fake }) => {
		expect((await get(FAKE_PLAYERS.complete)).status).toBe(200)
		expect(fake.calls.profile + fake.calls.quests).toBe(2)
		const [second, third] = await Promise.all([get('Zezima Two'), get('Zezima Three')])
		const busy = [second, third].find((response) => response.status === 503)
		expect(busy, 'one of two lookups at once is refused').toBeDefined()
		expect(Number(busy!.headers.get('retry-after'))).toBeGreaterThan(0)
		expect(playerDataErrorBodySchema.parse(await busy!.json()).error.code).toBe('UPSTREAM_BUSY')
		// The cache needs no call: it answers whatever the gate says.
		expect((await get(FAKE_PLAYERS.complete)).status).toBe(200)
	})
})
