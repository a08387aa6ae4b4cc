/** The top-gainers boards: a page of the players who gained most XP in a week or a month, overall or in one skill. */
import type { Database } from '#app/server/db/database.server.ts'
import { LRUCache } from 'lru-cache'
import type { GainsBoard } from '#app/tracker/api-types.ts'
import type { BoardQuery } from '#app/tracker/api-params.ts'
import { periodEnd, periodStart, utcDay } from '#app/tracker/gain-periods.ts'
import { countBoard, readBoard } from './gains-store.server.ts'

/** Players per page of a top-gainers board. */
export const BOARD_PAGE_SIZE = 25
/** How long a board's player count is kept. */
const BOARD_COUNT_TTL_MS = 60_000

export function createGainsBoards(options: {
	db: () => Promise<Database>
	now: () => number
	/** False while nothing was ever stored (no PGlite folder yet): boards answer empty rather than create one. */
	stored?: () => boolean
}) {
	const { now } = options
	/** Players per board, counted at most once a minute per board (a count reads the whole board). */
	const boardCounts = new LRUCache<string, number>({ max: 500, ttl: BOARD_COUNT_TTL_MS })

	return {
		/** A page of the top gainers of the week or month that holds `query.date` (default today). */
		async gainsBoard(query: BoardQuery): Promise<GainsBoard> {
			const key = { period: query.period, start: periodStart(query.period, query.date ?? utcDay(now())), skill: query.skill }
			let players = 0
			let page: Awaited<ReturnType<typeof readBoard>> = { pages: 0, entries: [], pageLinks: [] }
			if (options.stored?.() !== false) {
				const db = await options.db()
				const counted = `${key.period} ${key.start} ${key.skill}`
				const cached = boardCounts.get(counted)
				players = cached ?? (await countBoard(db, key))
				if (cached === undefined) boardCounts.set(counted, players)
				page = await readBoard(db, key, { page: query.page, after: query.after, pageSize: BOARD_PAGE_SIZE, players })
			}
			const offset = (query.page - 1) * BOARD_PAGE_SIZE
			return {
				period: query.period,
				skill: query.skill,
				from: key.start,
				to: periodEnd(query.period, key.start),
				page: query.page,
				pageSize: BOARD_PAGE_SIZE,
				players: Math.max(players, page.entries.length > 0 ? offset + page.entries.length : 0),
				pages: page.pages,
				entries: page.entries.map((entry, index) => ({ rank: offset + index + 1, ...entry })),
				pageLinks: page.pageLinks,
			}
		},

		/** Counts again on the next read (a player was removed). */
		forgetCounts: () => boardCounts.clear(),
	}
}
