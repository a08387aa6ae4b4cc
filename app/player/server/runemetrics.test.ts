import { createServer } from 'node:net'
import { expect, test } from 'vitest'
import { FAKE_PLAYERS, readFixture, startFakeUpstream, type FakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import {
	createUpstreamClient,
	parseHiscoresLite,
	parseProfile,
	parseQuests,
	UpstreamError,
	type UpstreamClientOptions,
} from './runemetrics.server.ts'

const fixtureJson = (file: string): unknown => JSON.parse(readFixture(file))

async function withClient(
	options: Partial<UpstreamClientOptions> & { slowMs?: number },
	run: (client: ReturnType<typeof createUpstreamClient>) => Promise<void>,
) {
	const fake = await startFakeUpstream({ slowMs: options.slowMs ?? 3000 })
	try {
		await run(
			createUpstreamClient({
				runemetricsBaseUrl: fake.runemetricsBaseUrl,
				hiscoresBaseUrl: fake.hiscoresBaseUrl,
				timeoutMs: 800,
				userAgent: 'test',
				...options,
			}),
		)
	} finally {
		await fake.close()
	}
}

async function upstreamErrorOf(promise: Promise<unknown>): Promise<UpstreamError> {
	const error = await promise.then(
		() => undefined,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(UpstreamError)
	return error as UpstreamError
}

test('parses a full profile: xp from tenths to whole, skills sorted by id', () => {
	const result = parseProfile(fixtureJson('profile_ok.json'))
	if (result.kind !== 'ok') throw new Error('expected a profile')
	expect(result.name).toBe('Zezima Jr')
	expect(result.skills).toHaveLength(29)
	expect(result.skills.map((s) => s.id)).toEqual([...Array(29).keys()])
	expect(result.skills[0]).toEqual({ id: 0, level: 88, xp: 4441652 })
	expect(result.skills[26]).toEqual({ id: 26, level: 1, xp: 0 })
	expect(result.skills[27]).toEqual({ id: 27, level: 2, xp: 142 })
})

test('maps each RuneMetrics error code', () => {
	expect(parseProfile(fixtureJson('profile_error.json'))).toEqual({
		kind: 'unavailable',
		state: 'NO_PROFILE',
	})
	expect(parseProfile(fixtureJson('profile_error_private.json'))).toEqual({
		kind: 'unavailable',
		state: 'PROFILE_PRIVATE',
	})
	expect(parseProfile(fixtureJson('profile_error_not_a_member.json'))).toEqual({
		kind: 'unavailable',
		state: 'NOT_A_MEMBER',
	})
	expect(parseProfile({ error: 'SOMETHING_NEW', loggedIn: 'false' })).toEqual({
		kind: 'unavailable',
		state: 'PROFILE_UNAVAILABLE',
	})
})

test('drops skill ids we do not know', () => {
	const result = parseProfile({
		name: 'A',
		skillvalues: [
			{ id: 29, level: 5, xp: 100 },
			{ id: 3, level: 10, xp: 11545 },
		],
	})
	expect(result).toMatchObject({ kind: 'ok', name: 'A', skills: [{ id: 3, level: 10, xp: 1154 }] })
	expect(result.kind === 'ok' && result.skills).toHaveLength(1)
})

test('rejects a profile of the wrong shape with the path', () => {
	expect(() => parseProfile({ name: 'A', skillvalues: [{ id: 'x' }] })).toThrow(/profile: unexpected JSON shape at skillvalues\.0\.id/)
	expect(() => parseProfile([])).toThrow(UpstreamError)
})

test('parses quests to title, status and quest points', () => {
	const quests = parseQuests(fixtureJson('quests_ok.json'))
	expect(quests).toHaveLength(8)
	expect(quests[0]).toEqual({ title: "Cook's Assistant", status: 'COMPLETED', questPoints: 1 })
	expect(quests[3]).toMatchObject({ title: "'Phite Club", status: 'STARTED' })
	expect(parseQuests(fixtureJson('quests_empty.json'))).toEqual([])
})

test('rejects quests with an unknown status', () => {
	expect(() => parseQuests({ quests: [{ title: 'X', status: 'DONE' }] })).toThrow(/quests: unexpected JSON shape at quests\.0\.status/)
})

test('parses the hiscores CSV in id order, unranked skills as level 1 and 0 xp', () => {
	const { skills } = parseHiscoresLite(readFixture('hiscore_lite.txt'))
	expect(skills).toHaveLength(29)
	expect(skills[0]).toEqual({ id: 0, level: 88, xp: 4441652 })
	expect(skills[3]).toEqual({ id: 3, level: 90, xp: 5472143 })
	expect(skills[26]).toEqual({ id: 26, level: 1, xp: 0 })
	expect(skills[27]).toEqual({ id: 27, level: 1, xp: 0 })
	expect(skills[28]).toEqual({ id: 28, level: 40, xp: 37224 })
})

test('the hiscores agree with the profile for ranked skills', () => {
	const profile = parseProfile(fixtureJson('profile_ok.json'))
	if (profile.kind !== 'ok') throw new Error('expected a profile')
	const hiscores = parseHiscoresLite(readFixture('hiscore_lite.txt'))
	for (const id of [0, 1, 5, 18, 24, 25, 28]) {
		expect(hiscores.skills[id]).toEqual(profile.skills[id])
	}
	expect(hiscores.overall.totalXp).toBe(profile.overall.totalXp)
	expect(hiscores.overall.totalLevel).toBe(profile.overall.totalLevel)
})

test('accepts CRLF hiscores lines', () => {
	const crlf = readFixture('hiscore_lite.txt').replaceAll('\n', '\r\n')
	expect(parseHiscoresLite(crlf).skills[1]).toEqual({ id: 1, level: 90, xp: 5744120 })
})

test('rejects truncated or HTML hiscores', () => {
	expect(() => parseHiscoresLite(readFixture('hiscore_lite_truncated.txt'))).toThrow(/too few or malformed lines/)
	expect(() => parseHiscoresLite(readFixture('outage.html'))).toThrow(/an HTML page/)
})

test('client: reads profile, quests and hiscores from the fake upstream', async () => {
	await withClient({}, async (client) => {
		const profile = await client.profile(FAKE_PLAYERS.complete)
		expect(profile.kind === 'ok' && profile.skills[1]).toEqual({ id: 1, level: 90, xp: 5744120 })
		expect(await client.quests(FAKE_PLAYERS.complete)).toHaveLength(8)
		const hiscores = await client.hiscores(FAKE_PLAYERS.private)
		expect(hiscores.kind === 'ok' && hiscores.skills).toHaveLength(29)
		expect(await client.hiscores(FAKE_PLAYERS.noProfile)).toEqual({ kind: 'not-found' })
	})
})

test('client: 500, HTML and truncated bodies are upstream failures', async () => {
	await withClient({}, async (client) => {
		const crash = await upstreamErrorOf(client.profile(FAKE_PLAYERS.serverError))
		expect([crash.kind, crash.message]).toEqual(['bad-status', 'profile: HTTP 500'])
		const html = await upstreamErrorOf(client.quests(FAKE_PLAYERS.html))
		expect([html.kind, html.message]).toEqual(['bad-body', 'quests: expected JSON, got an HTML page'])
		expect((await upstreamErrorOf(client.profile(FAKE_PLAYERS.truncated))).kind).toBe('bad-body')
		expect((await upstreamErrorOf(client.hiscores(FAKE_PLAYERS.truncated))).kind).toBe('bad-body')
		expect((await upstreamErrorOf(client.hiscores(FAKE_PLAYERS.html))).kind).toBe('bad-body')
	})
})

test('client: a slow answer times out near the timeout', async () => {
	await withClient({ timeoutMs: 100, slowMs: 2000 }, async (client) => {
		const started = performance.now()
		const error = await upstreamErrorOf(client.profile(FAKE_PLAYERS.slow))
		expect(error.kind).toBe('timeout')
		expect(performance.now() - started).toBeLessThan(1000)
	})
})

test('client: bodies over the cap are cut off, chunked or with Content-Length', async () => {
	await withClient({ maxBodyBytes: 64 * 1024 }, async (client) => {
		const chunked = await upstreamErrorOf(client.profile(FAKE_PLAYERS.huge))
		expect([chunked.kind, chunked.message]).toEqual(['too-large', 'profile: body larger than 65536 bytes'])
		const declared = await upstreamErrorOf(client.hiscores(FAKE_PLAYERS.huge))
		expect(declared.kind).toBe('too-large')
		// The cap is on the body only: a normal profile still fits.
		expect((await client.profile(FAKE_PLAYERS.complete)).kind).toBe('ok')
	})
})

test('client: a closed port is an unreachable upstream', async () => {
	const port = await new Promise<number>((resolve) => {
		const probe = createServer().listen(0, '127.0.0.1', () => {
			const address = probe.address()
			probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
		})
	})
	const client = createUpstreamClient({
		runemetricsBaseUrl: `http://127.0.0.1:${port}/runemetrics`,
		hiscoresBaseUrl: `http://127.0.0.1:${port}/m=hiscore`,
		timeoutMs: 1000,
		userAgent: 'test',
	})
	const error = await upstreamErrorOf(client.profile('Zezima Jr'))
	expect(error.kind).toBe('unreachable')
	expect(error.message).toMatch(/ECONNREFUSED/)
})

test('client: sends the User-Agent and the documented query strings', async () => {
	const seen: Array<{ url: string; agent: string | undefined }> = []
	const { createServer: createHttpServer } = await import('node:http')
	const server = createHttpServer((req, res) => {
		seen.push({ url: req.url ?? '', agent: req.headers['user-agent'] })
		res.writeHead(404).end()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const address = server.address()
	const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
	try {
		const client = createUpstreamClient({
			runemetricsBaseUrl: `${base}/runemetrics/`,
			hiscoresBaseUrl: `${base}/m=hiscore`,
			timeoutMs: 1000,
			userAgent: 'GielinorGuide/test',
		})
		await upstreamErrorOf(client.profile('Zezima Jr'))
		await upstreamErrorOf(client.quests('Zezima Jr'))
		await client.hiscores('Zezima Jr')
	} finally {
		await new Promise((resolve) => server.close(resolve))
	}
	expect(seen).toEqual([
		{
			url: '/runemetrics/profile/profile?user=Zezima%20Jr&activities=20',
			agent: 'GielinorGuide/test',
		},
		{ url: '/runemetrics/quests?user=Zezima%20Jr', agent: 'GielinorGuide/test' },
		{ url: '/m=hiscore/index_lite.ws?player=Zezima+Jr', agent: 'GielinorGuide/test' },
	])
})

test('keeps what the tracker records: ranks, totals, quest counts and the adventurer’s log', () => {
	const profile = parseProfile(fixtureJson('profile_ok.json'))
	if (profile.kind !== 'ok') throw new Error('expected a profile')
	expect(profile.overall).toEqual({ rank: 388800, totalLevel: 2022, totalXp: 51723722 })
	expect(profile.ranks).toHaveLength(29)
	expect(profile.ranks[1]).toBe(349144)
	// Rank 0 means unranked.
	expect(profile.ranks[26]).toBeNull()
	expect([profile.questsComplete, profile.questsStarted]).toEqual([3, 1])
	expect(profile.activities).toHaveLength(4)
	expect(profile.activities[0]).toEqual({
		date: '2024-09-05T04:13:00.000Z',
		text: 'Levelled up Divination.',
		details: 'I levelled my Divination skill, I am now level 56.',
	})

	const hiscores = parseHiscoresLite(readFixture('hiscore_lite.txt'))
	expect(hiscores.overall).toEqual({ rank: 388795, totalLevel: 2022, totalXp: 51723722 })
	expect(hiscores.ranks[0]).toBe(363028)
	// `-1` lines: unranked.
	expect(hiscores.ranks[26]).toBeNull()
})

test('odd tracker fields are dropped, never fatal: the lookup still gets its skills', () => {
	const body = fixtureJson('profile_ok.json') as Record<string, unknown>
	const odd = {
		...body,
		rank: null,
		totalskill: 'lots',
		questscomplete: -1,
		activities: [
			{ date: '31-Feb-2024 10:00', text: 'a', details: 'b' },
			{ date: 'yesterday', text: 'a', details: 'b' },
			{ text: 'no date' },
			{ date: '01-Jan-2025 00:00', text: 'kept', details: '' },
		],
	}
	const profile = parseProfile(odd)
	if (profile.kind !== 'ok') throw new Error('expected a profile')
	expect(profile.skills).toHaveLength(29)
	expect(profile.overall.rank).toBeNull()
	// Without totalskill, the sum of the skill levels.
	expect(profile.overall.totalLevel).toBe(profile.skills.reduce((sum, s) => sum + s.level, 0))
	expect(profile.questsComplete).toBeNull()
	expect(profile.activities.map((a) => a.text)).toEqual(['kept'])
	expect(parseProfile({ ...body, activities: 'none' }).kind).toBe('ok')
})

test('client: xp-monthly per skill, consistent with the profile; no history for others', async () => {
	await withClient({}, async (client) => {
		const magic = await client.xpMonthly(FAKE_PLAYERS.complete, 6)
		expect(magic?.totalXp).toBe(4260845)
		expect(magic?.months).toHaveLength(12)
		expect(magic?.months[0]).toEqual({ month: '2025-01', xpGained: 15234 })
		const profile = await client.profile(FAKE_PLAYERS.complete)
		if (profile.kind !== 'ok') throw new Error('expected a profile')
		for (const skill of profile.skills) {
			const history = await client.xpMonthly(FAKE_PLAYERS.complete, skill.id)
			expect(history?.totalXp).toBe(skill.xp)
			const gained = history?.months.reduce((sum, month) => sum + month.xpGained, 0) ?? -1
			expect(gained).toBeLessThanOrEqual(skill.xp)
		}
		expect(await client.xpMonthly(FAKE_PLAYERS.private, 6)).toBeNull()
		expect(await client.xpMonthly(FAKE_PLAYERS.noProfile, 6)).toBeNull()
		const crash = await upstreamErrorOf(client.xpMonthly(FAKE_PLAYERS.serverError, 6))
		expect([crash.kind, crash.message]).toEqual(['bad-status', 'xp-monthly: HTTP 500'])
		const html = await upstreamErrorOf(client.xpMonthly(FAKE_PLAYERS.html, 6))
		expect(html.kind).toBe('bad-body')
	})
})

/** A client of the fake upstream, as the server makes one. */
function clientOf(fake: FakeUpstream) {
	return createUpstreamClient({
		runemetricsBaseUrl: fake.runemetricsBaseUrl,
		hiscoresBaseUrl: fake.hiscoresBaseUrl,
		timeoutMs: 800,
		userAgent: 'test',
	})
}

test('client: the fake upstream counts xp-monthly calls and its outage covers them', async () => {
	const fake = await startFakeUpstream()
	try {
		const client = clientOf(fake)
		await client.xpMonthly(FAKE_PLAYERS.complete, 0)
		await client.xpMonthly(FAKE_PLAYERS.complete, 1)
		expect(fake.callsFor(FAKE_PLAYERS.complete)['xp-monthly']).toBe(2)
		expect(fake.calls['xp-monthly']).toBe(2)
		fake.setOutage(true)
		expect((await upstreamErrorOf(client.xpMonthly(FAKE_PLAYERS.complete, 0))).kind).toBe('bad-status')
	} finally {
		await fake.close()
	}
})

test('the fake upstream: a player who played since shows the XP and quests gained', async () => {
	const fake = await startFakeUpstream()
	try {
		const client = clientOf(fake)
		fake.setProgress('Zezima Played', { xpGained: { 6: 200_000 }, questsCompleted: ["'Phite Club"] })
		const profile = await client.profile('Zezima Played')
		if (profile.kind !== 'ok') throw new Error('expected a profile')
		// Magic from 4,260,845 XP (level 87) to 4,460,845 (level 88).
		expect(profile.skills[6]).toEqual({ id: 6, level: 88, xp: 4_460_845 })
		expect(profile.overall.totalXp).toBe(51_723_722 + 200_000)
		expect(profile.overall.totalLevel).toBe(2023)
		expect(profile.questsComplete).toBe(4)
		const quests = await client.quests('Zezima Played')
		expect(quests.find((q) => q.title === "'Phite Club")?.status).toBe('COMPLETED')
		// Others are unchanged.
		const other = await client.profile('Zezima Jr')
		expect(other.kind === 'ok' && other.skills[6]?.xp).toBe(4_260_845)
	} finally {
		await fake.close()
	}
})
