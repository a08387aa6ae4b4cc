/**
 * Backups of the embedded database while the server runs. PGlite lives inside the server process
 * and one process must hold its folder, so `npm run db -- backup|restore` asks the running server
 * to do it: the server writes `DATA_DIR/secrets/db-control.json` (its port and a random token,
 * readable by its own user only) and answers `POST /api/internal/db/backup|restore` from loopback
 * with that token. Without a running server the command opens the folder itself.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

export const DB_CONTROL_PATH = '/api/internal/db/'

const controlSchema = z.object({ port: z.number().int(), token: z.string().min(32), pid: z.number().int() })
export type DbControl = z.infer<typeof controlSchema>

function controlFile(dataDir: string): string {
	return path.join(dataDir, 'secrets', 'db-control.json')
}

/** Written by the server at start (embedded engine only); a new token every start. */
export function writeDbControl(dataDir: string, port: number): DbControl {
	const control = { port, token: randomBytes(32).toString('base64url'), pid: process.pid }
	mkdirSync(path.dirname(controlFile(dataDir)), { recursive: true })
	writeFileSync(controlFile(dataDir), `${JSON.stringify(control)}\n`, { mode: 0o600 })
	return control
}

export function readDbControl(dataDir: string): DbControl | undefined {
	try {
		return controlSchema.parse(JSON.parse(readFileSync(controlFile(dataDir), 'utf8')))
	} catch {
		return undefined
	}
}

export function tokenMatches(control: DbControl, header: string | undefined): boolean {
	const given = Buffer.from(header?.replace(/^Bearer /, '') ?? '')
	const expected = Buffer.from(control.token)
	return given.length === expected.length && timingSafeEqual(given, expected)
}
