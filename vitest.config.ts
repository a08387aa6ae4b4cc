import { defineConfig } from 'vitest/config'

// Kept apart from vite.config.ts so unit tests run without the React Router plugin.
export default defineConfig({
	test: {
		include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/fixtures/**/*.test.ts'],
		environment: 'node',
		setupFiles: ['./tests/setup/setup-test-env.ts'],
		testTimeout: 20_000,
		// The server log (app/server/log.server.ts) stays quiet; tests that check a line spy on it.
		env: { LOG_LEVEL: 'silent' },
	},
})
