import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { MIGRATIONS_FOLDER, queryRows, type DatabaseHandle } from './database.server.ts'

const journalSchema = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) })

export type MigrationStatus = {
	applied: string[]
	pending: string[]
}

/**
 * Which of the repository's migrations this database has. Drizzle's migrator records each
 * applied migration's timestamp (`created_at`, the journal's `when`) in drizzle.__drizzle_migrations
 * and applies every later one.
 */
export async function migrationStatus(handle: DatabaseHandle, folder = MIGRATIONS_FOLDER): Promise<MigrationStatus> {
	const journal = journalSchema.parse(JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')))
	const [exists] = await queryRows<{ table: string | null }>(
		handle.db,
		sql`select to_regclass('drizzle.__drizzle_migrations')::text as "table"`,
	)
	let last = -1
	if (exists?.table) {
		const [row] = await queryRows<{ created_at: string | number | null }>(
			handle.db,
			sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
		)
		last = Number(row?.created_at ?? -1)
	}
	const applied = journal.entries.filter((entry) => entry.when <= last)
	return {
		applied: applied.map((entry) => entry.tag),
		pending: journal.entries.filter((entry) => entry.when > last).map((entry) => entry.tag),
	}
}
