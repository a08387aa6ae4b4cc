/**
 * `npm run db -- <command>` on the database the server would use (DATABASE_URL, else PGlite
 * under DATA_DIR/db):
 *   migrate        apply pending migrations (the server also does it at start, under a lock)
 *   status         applied and pending migrations
 *   backup FILE    a backup (mode 0600), also while servers run: a .tar.gz of the embedded
 *                  database, or pg_dump's custom format with DATABASE_URL
 *   restore FILE   replace the database with a backup (the embedded engine keeps the old folder;
 *                  PostgreSQL: pg_restore --clean); players removed or blocked since the backup
 *                  stay removed
 * The embedded database has one owner (db-lock.server.ts): while a server holds DATA_DIR/db, every
 * command goes through it, and the folder is never opened while a live process holds it.
 */
import { execFile } from 'node:child_process'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { describePostgresUrl, embeddedDataDir, getDatabase, openDatabase, replaceEmbedded } from '#app/server/db/database.server.ts'
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
		throw new Error(
			`${dbDir} is in use by ${describeOwner(owner)}, which is not a server this command can go through. Nothing was done: run it again once that process has finished.`,
		)
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
		throw new Error(
			`${dbDir} is held by ${describeOwner(owner)}, which did not answer on port ${control.port} (${reason}). Nothing was done: the folder is never opened while its owner runs.`,
			{ cause: error },
		)
	}
	if (!answer.ok) throw new Error(`The running server (pid ${owner.pid}) could not ${command}: ${answer.status} ${await answer.text()}`)
	switch (command) {
		case 'status':
		case 'migrate': {
			const { where, ...status } = (await answer.json()) as MigrationStatus & { where: string }
			return command === 'status'
				? `${describeStatus(where, status)}\n(${via})`
				: `${where}: up to date (${status.applied.length} migrations applied, ${via}).`
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
				return command === 'status'
					? describeStatus(handle.where, status)
					: `${handle.where}: up to date (${status.applied.length} migrations applied).`
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

/** libpq's variables for a URL: the password goes to pg_dump in its environment, not its arguments. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
	const parsed = new URL(url)
	const sslmode = parsed.searchParams.get('sslmode')
	return {
		...process.env,
		PGHOST: parsed.hostname.replace(/^\[|\]$/g, ''),
		PGPORT: parsed.port || '5432',
		PGUSER: decodeURIComponent(parsed.username),
		PGPASSWORD: decodeURIComponent(parsed.password),
		PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
		...(sslmode ? { PGSSLMODE: sslmode } : {}),
	}
}

async function run(tool: 'pg_dump' | 'pg_restore', args: string[], url: string) {
	try {
		await promisify(execFile)(tool, args, { env: libpqEnv(url), maxBuffer: 16 * 1024 ** 2 })
	} catch (error) {
		const failed = error as NodeJS.ErrnoException & { stderr?: string }
		if (failed.code === 'ENOENT')
			throw new Error(
				`${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client), of the server's major version or newer.`,
				{ cause: error },
			)
		throw new Error(`${tool} failed: ${failed.stderr?.trim() || failed.message}`, { cause: error })
	}
}

async function postgres(command: Command, file: string | undefined): Promise<string> {
	const url = env.DATABASE_URL!
	if (command === 'backup') {
		await run('pg_dump', ['--format=custom', `--file=${file}`], url)
		chmodSync(file!, 0o600)
		return `Backed up ${describePostgresUrl(url)} to ${file} (pg_dump).`
	}
	if (command === 'restore') {
		const handle = await getDatabase()
		try {
			const carry = await keepForgottenPlayers(handle.db)
			await run(
				'pg_restore',
				['--clean', '--if-exists', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${libpqEnv(url).PGDATABASE}`, file!],
				url,
			)
			await handle.migrate()
			await carry(handle.db)
		} finally {
			await handle.close()
		}
		return `Restored ${file} into ${describePostgresUrl(url)} (pg_restore); players removed or blocked since the backup were removed again.`
	}
	const handle = await (command === 'migrate' ? getDatabase() : openDatabase({ url: env.DATABASE_URL }))
	try {
		const status = await migrationStatus(handle)
		return command === 'status'
			? describeStatus(handle.where, status)
			: `${handle.where}: up to date (${status.applied.length} migrations applied).`
	} finally {
		await handle.close()
	}
}

async function main(command: string | undefined, file: string | undefined): Promise<string> {
	if (command !== 'migrate' && command !== 'status' && command !== 'backup' && command !== 'restore') throw new Error(USAGE)
	if ((command === 'backup' || command === 'restore') && !file) throw new Error(USAGE)
	if (env.DATABASE_URL) return postgres(command, file)
	const owner = lockOwner(dbDir)
	return owner ? throughServer(command, file, owner) : itself(command, file)
}

try {
	console.log(await main(process.argv[2], process.argv[3]))
} catch (error) {
	console.error(error instanceof Error ? error.message : String(error))
	process.exitCode = 1
}
