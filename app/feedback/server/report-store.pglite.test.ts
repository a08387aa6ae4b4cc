import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { describeReportStoreContract } from './report-store.test-kit.ts'

describeReportStoreContract('PGlite', openTestPglite)
