import type { IncomingMessage, ServerResponse } from 'node:http'
import { sql } from 'drizzle-orm'
import { json, methodNotAllowed } from '#app/server/api.server.ts'
import { embeddedDataDir, getDatabase, openedDatabase, type DatabaseHandle } from '#app/server/db/database.server.ts'
import { lockOwner } from '#app/server/db/db-lock.server.ts'
import { migrationStatus } from '#app/server/db/migration-status.server.ts'
import type { Env } from '#app/server/env.server.ts'

export const HEALTH_PATH = '/healthz'
export const READY_PATH = '/readyz'

/** How long the database may take to answer before the instance counts as not ready. */
const CHECK_TIMEOUT_MS = 2000

let shuttingDown = false

/** From SIGTERM/SIGINT on, /readyz answers 503 so a load balancer sends nothing new here. */
export function markShuttingDown() {
	shuttingDown = true
}

type Readiness = { ready: boolean; database: string }

/** Where readiness looks: this process's database (undefined: not opened yet) and the folder's lock. */
export type ReadinessSources = {
	database(): Promise<DatabaseHandle> | undefined
	ownsEmbeddedFolder(): boolean
}

function serverSources(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): ReadinessSources {
	return {
		// PostgreSQL was opened at start; PGlite only once something needed it.
		database: () => (env.DATABASE_URL ? getDatabase() : openedDatabase()),
		ownsEmbeddedFolder: () => lockOwner(embeddedDataDir(env.DATA_DIR))?.pid === process.pid,
	}
}

async function checkDatabase(handle: DatabaseHandle): Promise<string | null> {
	await handle.db.execute(sql`select 1`)
	const { pending } = await migrationStatus(handle)
	return pending.length > 0 ? `migrations pending: ${pending.join(', ')}` : null
}

/**
 * Ready: not shutting down, the database answers and has every migration. The embedded database
 * is opened on first use (~300 MB), not by a health check: until then this instance is ready when
 * it owns the folder.
 */
export async function readiness(sources: ReadinessSources): Promise<Readiness> {
	if (shuttingDown) return { ready: false, database: 'shutting down' }
	const opening = sources.database()
	if (!opening) {
		return sources.ownsEmbeddedFolder()
			? { ready: true, database: 'embedded, opens on first use' }
			: { ready: false, database: 'the embedded database is not held by this process' }
	}
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
	})
	try {
		const problem = await Promise.race([opening.then(checkDatabase), timeout])
		return problem ? { ready: false, database: problem } : { ready: true, database: 'ok' }
	} catch (error) {
		return { ready: false, database: `unreachable: ${error instanceof Error ? error.message : String(error)}` }
	} finally {
		clearTimeout(timer)
	}
}

/** `GET /healthz`: the process is up. `GET /readyz`: 200 when ready for traffic, else 503 with the reason. */
export function createHealthRoutes(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>) {
	const sources = serverSources(env)
	return async function serveHealth(req: IncomingMessage, res: ServerResponse, path: string) {
		const answer =
			req.method !== 'GET' && req.method !== 'HEAD'
				? methodNotAllowed(['GET', 'HEAD'])
				: path === HEALTH_PATH
					? json(200, { up: true })
					: await readiness(sources).then((state) => json(state.ready ? 200 : 503, state))
		res.writeHead(answer.status, answer.headers).end(answer.body)
	}
}
