/** The dashboard's players: find tracked players by the start of their name, and remove one on request. */
import type { Database } from '#app/server/db/database.server.ts'
import * as store from './tracker-store.server.ts'

/** What other features keep about a player, removed in the opt-out's own transaction. */
export type OptOutHook = (tx: Database, key: string) => Promise<unknown>

export function createPlayerAdmin(options: { db: () => Promise<Database>; now: () => number; onOptOut?: OptOutHook }) {
	return {
		/** Tracked players whose key starts with `prefix`. */
		async findPlayers(prefix: string) {
			return store.findPlayers(await options.db(), prefix.trim().toLowerCase())
		},

		/**
		 * Every row about the player; `block` (an opt-out) keeps them from being tracked again and
		 * removes what other features keep about them (`onOptOut`), all or nothing.
		 */
		async deletePlayer(key: string, { block }: { block: boolean }) {
			const at = new Date(options.now())
			const db = await options.db()
			if (!block || !options.onOptOut) return store.deletePlayer(db, key, { block, at })
			const onOptOut = options.onOptOut
			return db.transaction(async (tx) => {
				const deleted = await store.deletePlayer(tx, key, { block, at })
				await onOptOut(tx, key)
				return deleted
			})
		},
	}
}
