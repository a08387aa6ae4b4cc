import { openDatabase } from '#app/server/db/database.server.ts'
import { describeCompetitionsStoreContract } from './competitions-store.test-kit.ts'

describeCompetitionsStoreContract('PGlite', () => openDatabase({}))
