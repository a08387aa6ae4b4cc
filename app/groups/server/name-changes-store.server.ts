/**
 * Name changes' queries: storing a change for review, applying one (the tracker's histories merged
 * under the new name, groups following, the change recorded: one transaction), the list of recent
 * ones, and where an old name now points.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '#app/server/db/database.server.ts'
import { mergePlayers } from '#app/tracker/server/merge-store.server.ts'
import { trackedPlayers } from '#app/tracker/server/schema.ts'
import { classifyPlayerLog, renameInGroups } from './groups-store.server.ts'
import { nameChanges } from './schema.ts'

export type NameChange = typeof nameChanges.$inferSelect

export type NewNameChange = {
	old: { key: string; name: string }
	new: { key: string; name: string }
	source: NameChange['source']
	submittedAt: Date
}

/**
 * What other features keep by player name follows a change applied, in the same transaction (the
 * competitions' participants: wired by `app/server/player-services.server.ts`, so groups never
 * import them). A failure undoes the whole change.
 */
export type RenameHook = (tx: Database, from: NewNameChange['old'], to: NewNameChange['new'], at: Date) => Promise<void>

const columns = (change: NewNameChange) => ({
	oldKey: change.old.key,
	oldName: change.old.name,
	newKey: change.new.key,
	newName: change.new.name,
	source: change.source,
	submittedAt: change.submittedAt,
})

/** Stores a change for review; null when a change of that old name is waiting already. */
export async function storePending(db: Database, change: NewNameChange, reason: string): Promise<NameChange | null> {
	const [row] = await db
		.insert(nameChanges)
		.values({ ...columns(change), status: 'pending', reason })
		.onConflictDoNothing()
		.returning()
	return row ?? null
}

/** The change of `oldKey` waiting for review, if any. */
export async function findPending(db: Database, oldKey: string): Promise<NameChange | undefined> {
	const [row] = await db
		.select()
		.from(nameChanges)
		.where(and(eq(nameChanges.oldKey, oldKey), eq(nameChanges.status, 'pending')))
	return row
}

/**
 * Applies a change at `at`: the old name's tracked history moves under the new name
 * (`mergePlayers`), its log entries are classified again under the new row, its groups follow
 * (`renameInGroups`), so does what `onRename` moves, and the change is recorded as applied (the
 * pending row `pendingId` when it was reviewed). Null, with nothing changed, when the old name has no history (any more) or the
 * pending row is gone (rejected, or applied by someone else meanwhile).
 */
export async function applyNameChange(
	db: Database,
	change: NewNameChange,
	at: Date,
	{ pendingId, onRename }: { pendingId?: number; onRename?: RenameHook } = {},
): Promise<NameChange | null> {
	return db.transaction(async (tx) => {
		if (pendingId !== undefined) {
			const [pending] = await tx
				.select({ id: nameChanges.id })
				.from(nameChanges)
				.where(and(eq(nameChanges.id, pendingId), eq(nameChanges.status, 'pending')))
				.for('update')
			if (!pending) return null
		}
		const merged = await mergePlayers(tx, change.old.key, change.new)
		if (!merged.merged) return null
		await classifyPlayerLog(tx, merged.playerId)
		await renameInGroups(tx, change.old, change.new, at)
		await onRename?.(tx, change.old, change.new, at)
		const [applied] =
			pendingId === undefined
				? await tx
						.insert(nameChanges)
						.values({ ...columns(change), status: 'applied', appliedAt: at })
						.returning()
				: await tx.update(nameChanges).set({ status: 'applied', appliedAt: at }).where(eq(nameChanges.id, pendingId)).returning()
		return applied!
	})
}

/** Discards a pending change (the dashboard's reject); false when there is none by that id. */
export async function rejectNameChange(db: Database, id: number): Promise<boolean> {
	const deleted = await db
		.delete(nameChanges)
		.where(and(eq(nameChanges.id, id), eq(nameChanges.status, 'pending')))
		.returning({ id: nameChanges.id })
	return deleted.length > 0
}

export async function readNameChange(db: Database, id: number): Promise<NameChange | undefined> {
	const [row] = await db.select().from(nameChanges).where(eq(nameChanges.id, id))
	return row
}

/** The newest changes first, all or of one status. */
export async function listNameChanges(db: Database, options: { status?: NameChange['status']; limit?: number } = {}) {
	return db
		.select()
		.from(nameChanges)
		.where(options.status ? eq(nameChanges.status, options.status) : undefined)
		.orderBy(desc(nameChanges.submittedAt), desc(nameChanges.id))
		.limit(options.limit ?? 50)
}

/** How many applied changes an old name's redirect follows at most (A → B → C …). */
const MAX_HOPS = 5

/**
 * Where an old name points now: the new name of its latest applied change, followed through later
 * changes of that name. Undefined when the name was never changed, or when a player by that name
 * is tracked again (someone took the freed name): then the name is theirs.
 */
export async function resolveRename(db: Database, key: string): Promise<{ key: string; name: string } | undefined> {
	let current: { key: string; name: string } | undefined
	let from = key
	for (let hop = 0; hop < MAX_HOPS; hop++) {
		const [row] = await db
			.select({ key: nameChanges.newKey, name: nameChanges.newName })
			.from(nameChanges)
			.where(
				and(
					eq(nameChanges.oldKey, from),
					eq(nameChanges.status, 'applied'),
					sql`not exists (select 1 from ${trackedPlayers} where ${trackedPlayers.key} = ${from})`,
				),
			)
			.orderBy(desc(nameChanges.appliedAt))
			.limit(1)
		if (!row || row.key === key) break
		current = row
		from = row.key
	}
	return current
}
