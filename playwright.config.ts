import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4173)
const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? 4174)
export const BASE_URL = `http://127.0.0.1:${PORT}`
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'gg-e2e-'))

// Against the production build (`npm run build` first), with the fake RuneMetrics upstream.
export default defineConfig({
	testDir: './tests/e2e',
	testMatch: '**/*.test.ts',
	fullyParallel: true,
	workers: 2,
	forbidOnly: Boolean(process.env.CI),
	retries: process.env.CI ? 1 : 0,
	timeout: 30_000,
	expect: { timeout: 7_000 },
	reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
	use: {
		baseURL: BASE_URL,
		trace: 'retain-on-failure',
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run',
				'--disable-quic',
			],
		},
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
	webServer: [
		{
			command: `npx tsx scripts/dev/fake-upstream.ts --port ${UPSTREAM_PORT}`,
			url: `http://127.0.0.1:${UPSTREAM_PORT}/health`,
			reuseExistingServer: false,
			stdout: 'ignore',
		},
		{
			command: 'node server/index.js',
			url: `${BASE_URL}/robots.txt`,
			reuseExistingServer: false,
			// A new data folder: PGlite's first open runs initdb (~6 s idle, 30 s on a busy machine).
			timeout: 120_000,
			env: {
				NODE_ENV: 'production',
				PORT: String(PORT),
				HOST: '127.0.0.1',
				SITE_URL: BASE_URL,
				DATA_DIR: dataDir,
				API_KEYS: 'e2e-test-key',
				DASHBOARD_PASSWORD: 'e2e-dashboard-password',
				RUNEMETRICS_BASE_URL: `http://127.0.0.1:${UPSTREAM_PORT}/runemetrics`,
				HISCORES_BASE_URL: `http://127.0.0.1:${UPSTREAM_PORT}/m=hiscore`,
				UPSTREAM_TIMEOUT_MS: '1500',
				RATE_LIMIT_DISABLED: '1',
				// POST /api/test/clock moves the server's clock (the tracker's days); tests that use it
				// put it back when they finish.
				TEST_ONLY_SHIFTABLE_CLOCK: '1',
			},
		},
	],
})
