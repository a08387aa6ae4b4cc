import { openTestPglite } from '#tests/fixtures/pglite.ts'
import { describeCompetitionsStoreContract } from './competitions-store.test-kit.ts'

describeCompetitionsStoreContract('PGlite', () => openTestPglite())
