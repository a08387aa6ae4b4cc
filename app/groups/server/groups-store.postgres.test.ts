import { describe } from 'vitest'
import { openDatabase } from '#app/server/db/database.server.ts'
import { freshDatabase } from '#tests/fixtures/postgres.ts'
import { describeGroupsStoreContract } from './groups-store.test-kit.ts'

// npm test (and CI) start a throwaway PostgreSQL and pass its URL; without one this file says so.
const url = process.env.TEST_DATABASE_URL
if (url) describeGroupsStoreContract('PostgreSQL', async () => openDatabase({ url: await freshDatabase(url, 'groups_contract') }))
else describe.skip('groups storage on PostgreSQL (set TEST_DATABASE_URL, as npm test does)', () => {})
