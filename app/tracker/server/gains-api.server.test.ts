// The records and top-gainers endpoints over a real (PGlite) database: JSON shapes, paging, the
// 400s that name the parameter, and removed players absent.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '#app/server/db/database.server.ts'
import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { gainsBoardSchema, playerRecordsSchema } from '#app/tracker/api-types.ts'
import { createPlayersApiCore, GAINS_BOARD_PATH } from './players-api.server.ts'
import { BOARD_PAGE_SIZE } from './gains-board.server.ts'
import { createTracker } from './tracker.server.ts'
import { deletePlayer, recordFetch } from './tracker-store.server.ts'
import { snapshotOf } from './tracker-store.test-kit.ts'

let handle: DatabaseHandle
const NOW = Date.parse('2026-03-04T12:00:00Z')
const PLAYERS = BOARD_PAGE_SIZE + 2

beforeAll(async () => {
	handle = await openTestPglite()
	await handle.migrate()
	const fetch = (key: string, when: string, attack: number) =>
		recordFetch(handle.db, {
			key,
			name: key.replace('p', 'Player '),
			fetchedAt: new Date(when),
			snapshot: snapshotOf({ attack }),
			quests: null,
			activities: [],
		})
	// Player n gains 1,000 × n Attack XP on Tuesday 3 March 2026: the most first, player 27.
	for (let n = 1; n <= PLAYERS; n++) {
		await fetch(`p${n}`, '2026-03-01T12:00:00Z', 1000)
		await fetch(`p${n}`, '2026-03-03T12:00:00Z', 1000 + n * 1000)
	}
	await deletePlayer(handle.db, `p${PLAYERS}`, { block: true, at: new Date(NOW) })
}, 120_000)
afterAll(async () => {
	await handle?.close()
})

const tracker = () =>
	createTracker({ db: async () => handle.db, now: () => NOW, fetchFresh: () => Promise.reject(new Error('no upstream here')) })
const allowed = { hitLimit: async () => ({ allowed: true as const }) }

async function get(path: string, method = 'GET') {
	const [pathname = '', search = ''] = path.split('?')
	const core = createPlayersApiCore(tracker(), allowed)
	const answer = await core(method, new URLSearchParams(search), 'client', pathname)
	return { ...answer, json: answer.body ? (JSON.parse(answer.body) as Record<string, unknown>) : undefined }
}

describe('GET /api/v1/players/:name/records', () => {
	test('a tracked player: best day, week and month per skill and overall, with their days', async () => {
		const answer = await get('/api/v1/players/P3/records')
		expect(answer.status).toBe(200)
		expect(answer.headers['access-control-allow-origin']).toBe('*')
		const records = playerRecordsSchema.parse(answer.json)
		expect(records.name).toBe('Player 3')
		expect(records.overall).toEqual({
			day: { xpGained: 3000, from: '2026-03-03', to: '2026-03-03', source: 'snapshots' },
			week: { xpGained: 3000, from: '2026-03-02', to: '2026-03-08', source: 'snapshots' },
			month: { xpGained: 3000, from: '2026-03-01', to: '2026-03-31', source: 'snapshots' },
		})
		expect(records.skills).toHaveLength(29)
		expect(records.skills[0]?.week?.xpGained).toBe(3000)
		expect(records.skills[1]).toEqual({ skill: 'defence', day: null, week: null, month: null })
	})

	test('a query parameter an endpoint does not take is a 400 naming it', async () => {
		const cases: Array<[string, string, string]> = [
			['/api/v1/players/P3/records?period=week', 'period', 'takes no query parameters'],
			['/api/v1/players/P3?from=2026-03-01', 'from', 'takes no query parameters'],
			['/api/v1/players/P3/gains?perod=month', 'perod', 'takes period, from, to'],
			['/api/v1/players/P3/snapshots?limit=5&page=2', 'page', 'takes from, to, limit'],
			['/api/v1/players/P3/catch-up?from=2026-03-01', 'from', 'takes since'],
		]
		for (const [path, parameter, takes] of cases) {
			const answer = await get(path)
			expect(answer.status, path).toBe(400)
			expect(answer.json, path).toEqual({
				error: { code: 'INVALID_PARAMETER', parameter, message: `Unknown parameter "${parameter}": this endpoint ${takes}.` },
			})
		}
		expect((await get('/api/v1/players/P3/gains?period=month')).status).toBe(200)
		expect((await get('/api/v1/players/P3/snapshots?limit=5')).status).toBe(200)
	})

	test('unknown and removed players are 404s', async () => {
		for (const name of ['nobody', `p${PLAYERS}`]) {
			const answer = await get(`/api/v1/players/${name}/records`)
			expect(answer.status).toBe(404)
			expect(answer.json).toMatchObject({ error: { code: 'USER_NOT_FOUND' } })
		}
	})
})

