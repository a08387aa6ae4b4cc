/**
 * `npm run db -- <command>` on the database the server would use (DATABASE_URL, else PGlite
 * under DATA_DIR/db):
 *   migrate        apply pending migrations (the server also does it at start, under a lock)
 *   status         applied and pending migrations
 *   backup FILE    embedded engine: a .tar.gz of the database (mode 0600), also while the server runs
 *   restore FILE   embedded engine: replace the database with a backup (the old folder is kept);
 *                  players removed or blocked since the backup stay removed
 * The embedded database has one owner (db-lock.server.ts): while a server holds DATA_DIR/db, every
 * command goes through it, and the folder is never opened while a live process holds it.
 * PostgreSQL is backed up with its own tools: pg_dump / pg_restore (see the README).
 */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { embeddedDataDir, getDatabase, openDatabase, replaceEmbedded } from '#app/server/db/database.server.ts'
import { DB_CONTROL_PATH, readDbControl } from '#app/server/db/db-control.server.ts'
import { describeOwner, holdDatabaseLock, lockOwner, type LockOwner } from '#app/server/db/db-lock.server.ts'
import { migrationStatus, type MigrationStatus } from '#app/server/db/migration-status.server.ts'
import { getEnv } from '#app/server/env.server.ts'
import { keepForgottenPlayers } from '#app/tracker/server/forgotten-players.server.ts'

// Backups hold every tracked player's history: readable by this user only.
process.umask(0o077)

const USAGE = 'Usage: npm run db -- migrate | status | backup FILE | restore FILE'
type Command = 'migrate' | 'status' | 'backup' | 'restore'

const env = getEnv()
const dbDir = embeddedDataDir(env.DATA_DIR)

function writeBackup(file: string, archive: ArrayBuffer) {
	writeFileSync(file, Buffer.from(archive), { mode: 0o600 })
	chmodSync(file, 0o600) // a file that was there keeps its mode otherwise
}

const describeStatus = (where: string, status: MigrationStatus) => {
	const list = (tags: string[]) => (tags.length ? tags.join(', ') : 'none')
	return `${where}\napplied: ${list(status.applied)}\npending: ${list(status.pending)}`
}

/** The command, asked of the server that owns the folder. Never falls back to opening it. */
async function throughServer(command: Command, file: string | undefined, owner: LockOwner): Promise<string> {
	const control = readDbControl(env.DATA_DIR)
	if (control?.pid !== owner.pid) {
		throw new Error(`${dbDir} is in use by ${describeOwner(owner)}, which is not a server this command can go through. Nothing was done: run it again once that process has finished.`)
	}
	const via = `through the running server (pid ${owner.pid})`
	let answer: Response
	try {
		answer = await fetch(`http://127.0.0.1:${control.port}${DB_CONTROL_PATH}${command}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${control.token}` },
			body: command === 'restore' ? new Uint8Array(readFileSync(file!)) : undefined,
		})
	} catch (error) {
		const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)
		throw new Error(`${dbDir} is held by ${describeOwner(owner)}, which did not answer on port ${control.port} (${reason}). Nothing was done: the folder is never opened while its owner runs.`, { cause: error })
	}
	if (!answer.ok) throw new Error(`The running server (pid ${owner.pid}) could not ${command}: ${answer.status} ${await answer.text()}`)
	switch (command) {
		case 'status':
		case 'migrate': {
			const { where, ...status } = (await answer.json()) as MigrationStatus & { where: string }
			return command === 'status' ? `${describeStatus(where, status)}\n(${via})` : `${where}: up to date (${status.applied.length} migrations applied, ${via}).`
		}
		case 'backup':
			writeBackup(file!, await answer.arrayBuffer())
			return `Backed up ${dbDir} ${via} to ${file}.`
		case 'restore': {
			const { keptAt, warning } = (await answer.json()) as { keptAt: string | null; warning: string | null }
			return `Restored ${file} ${via}${keptAt ? ` (the previous database is kept at ${keptAt})` : ''}.${warning ? `\n${warning}` : ''}`
		}
	}
}

/** The command on a folder nobody holds: this process takes it for the command's length. */
async function itself(command: Command, file: string | undefined): Promise<string> {
	holdDatabaseLock(dbDir, `npm run db -- ${command}`)
	switch (command) {
		case 'migrate':
		case 'status': {
			const handle = await (command === 'migrate' ? getDatabase() : openDatabase({ dataDir: dbDir }))
			try {
				const status = await migrationStatus(handle)
				return command === 'status' ? describeStatus(handle.where, status) : `${handle.where}: up to date (${status.applied.length} migrations applied).`
			} finally {
				await handle.close()
			}
		}
		case 'backup': {
			const handle = await getDatabase()
			try {
				writeBackup(file!, await (await handle.pglite!.dumpDataDir('gzip')).arrayBuffer())
			} finally {
				await handle.close()
			}
			return `Backed up ${dbDir} to ${file}.`
		}
		case 'restore': {
			const { handle, keptAt, warning } = await replaceEmbedded(dbDir, new Blob([readFileSync(file!)]), undefined, keepForgottenPlayers)
			await handle.close()
			return `Restored ${file}${keptAt ? ` (the previous database is kept at ${keptAt})` : ''}.${warning ? `\n${warning}` : ''}`
		}
	}
}

async function postgres(command: Command): Promise<string> {
	if (command === 'backup' || command === 'restore') {
		throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (pg_dump -Fc "$DATABASE_URL" -f FILE) and restore it with pg_restore (see the README).')
	}
	const handle = await (command === 'migrate' ? getDatabase() : openDatabase({ url: env.DATABASE_URL }))
	try {
		const status = await migrationStatus(handle)
		return command === 'status' ? describeStatus(handle.where, status) : `${handle.where}: up to date (${status.applied.length} migrations applied).`
	} finally {
		await handle.close()
	}
}

async function main(command: string | undefined, file: string | undefined): Promise<string> {
	if (command !== 'migrate' && command !== 'status' && command !== 'backup' && command !== 'restore') throw new Error(USAGE)
	if ((command === 'backup' || command === 'restore') && !file) throw new Error(USAGE)
	if (env.DATABASE_URL) return postgres(command)
	const owner = lockOwner(dbDir)
	return owner ? throughServer(command, file, owner) : itself(command, file)
}

try {
	console.log(await main(process.argv[2], process.argv[3]))
} catch (error) {
	console.error(error instanceof Error ? error.message : String(error))
	process.exitCode = 1
}
