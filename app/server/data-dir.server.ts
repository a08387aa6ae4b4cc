/**
 * DATA_DIR holds the embedded database, the generated secrets and the uploads: the server's user
 * only (0700). The server sets `umask 077` (server/index.js), so what it creates inside is
 * 0600/0700; a DATA_DIR others can read is fixed at start, with a log line, or refused.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { log as serverLog } from '#app/server/log.server.ts'

export function secureDataDir(dataDir: string, log: (line: string) => void = serverLog.info): void {
	const dir = path.resolve(dataDir)
	mkdirSync(dir, { recursive: true, mode: 0o700 })
	const mode = statSync(dir).mode & 0o777
	if ((mode & 0o077) === 0) return
	const was = `0${mode.toString(8)}`
	try {
		chmodSync(dir, 0o700)
	} catch (error) {
		throw new Error(
			`DATA_DIR ${dir} is mode ${was} (other users can enter it) and could not be changed to 0700: ${error instanceof Error ? error.message : String(error)}. Run chmod 700 on it, or choose another DATA_DIR.`,
			{ cause: error },
		)
	}
	log(`DATA_DIR ${dir} was mode ${was}: changed to 0700 (the database, secrets and uploads are for the server's user only).`)
}
