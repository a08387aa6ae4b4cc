/**
 * "Old name → new name", checked on facts and applied: anyone may submit one (the page, the API),
 * and a roster sync submits the renames it suggests. The old name must have history here; upstream
 * is asked whether the old name is gone and what the new one has now (through the lookup, so
 * through the one upstream gate: at interactive priority when a visitor waits, at group priority
 * for a sync); `checkNameChange` gives the verdict. Accepted: applied at once. Doubtful: stored
 * for the dashboard's review. Refused: answered with the reason, nothing stored.
 */
import type { PlayerDataAnswer } from '#app/player/server/handler.server.ts'
import type { UpstreamPriority } from '#app/player/server/upstream-gate.server.ts'
import type { PlayerName } from '#app/player/username.ts'
import type { Database } from '#app/server/db/database.server.ts'
import type { Limiter } from '#app/server/shared-state/shared-state.server.ts'
import type { Snapshot } from '#app/tracker/api-types.ts'
import { findPlayer, latestSnapshot } from '#app/tracker/server/tracker-store.server.ts'
import { checkNameChange } from '#app/groups/name-change.ts'
import type { RenameSuggestion } from '#app/groups/roster-diff.ts'
import {
	applyNameChange,
	findPending,
	listNameChanges,
	readNameChange,
	rejectNameChange,
	resolveRename,
	storePending,
	type NameChange,
	type RenameHook,
} from './name-changes-store.server.ts'

/** A name change as the page, the dashboard and the API show it. */
export type NameChangeView = {
	id: number
	oldName: string
	newName: string
	status: NameChange['status']
	source: NameChange['source']
	reason: string | null
	submittedAt: string
	appliedAt: string | null
}

export type NameChangeOutcome =
	| { kind: 'applied'; change: NameChangeView }
	| { kind: 'pending'; change: NameChangeView }
	/** The facts say no (`checkNameChange`): nothing stored. */
	| { kind: 'refused'; reason: string }
	/** Already done, or already waiting for review. */
	| { kind: 'conflict'; reason: string }
	| { kind: 'upstream-failed'; message: string; retryAfterSeconds: number }
	| { kind: 'too-many'; retryAfterSeconds: number }

export type NameChangesDeps = {
	db: () => Promise<Database>
	/** The lookup's forced fetch (recorded by the tracker before it answers). */
	fetchFresh: (player: PlayerName, priority: UpstreamPriority) => Promise<PlayerDataAnswer>
	/** Submissions per client (each may cost two upstream calls). */
	limit: Limiter
	now: () => number
	log?: (line: string) => void
	/** What else follows a change applied, in its transaction (`RenameHook`). */
	onRename?: RenameHook
}

export type Submitter = { source: 'visitor'; client: string } | { source: 'roster' }

const UPSTREAM_RETRY_SECONDS = 30

function view(row: NameChange): NameChangeView {
	return {
		id: row.id,
		oldName: row.oldName,
		newName: row.newName,
		status: row.status,
		source: row.source,
		reason: row.reason,
		submittedAt: row.submittedAt.toISOString(),
		appliedAt: row.appliedAt?.toISOString() ?? null,
	}
}

/** Whether upstream knows the name: true, false, or the failure to report. */
function exists(answer: PlayerDataAnswer): boolean | { message: string; retryAfterSeconds: number } {
	if (answer.status === 200) return true
	if (answer.status === 404) return false
	let message = 'RuneMetrics and the hiscores are not answering properly right now.'
	try {
		message = (JSON.parse(answer.body) as { error: { message: string } }).error.message
	} catch {
		// The lookup's errors are JSON; keep the plain message otherwise.
	}
	return { message, retryAfterSeconds: Number(answer.headers['retry-after']) || UPSTREAM_RETRY_SECONDS }
}

