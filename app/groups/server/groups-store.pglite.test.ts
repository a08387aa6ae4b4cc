import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { describeGroupsStoreContract } from './groups-store.test-kit.ts'

describeGroupsStoreContract('PGlite', () => openTestPglite())
