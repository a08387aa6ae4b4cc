/**
 * Removals and blocks outlive a restore. A backup taken before a player was deleted (or blocked)
 * still holds that player; restoring it must not bring them back. The restore reads both lists
 * from the database it replaces and writes them into the restored one, then deletes again every
 * blocked player and every player tracked since before their last removal (a player removed and
 * tracked again later keeps what the backup has of the new tracking).
 */
import { sql } from 'drizzle-orm'
import type { CarryOver } from '#app/server/db/database.server.ts'
import { optOuts, removals } from './schema.ts'

const CHUNK = 1000

export const keepForgottenPlayers: CarryOver = async (before) => {
	const blocked = await before.select().from(optOuts)
	const removed = await before.select().from(removals)
	return async (after) => {
		await after.transaction(async (tx) => {
			for (let i = 0; i < blocked.length; i += CHUNK) {
				await tx
					.insert(optOuts)
					.values(blocked.slice(i, i + CHUNK))
					.onConflictDoNothing()
			}
			for (let i = 0; i < removed.length; i += CHUNK) {
				await tx
					.insert(removals)
					.values(removed.slice(i, i + CHUNK))
					.onConflictDoUpdate({ target: removals.key, set: { removedAt: sql`greatest(${removals.removedAt}, excluded.removed_at)` } })
			}
			await tx.execute(sql`
				delete from tracked_players p
				where exists (select 1 from tracker_opt_outs o where o.key = p.key)
					or exists (select 1 from tracker_removals r where r.key = p.key and p.tracked_since <= r.removed_at)`)
		})
	}
}
