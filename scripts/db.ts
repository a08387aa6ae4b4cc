/**
 * `npm run db -- <command>` on the database the server would use (DATABASE_URL, else PGlite
 * under DATA_DIR/db):
 *   migrate        apply pending migrations (the server also does it at start, under a lock)
 *   status         applied and pending migrations
 *   backup FILE    embedded engine: a .tar.gz of the database, also while the server runs
 *   restore FILE   embedded engine: replace the database with a backup (the old folder is kept)
 * PostgreSQL is backed up with its own tools: pg_dump / pg_restore (see the README).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { embeddedDataDir, getDatabase, restoreEmbedded } from '#app/server/db/database.server.ts'
import { DB_CONTROL_PATH, readDbControl } from '#app/server/db/db-control.server.ts'
import { migrationStatus } from '#app/server/db/migration-status.server.ts'
import { getEnv } from '#app/server/env.server.ts'

const USAGE = 'Usage: npm run db -- migrate | status | backup FILE | restore FILE'

/** The running server's answer to a control request, or undefined when no server answers. */
async function askServer(action: 'backup' | 'restore', body?: Buffer): Promise<Response | undefined> {
	const env = getEnv()
	const control = readDbControl(env.DATA_DIR)
	if (!control) return undefined
	try {
		return await fetch(`http://127.0.0.1:${control.port}${DB_CONTROL_PATH}${action}`, {
			method: 'POST',
			headers: { authorization: `Bearer ${control.token}` },
			body: body ? new Uint8Array(body) : undefined,
		})
	} catch {
		return undefined // a file left by a server that has stopped
	}
}

async function main(command: string | undefined, file: string | undefined): Promise<string> {
	const env = getEnv()
	if ((command === 'backup' || command === 'restore') && !file) throw new Error(USAGE)
	if ((command === 'backup' || command === 'restore') && env.DATABASE_URL) {
		throw new Error('DATABASE_URL is set: back PostgreSQL up with pg_dump (pg_dump -Fc "$DATABASE_URL" -f FILE) and restore it with pg_restore (see the README).')
	}
	switch (command) {
		case 'migrate': {
			const handle = await getDatabase()
			const { applied } = await migrationStatus(handle)
			await handle.close()
			return `${handle.where}: up to date (${applied.length} migration${applied.length === 1 ? '' : 's'} applied).`
		}
		case 'status': {
			const { openDatabase } = await import('#app/server/db/database.server.ts')
			const handle = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: embeddedDataDir(env.DATA_DIR) })
			const status = await migrationStatus(handle)
			await handle.close()
			const list = (tags: string[]) => (tags.length ? tags.join(', ') : 'none')
			return `${handle.where}\napplied: ${list(status.applied)}\npending: ${list(status.pending)}`
		}
		case 'backup': {
			const answer = await askServer('backup')
			if (answer) {
				if (!answer.ok) throw new Error(`The running server refused the backup: ${answer.status} ${await answer.text()}`)
				writeFileSync(file!, Buffer.from(await answer.arrayBuffer()))
				return `Backed up ${embeddedDataDir(env.DATA_DIR)} through the running server to ${file}.`
			}
			const handle = await getDatabase()
			const archive = await handle.pglite!.dumpDataDir('gzip')
			writeFileSync(file!, Buffer.from(await archive.arrayBuffer()))
			await handle.close()
			return `Backed up ${embeddedDataDir(env.DATA_DIR)} to ${file}.`
		}
		case 'restore': {
			const archive = readFileSync(file!)
			const answer = await askServer('restore', archive)
			if (answer) {
				if (!answer.ok) throw new Error(`The running server could not restore: ${answer.status} ${await answer.text()}`)
				const { keptAt } = (await answer.json()) as { keptAt: string | null }
				return `Restored ${file} into the running server's database${keptAt ? ` (the previous one is kept at ${keptAt})` : ''}.`
			}
			const { keptAt } = await restoreEmbedded(embeddedDataDir(env.DATA_DIR), new Blob([archive]))
			return `Restored ${file}${keptAt ? ` (the previous database is kept at ${keptAt})` : ''}.`
		}
		default:
			throw new Error(USAGE)
	}
}

try {
	console.log(await main(process.argv[2], process.argv[3]))
} catch (error) {
	console.error(error instanceof Error ? error.message : String(error))
	process.exitCode = 1
}
