import { openDatabase } from '#app/server/db/database.server.ts'
import { describeReportStoreContract } from './report-store.test-kit.ts'

describeReportStoreContract('PGlite', () => openDatabase({}))
