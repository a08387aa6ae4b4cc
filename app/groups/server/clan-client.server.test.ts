import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { FAKE_CLAN, startFakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { createClanClient, type UpstreamFetch } from './clan-client.server.ts'

const CSV = readFileSync(new URL('../../../tests/fixtures/clans/members_lite_ok.csv', import.meta.url))

function client(upstream: UpstreamFetch, timeoutMs = 1000) {
	return createClanClient({ baseUrl: 'http://clans.test/m=clan-hiscores', timeoutMs, userAgent: 'test-agent', upstream })
}

test('asks for the clan by name once and returns the parsed members', async () => {
	const asked: { url: string; headers: Record<string, string> }[] = []
	const read = client(async (url, init) => {
		asked.push({ url, headers: init.headers })
		return new Response(CSV, { headers: { 'content-type': 'text/csv; charset=ISO-8859-1' } })
	})
	const result = await read('Lumbridge Knights')
	expect(asked).toEqual([
		{
			url: 'http://clans.test/m=clan-hiscores/members_lite.ws?clanName=Lumbridge+Knights',
			headers: expect.objectContaining({ 'user-agent': 'test-agent' }),
		},
	])
	if (!result.ok) throw new Error(result.detail)
	expect(result.members[0]).toMatchObject({ name: 'Zezima Jr', rank: 'Owner', totalXp: 4312087123 })
})

test.each([
	['an error status', () => new Response('<html>Oops</html>', { status: 500 }), 'HTTP 500'],
	['an HTML page with 200', () => new Response('<!DOCTYPE html><html><body>No clan</body></html>'), 'header'],
	['an empty body', () => new Response(''), 'header'],
	['a body over the cap', () => new Response(new Uint8Array(300 * 1024).fill(0x41)), 'larger than'],
])('%s is "no such clan or upstream failure"', async (_, answer, detail) => {
	const result = await client(async () => answer())('Nobody')
	expect(result).toMatchObject({ ok: false, reason: 'no-such-clan-or-upstream-failure', message: expect.stringMatching(/No such clan/) })
	expect(!result.ok && result.detail).toContain(detail)
})

test('an unreachable upstream and a timeout are failures, not throws', async () => {
	const refused = await client(async () => {
		throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })
	})('Any')
	expect(refused).toMatchObject({ ok: false, detail: 'connect ECONNREFUSED' })

	const started = Date.now()
	const hung = await client(
		(_, init) => new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason))),
		50,
	)('Any')
	expect(hung).toMatchObject({ ok: false, detail: 'no answer within 0.05s' })
	expect(Date.now() - started).toBeLessThan(1000)
})

test('through fetch, the fake upstream serves its one clan as ISO-8859-1 and an HTML page for others', async () => {
	const fake = await startFakeUpstream()
	try {
		const read = createClanClient({ baseUrl: fake.clanHiscoresBaseUrl, timeoutMs: 2000, userAgent: 'test-agent', upstream: fetch })
		const clan = await read(FAKE_CLAN.toUpperCase())
		if (!clan.ok) throw new Error(clan.detail)
		expect(clan.members).toHaveLength(13)
		expect(clan.members.map((m) => m.name)).toContain('Deputy Dee')
		expect(await read('No Such Clan')).toMatchObject({ ok: false, reason: 'no-such-clan-or-upstream-failure' })
	} finally {
		await fake.close()
	}
})