describe('GET /api/v1/leaderboards/gains', () => {
	test('this week, all skills: most XP first, ranked across pages, the removed player absent', async () => {
		const first = gainsBoardSchema.parse((await get(GAINS_BOARD_PATH)).json)
		expect(first).toMatchObject({
			period: 'week',
			skill: 'overall',
			from: '2026-03-02',
			to: '2026-03-08',
			page: 1,
			pageSize: BOARD_PAGE_SIZE,
			players: PLAYERS - 1,
			pages: 2,
		})
		expect(first.entries[0]).toEqual({ rank: 1, name: `Player ${PLAYERS - 1}`, xpGained: (PLAYERS - 1) * 1000 })
		expect(first.entries).toHaveLength(BOARD_PAGE_SIZE)
		const second = gainsBoardSchema.parse((await get(`${GAINS_BOARD_PATH}?page=2`)).json)
		expect(second.entries).toEqual([{ rank: BOARD_PAGE_SIZE + 1, name: 'Player 1', xpGained: 1000 }])
		const names = [...first.entries, ...second.entries].map((e) => e.name)
		expect(names).not.toContain(`Player ${PLAYERS}`)
		expect(new Set(names).size).toBe(PLAYERS - 1)
	})

	test('a skill, a month, an earlier week, a page past the end', async () => {
		const attack = gainsBoardSchema.parse((await get(`${GAINS_BOARD_PATH}?period=month&skill=Attack`)).json)
		expect(attack).toMatchObject({ period: 'month', skill: 'attack', from: '2026-03-01', to: '2026-03-31', players: PLAYERS - 1 })
		const magic = gainsBoardSchema.parse((await get(`${GAINS_BOARD_PATH}?skill=magic`)).json)
		expect(magic).toMatchObject({ players: 0, pages: 0, entries: [] })
		const before = gainsBoardSchema.parse((await get(`${GAINS_BOARD_PATH}?date=2026-02-28`)).json)
		expect(before).toMatchObject({ from: '2026-02-23', to: '2026-03-01', players: 0 })
		const past = gainsBoardSchema.parse((await get(`${GAINS_BOARD_PATH}?page=9`)).json)
		expect(past).toMatchObject({ page: 9, pages: 2, entries: [] })
	})

	test('each page link says where its page starts (after=): following them reads every page, no count from the top', async () => {
		const first = gainsBoardSchema.parse((await get(GAINS_BOARD_PATH)).json)
		// Page 2 starts after page 1's last entry, Player 2: its XP and its player's id.
		expect(first.pageLinks).toEqual([
			{ page: 1, after: null },
			{ page: 2, after: expect.stringMatching(/^2000\.\d+$/) },
		])
		const second = gainsBoardSchema.parse((await get(`${GAINS_BOARD_PATH}?page=2&after=${first.pageLinks[1]!.after}`)).json)
		expect(second).toMatchObject({ page: 2, pages: 2, entries: [{ rank: BOARD_PAGE_SIZE + 1, name: 'Player 1', xpGained: 1000 }] })
		expect(second.pageLinks).toEqual(first.pageLinks)
	})

	test('a board counts its players at most once a minute; a removal is counted at once', async () => {
		const shared = tracker()
		const week = { period: 'week', skill: 'overall', page: 1, date: null, after: null } as const
		expect((await shared.gainsBoard(week)).players).toBe(PLAYERS - 1)
		// A new player gains the most: on the board at once, in the count from the next count.
		await recordFetch(handle.db, {
			key: 'newcomer',
			name: 'Newcomer',
			fetchedAt: new Date('2026-03-02T12:00:00Z'),
			snapshot: snapshotOf({ attack: 1000 }),
			quests: null,
			activities: [],
		})
		await recordFetch(handle.db, {
			key: 'newcomer',
			name: 'Newcomer',
			fetchedAt: new Date('2026-03-03T13:00:00Z'),
			snapshot: snapshotOf({ attack: 1_000_000 }),
			quests: null,
			activities: [],
		})
		const cached = await shared.gainsBoard(week)
		expect(cached.entries[0]).toMatchObject({ rank: 1, name: 'Newcomer' })
		expect(cached.players).toBe(PLAYERS - 1)
		expect((await tracker().gainsBoard(week)).players).toBe(PLAYERS)
		await shared.deletePlayer('newcomer', { block: false })
		expect((await shared.gainsBoard(week)).players).toBe(PLAYERS - 1)
	})

	test('bad parameters are 400s that name the parameter; other methods 405', async () => {
		const cases: Array<[string, string, RegExp]> = [
			['period=day', 'period', /^period must be week or month/],
			['skill=sailing', 'skill', /^skill must be overall or a skill name/],
			['page=0', 'page', /^page must be a whole number/],
			['page=1.5', 'page', /^page must be a whole number/],
			['page=99999999999999999999', 'page', /^page must be a whole number from 1 to 10000$/],
			['page=1&page=2', 'page', /^page must be given once/],
			['date=2026-13-01', 'date', /^date must be a date/],
			['period=week&skil=attack', 'skil', /^Unknown parameter "skil": this endpoint takes period, skill, page, date, after\.$/],
			['after=100.1', 'after', /^after goes with a page from 2 on/],
			['page=2&after=1e5.3', 'after', /^after must be a place on the board/],
			['page=11', 'page', /^page past 10 needs the after= its link gives/],
		]
		for (const [search, parameter, message] of cases) {
			const answer = await get(`${GAINS_BOARD_PATH}?${search}`)
			expect(answer.status, search).toBe(400)
			expect(answer.json, search).toMatchObject({
				error: { code: 'INVALID_PARAMETER', parameter, message: expect.stringMatching(message) },
			})
		}
		const post = await get(GAINS_BOARD_PATH, 'POST')
		expect(post.status).toBe(405)
		expect(post.headers.allow).toBe('GET, HEAD')
	})
})
