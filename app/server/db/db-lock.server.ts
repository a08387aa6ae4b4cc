/**
 * The embedded database has one owner. PGlite is PostgreSQL inside one process, with no locking
 * between processes: two processes on one folder corrupt it. So every process takes
 * `DATA_DIR/db.lock` before it opens `DATA_DIR/db`: the file names the owner (pid, process start
 * time, what it is); a second opener is refused with that name while the owner lives, and a lock
 * left by a process that has died is taken over. The server takes it at start and keeps it until
 * it exits; `npm run db` takes it only when no server holds it.
 */
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { log } from '#app/server/log.server.ts'

const ownerSchema = z.object({ pid: z.number().int().positive(), started: z.string().nullable(), what: z.string() })
export type LockOwner = z.infer<typeof ownerSchema>

export function lockPath(dbDir: string): string {
	return `${dbDir}.lock`
}

/** The process's start time (clock ticks since boot, from /proc): a reused pid has another one. */
function startTime(pid: number): string | null {
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
		// Fields after the command name (which may hold spaces and parentheses); starttime is field 22.
		return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
	} catch {
		return null
	}
}

function isAlive(owner: LockOwner): boolean {
	try {
		process.kill(owner.pid, 0)
	} catch (error) {
		// EPERM: alive, but another user's.
		if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
	}
	const started = startTime(owner.pid)
	return owner.started === null || started === null || started === owner.started
}

function readOwner(file: string): LockOwner | undefined {
	try {
		return ownerSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
	} catch {
		return undefined
	}
}

export function describeOwner(owner: LockOwner): string {
	return `${owner.what} (pid ${owner.pid})`
}

/** The live process that holds the folder, if any (this process included). */
export function lockOwner(dbDir: string): LockOwner | undefined {
	const owner = readOwner(lockPath(dbDir))
	return owner && isAlive(owner) ? owner : undefined
}

export class DatabaseLockedError extends Error {
	constructor(
		dbDir: string,
		readonly owner: LockOwner,
	) {
		super(
			`${dbDir} is in use by ${describeOwner(owner)}: one process at a time may open the embedded database. Stop it first, or go through it (npm run db -- … asks a running server).`,
		)
	}
}

const held = new Map<string, string>()

/**
 * Takes the folder's lock for this process (again: nothing to do), or throws
 * `DatabaseLockedError` naming the live owner. `what` says who we are, for that message.
 */
export function holdDatabaseLock(dbDir: string, what: string): void {
	const file = lockPath(dbDir)
	if (held.has(file) && readOwner(file)?.pid === process.pid) return
	const mine: LockOwner = { pid: process.pid, started: startTime(process.pid), what }
	const content = `${JSON.stringify(mine)}\n`
	mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
	for (let attempt = 0; attempt < 3; attempt++) {
		const draft = `${file}.${process.pid}`
		writeFileSync(draft, content, { mode: 0o600 })
		try {
			// link() creates the lock with its content at once, or fails when there is one.
			linkSync(draft, file)
			held.set(file, content)
			return
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		} finally {
			rmSync(draft, { force: true })
		}
		const owner = readOwner(file)
		if (owner?.pid === process.pid) {
			held.set(file, content)
			return
		}
		if (owner && isAlive(owner)) throw new DatabaseLockedError(dbDir, owner)
		takeOver(file, owner)
	}
	throw new Error(`Could not take ${file}: other processes keep taking it.`)
}

/** Moves a dead owner's lock aside, unless another process has replaced it meanwhile. */
function takeOver(file: string, stale: LockOwner | undefined) {
	const aside = `${file}.stale-${process.pid}`
	try {
		renameSync(file, aside)
	} catch {
		return // someone else moved it first: try again
	}
	const moved = readOwner(aside)
	if (moved && stale && moved.pid !== stale.pid && isAlive(moved)) {
		// A live process took it over between our read and our rename: give it back.
		renameSync(aside, file)
		throw new DatabaseLockedError(file.replace(/\.lock$/, ''), moved)
	}
	const what = stale ? `${describeOwner(stale)}, which has stopped` : 'an unreadable lock'
	log.info(`database: took over ${file} from ${what}`)
	rmSync(aside, { force: true })
}

/** Gives the folder back (the server at shutdown; every holder at exit). */
export function releaseDatabaseLocks(): void {
	for (const [file, content] of held) {
		try {
			if (readFileSync(file, 'utf8') === content) unlinkSync(file)
		} catch {
			// already gone
		}
	}
	held.clear()
}

process.once('exit', releaseDatabaseLocks)
