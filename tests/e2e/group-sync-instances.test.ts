import { ROSTER_EVENT_TYPES } from '#app/groups/activity.ts'
import { FAKE_CLAN, type FakeUpstream, startFakeUpstream } from '../fixtures/fake-upstream.ts'
import { freshDatabase } from '../fixtures/postgres.ts'
import { expect, test } from './fixtures.ts'
import { rawRequest } from './raw-http.ts'
import { startServerInstance, type ServerInstance } from './server-instance.ts'

// A clan group's daily roster sync on two production instances sharing one PostgreSQL: the sync is
// claimed in the database (`claimDailySync`), so the clan's member list is read once and each change
// recorded once, whichever instance gets there first. PostgreSQL only: two processes cannot share
// one PGlite folder (the embedded database has one owner). Each instance has a fake upstream of its
// own, so the test sees who asked; their sum is what upstream would see.

const DAY = 86_400_000
/** The groups' background loop looks for a due sync at least this often while idle (group-work.server.ts). */
const IDLE_PAUSE_MS = 5000
const LEFT = ['Coord', 'Sarge']

type Item = { kind: string; player: { name: string }; fromRank?: string | null }

async function call(server: ServerInstance, method: string, path: string, body?: unknown) {
	const text = body === undefined ? undefined : JSON.stringify(body)
	const response = await rawRequest(server.baseURL, {
		method,
		path,
		headers: text === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
		body: text,
	})
	return { status: response.status, body: response.body, json: () => JSON.parse(response.body) as unknown }
}

test.describe('the daily roster sync on two instances sharing PostgreSQL', () => {
	const url = process.env.TEST_DATABASE_URL
	test.skip(
		!url,
		'needs TEST_DATABASE_URL (two processes cannot share one PGlite folder): npm test starts a throwaway PostgreSQL (and counts a failure when it cannot)',
	)

	let fakes: FakeUpstream[] = []
	let servers: ServerInstance[] = []
	const logs = () => servers.map((server) => `--- ${server.baseURL}\n${server.output()}`).join('\n')

	test.afterAll(async () => {
		await Promise.all(servers.map((server) => server.stop()))
		await Promise.all(fakes.map((fake) => fake.close()))
	})

	test('a clan due for its daily sync has its member list read once, and each roster change is recorded once', async () => {
		test.setTimeout(120_000)
		const [database, upstreams] = await Promise.all([
			freshDatabase(url!, 'e2e_group_sync_instances'),
			Promise.all([startFakeUpstream(), startFakeUpstream()]),
		])
		fakes = upstreams
		servers = await Promise.all(
			fakes.map((fake) =>
				startServerInstance({
					DATABASE_URL: database,
					TEST_ONLY_SHIFTABLE_CLOCK: '1',
					CLAN_HISCORES_BASE_URL: fake.clanHiscoresBaseUrl,
					// Members' profiles are fetched in the background too (TRACKER_REFRESH is on).
					RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
					HISCORES_BASE_URL: fake.hiscoresBaseUrl,
				}),
			),
		)
		const first = servers[0]!

		// Today: the group is made from the clan on the first instance (its one reading of the list).
		const created = await call(first, 'POST', '/api/v1/groups', { name: 'Two instances', clanName: FAKE_CLAN })
		expect(created.status, created.body).toBe(201)
		const { group } = created.json() as { group: { id: number; members: unknown[] } }
		expect(group.members).toHaveLength(13)
		expect(fakes.map((fake) => fake.clanListRequests.length)).toEqual([1, 0])

		// Tomorrow, on both instances at once: two members have left the clan, and the sync is due.
		for (const fake of fakes) {
			fake.dropClanMembers(...LEFT)
			fake.resetCalls()
		}
		const shiftedAt = Date.now()
		for (const server of servers) {
			const shifted = await call(server, 'POST', `/api/test/clock?advanceMs=${DAY + 60_000}`)
			expect(shifted.status, shifted.body).toBe(200)
		}
		const clanCalls = () => fakes.reduce((sum, fake) => sum + fake.clanListRequests.length, 0)
		await expect.poll(clanCalls, { timeout: 30_000, message: logs() }).toBeGreaterThan(0)
		// Both loops have looked for a due sync since the clocks moved (each looks at least every
		// IDLE_PAUSE_MS): a second reading of the list would have happened by now.
		const settled = shiftedAt + 2 * IDLE_PAUSE_MS - Date.now()
		if (settled > 0) await new Promise((resolve) => setTimeout(resolve, settled))

		expect(clanCalls(), logs()).toBe(1)
		expect(fakes.flatMap((fake) => fake.clanListRequests)).toEqual([FAKE_CLAN])
		for (const server of servers) {
			const read = await call(server, 'GET', `/api/v1/groups/${group.id}`)
			expect(read.status, read.body).toBe(200)
			expect((read.json() as { group: { members: unknown[] } }).group.members).toHaveLength(11)
			const activity = await call(server, 'GET', `/api/v1/groups/${group.id}/activity?limit=100`)
			expect(activity.status, activity.body).toBe(200)
			const roster = (activity.json() as { items: Item[] }).items.filter((item) =>
				(ROSTER_EVENT_TYPES as readonly string[]).includes(item.kind),
			)
			expect(roster.map((item) => [item.kind, item.player.name, item.fromRank]).toSorted()).toEqual([
				['left', 'Coord', 'Coordinator'],
				['left', 'Sarge', 'Sergeant'],
			])
		}
	})
})
