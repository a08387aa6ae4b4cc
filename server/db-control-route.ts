import type { IncomingMessage, ServerResponse } from 'node:http'
import { getDatabase, restoreRunningEmbedded } from '#app/server/db/database.server.ts'
import { DB_CONTROL_PATH, tokenMatches, type DbControl } from '#app/server/db/db-control.server.ts'
import { migrationStatus } from '#app/server/db/migration-status.server.ts'
import { keepForgottenPlayers } from '#app/tracker/server/forgotten-players.server.ts'

const MAX_ARCHIVE_BYTES = 2 * 1024 ** 3

/**
 * `POST /api/internal/db/status|migrate` (answer the migrations applied and pending),
 * `…/backup` (answers the archive) and `…/restore` (takes one): for `npm run db` on this machine
 * only (loopback, the token of db-control.json), while this server owns the embedded database.
 */
export function createDbControlRoute(control: DbControl) {
	return async function serveDbControl(req: IncomingMessage, res: ServerResponse) {
		const fail = (status: number, message: string) => res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message)
		const address = req.socket.remoteAddress ?? ''
		const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1'
		if (!loopback || !tokenMatches(control, req.headers.authorization)) return fail(403, 'Forbidden')
		if (req.method !== 'POST') return fail(405, 'Use POST')
		const action = req.url?.split('?')[0]?.slice(DB_CONTROL_PATH.length)
		const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value))
		try {
			if (action === 'status' || action === 'migrate') {
				const handle = await getDatabase()
				if (action === 'migrate') await handle.migrate()
				return json({ where: handle.where, ...(await migrationStatus(handle)) })
			}
			if (action === 'backup') {
				const handle = await getDatabase()
				const archive = await handle.pglite!.dumpDataDir('gzip')
				const body = Buffer.from(await archive.arrayBuffer())
				res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(body.length) }).end(body)
				return
			}
			if (action === 'restore') {
				const chunks: Buffer[] = []
				let size = 0
				for await (const chunk of req) {
					size += (chunk as Buffer).length
					if (size > MAX_ARCHIVE_BYTES) return fail(413, 'Archive too large')
					chunks.push(chunk as Buffer)
				}
				return json(await restoreRunningEmbedded(new Blob([Buffer.concat(chunks)]), keepForgottenPlayers))
			}
			fail(404, 'Not found')
		} catch (error) {
			fail(500, error instanceof Error ? error.message : String(error))
		}
	}
}