export function createNameChanges(deps: NameChangesDeps) {
	const log = deps.log ?? (() => {})

	async function submit(oldName: PlayerName, newName: PlayerName, by: Submitter): Promise<NameChangeOutcome> {
		if (by.source === 'visitor') {
			const allowed = await deps.limit.hit(by.client)
			if (!allowed.allowed) return { kind: 'too-many', retryAfterSeconds: allowed.retryAfterSeconds }
		}
		const db = await deps.db()
		const waiting = await findPending(db, oldName.key)
		if (waiting) {
			return { kind: 'conflict', reason: `A change of ${waiting.oldName} to ${waiting.newName} is waiting for review already.` }
		}
		const oldPlayer = await findPlayer(db, oldName.key)
		if (!oldPlayer) {
			const renamed = await resolveRename(db, oldName.key)
			if (renamed) return { kind: 'conflict', reason: `${oldName.name} was changed to ${renamed.name} already.` }
		}
		const oldSnapshot = (oldPlayer && (await latestSnapshot(db, oldPlayer))) ?? null
		if (!oldPlayer || !oldSnapshot) return refused(checkNameChange({ oldSnapshot: null, oldNameExists: false, newSnapshot: null }))

		const priority = by.source === 'visitor' ? 'interactive' : 'group'
		const oldExists = exists(await deps.fetchFresh(oldName, priority))
		if (typeof oldExists === 'object') return { kind: 'upstream-failed', ...oldExists }
		let newSnapshot: Snapshot | null = null
		let newShown = newName
		if (!oldExists) {
			const newExists = exists(await deps.fetchFresh(newName, priority))
			if (typeof newExists === 'object') return { kind: 'upstream-failed', ...newExists }
			const newPlayer = newExists ? await findPlayer(db, newName.key) : undefined
			const latest = newPlayer && (await latestSnapshot(db, newPlayer))
			if (newExists && !latest) {
				return {
					kind: 'refused',
					reason: 'The new name cannot be tracked here: RuneScape shows no skills for it, or it asked not to be tracked.',
				}
			}
			if (newPlayer && latest) {
				// The XP as of the fetch just made (a snapshot is only stored when something changed).
				newSnapshot = { ...latest, takenAt: newPlayer.lastCheckedAt.toISOString() }
				newShown = { key: newName.key, name: newPlayer.name }
			}
		}
		const verdict = checkNameChange({ oldSnapshot, oldNameExists: oldExists, newSnapshot })
		if (verdict.verdict === 'refuse') return refused(verdict)
		const change = {
			old: { key: oldName.key, name: oldPlayer.name },
			new: newShown,
			source: by.source,
			submittedAt: new Date(deps.now()),
		}
		if (verdict.verdict === 'review') {
			const pending = await storePending(db, change, verdict.reason)
			return pending
				? { kind: 'pending', change: view(pending) }
				: { kind: 'conflict', reason: `A change of ${oldPlayer.name} is waiting for review already.` }
		}
		const applied = await applyNameChange(db, change, change.submittedAt, { onRename: deps.onRename })
		return applied
			? { kind: 'applied', change: view(applied) }
			: { kind: 'conflict', reason: `${oldPlayer.name} has no history here any more: it was changed meanwhile.` }
	}

	return {
		submit,

		/** A roster sync's suggested renames, one after another (background work: the outcomes are logged). */
		async submitRenames(renames: readonly RenameSuggestion[]): Promise<void> {
			for (const { from, to } of renames) {
				try {
					const outcome = await submit(from, to, { source: 'roster' })
					log(`name change ${from.name} → ${to.name} from a roster sync: ${outcome.kind}`)
				} catch (error) {
					log(`name change ${from.name} → ${to.name} from a roster sync failed: ${error instanceof Error ? error.message : String(error)}`)
				}
			}
		},

		/** The newest changes, applied and pending. */
		async recent(limit = 50): Promise<NameChangeView[]> {
			return (await listNameChanges(await deps.db(), { limit })).map(view)
		},

		async pending(): Promise<NameChangeView[]> {
			return (await listNameChanges(await deps.db(), { status: 'pending', limit: 200 })).map(view)
		},

		/** The dashboard's approval: applies a pending change as submitted. */
		async approve(id: number): Promise<{ ok: true; change: NameChangeView } | { ok: false; reason: string }> {
			const db = await deps.db()
			const row = await readNameChange(db, id)
			if (row?.status !== 'pending') return { ok: false, reason: 'No such change waits for review (approved or rejected already?).' }
			const change = {
				old: { key: row.oldKey, name: row.oldName },
				new: { key: row.newKey, name: row.newName },
				source: row.source,
				submittedAt: row.submittedAt,
			}
			const applied = await applyNameChange(db, change, new Date(deps.now()), { pendingId: id, onRename: deps.onRename })
			return applied
				? { ok: true, change: view(applied) }
				: { ok: false, reason: `${row.oldName} has no history here any more, or the change was decided meanwhile: reject it.` }
		},

		/** The dashboard's rejection: the pending change is discarded. */
		async reject(id: number): Promise<boolean> {
			return rejectNameChange(await deps.db(), id)
		},

		/** Where an old name's page and API now point (the new name), if it was changed. */
		async renamedTo(key: string) {
			return resolveRename(await deps.db(), key)
		},
	}
}

export type NameChanges = ReturnType<typeof createNameChanges>

function refused(verdict: ReturnType<typeof checkNameChange>): NameChangeOutcome {
	return { kind: 'refused', reason: verdict.verdict === 'accept' ? '' : verdict.reason }
}
