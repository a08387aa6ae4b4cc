import { openDatabase } from '#app/server/db/database.server.ts'
import { describeGroupsStoreContract } from './groups-store.test-kit.ts'

describeGroupsStoreContract('PGlite', () => openDatabase({}))
