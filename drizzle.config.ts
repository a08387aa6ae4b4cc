// drizzle-kit (`npx drizzle-kit generate --name <what>`) compares these table definitions with the
// migrations already written and writes the next SQL migration. The server and `npm run db --
// migrate` apply them (app/server/db/migrate.server.ts).
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'postgresql',
	schema: [
		'./app/tracker/server/schema.ts',
		'./app/feedback/server/schema.ts',
		'./app/groups/server/schema.ts',
		'./app/competitions/server/schema.ts',
	],
	out: './app/server/db/migrations',
})
