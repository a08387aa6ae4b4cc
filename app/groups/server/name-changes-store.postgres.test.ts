import { describe } from 'vitest'
import { openDatabase } from '#app/server/db/database.server.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { describeNameChangesStoreContract } from './name-changes-store.test-kit.ts'

// npm test (and CI) start a throwaway PostgreSQL and pass its URL; without one this file says so.
const url = process.env.TEST_DATABASE_URL
if (url)
	describeNameChangesStoreContract('PostgreSQL', async () => openDatabase({ url: await freshDatabase(url, 'name_changes_contract') }))
else describe.skip('name changes storage on PostgreSQL (set TEST_DATABASE_URL, as npm test does)', () => {})
