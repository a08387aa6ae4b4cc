import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { portFromEnv } from './tests/fixtures/free-port.ts'

// Free ports unless E2E_PORT / E2E_UPSTREAM_PORT say otherwise. Playwright loads this file again in
// every worker, with the runner's environment: the ports picked here travel to them through it.
const PORT = portFromEnv(process.env, 'E2E_PORT')
const UPSTREAM_PORT = portFromEnv(process.env, 'E2E_UPSTREAM_PORT')
export const BASE_URL = `http://127.0.0.1:${PORT}`
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'gg-e2e-'))
// `npm test` (scripts/dev/test-all.ts) runs the suite as two runs at once (`E2E_PART=early|rest`),
// each with its own server, report and output folder. The early part, files that time nothing
// (no clock, no layout timing), runs on one worker beside the unit tests.
const part = process.env.E2E_PART
const EARLY = [
	'accessibility',
	'quests',
	'quest-data',
	'guide-index',
	'progression-guides',
	'game-facts',
	'pages',
	'server-context',
	'images-api',
	'search',
	'planner',
	'planner-phone',
	'requirements',
	'islands',
	'names',
	'groups-api',
].map((file) => `**/${file}.test.ts`)
const name = part === 'early' || part === 'rest' ? `e2e-${part}` : 'e2e'

// Against the production build (`npm run build` first), with the fake RuneMetrics upstream.
export default defineConfig({
	testDir: './tests/e2e',
	testMatch: part === 'early' ? EARLY : '**/*.test.ts',
	testIgnore: part === 'rest' ? EARLY : [],
	outputDir: `test-results/${name}`,
	fullyParallel: true,
	workers: 2,
	forbidOnly: Boolean(process.env.CI),
	retries: process.env.CI ? 1 : 0,
	timeout: 30_000,
	expect: { timeout: 7_000 },
	reporter: [['list'], ['json', { outputFile: `test-results/${name}.json` }]],
	use: {
		baseURL: BASE_URL,
		// Recording a trace costs a passing test about a fifth of its time (widgets.test.ts, one worker:
		// 97 s with traces kept on failure, 74 s without), so only a retry records one: `npm test` retries
		// a failed test once, and the retry leaves its trace. Locally: `npx playwright test --trace=on`.
		trace: 'on-first-retry',
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
			command: `npx tsx tests/fixtures/seed-pglite.ts ${dataDir} && node server/index.js`,
			url: `${BASE_URL}/robots.txt`,
			reuseExistingServer: false,
			// Its embedded database starts as a copy of the prepared empty one (creating it takes ~3 s on a
			// quiet machine, 30 s on a busy one); opening and migrating it happens on first use.
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
				CLAN_HISCORES_BASE_URL: `http://127.0.0.1:${UPSTREAM_PORT}/m=clan-hiscores`,
				UPSTREAM_TIMEOUT_MS: '1500',
				RATE_LIMIT_DISABLED: '1',
				// Many fresh players per run, each with its 29-call backfill: a faster budget than the default 0.25/s.
				TRACKER_UPSTREAM_RPS: '20',
				TRACKER_NEW_PLAYERS_PER_HOUR: '100000',
				// Every browser test reports from 127.0.0.1; feedback.test.ts shows the limits on its own server.
				FEEDBACK_LIMIT_PER_HOUR: '10000',
				FEEDBACK_GLOBAL_LIMIT_PER_HOUR: '10000',
			},
		},
	],
})
