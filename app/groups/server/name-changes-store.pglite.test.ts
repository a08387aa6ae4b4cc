import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { describeNameChangesStoreContract } from './name-changes-store.test-kit.ts'

describeNameChangesStoreContract('PGlite', openTestPglite)
