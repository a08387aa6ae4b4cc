import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { describeTrackerContract } from './tracker-store.test-kit.ts'

describeTrackerContract('PGlite', openTestPglite)
