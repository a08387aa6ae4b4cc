import { openDatabase } from '#app/server/db/database.server.ts'
import { describeTrackerContract } from './tracker-store.test-kit.ts'

describeTrackerContract('PGlite', () => openDatabase({}))
