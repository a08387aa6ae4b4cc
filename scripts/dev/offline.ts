// The dev server without the internet (npm run dev:offline):
//   tsx scripts/dev/offline.ts [--upstream-port 0]
// Compiles content and data, starts the fake RuneMetrics + hiscores (tests/fixtures/fake-upstream.ts)
// and `NODE_ENV=development node server/index.js` pointed at it, and prints the test players.
// Ctrl-C stops both.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { FAKE_PLAYERS, startFakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { buildData } from '../build/build-data.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** What each test player shows in the app (tests/fixtures/README.md has the details). */
const PLAYER_NOTES: Record<keyof typeof FAKE_PLAYERS, string> = {
	complete: 'full profile, 8 quests',
	midgame: 'mid-game account: levels 40–75, 245 quests done (for the planner)',
	training: "Midgame Mia's account, whose XP grows on POST /control/train to the fake upstream (for plan progress)",
	noProfile: 'User not found (so is any unlisted name)',
	hiscoresOnly: 'no RuneMetrics profile, hiscores only: Error loading profile',
	private: 'private profile: hiscores skills, no quests',
	notAMember: 'RuneMetrics refuses the profile, no skills',
	emptyQuests: 'full profile, no quests',
	serverError: 'upstream answers 500',
	slow: 'upstream too slow: timeout',
	html: 'upstream sends an HTML page',
	truncated: 'upstream sends a cut-off body',
	huge: 'upstream sends a body over the size cap',
	growing: 'full profile that gains 12,345 Attack XP between fetches (for the tracker)',
}

const { values } = parseArgs({
	options: { 'upstream-port': { type: 'string', default: process.env.FAKE_UPSTREAM_PORT ?? '0' } },
})
const upstreamPort = Number(values['upstream-port'])
if (!Number.isInteger(upstreamPort) || upstreamPort < 0 || upstreamPort > 65535) {
	console.error(`--upstream-port must be a port number (0 = any free port), got "${values['upstream-port']}"`)
	process.exit(2)
}

// `npm run dev` compiles content first (predev); this script is run instead of it.
if ((await buildData()).code !== 0) process.exit(1)

const fake = await startFakeUpstream({ port: upstreamPort }).catch((error: unknown) => {
	console.error(`Could not start the fake upstream: ${error instanceof Error ? error.message : error}`)
	process.exit(1)
})

console.log(
	[
		'',
		`Fake RuneMetrics + hiscores on ${fake.url}`,
		'Test players (names are case-insensitive):',
		...Object.entries(FAKE_PLAYERS).map(([key, name]) => `  ${name.padEnd(12)} ${PLAYER_NOTES[key as keyof typeof FAKE_PLAYERS]}`),
		'  Try them at /dev/player or with "Check my account" in the header.',
		'',
	].join('\n'),
)

const server = spawn(process.execPath, ['server/index.js'], {
	cwd: ROOT,
	stdio: 'inherit',
	env: {
		...process.env,
		NODE_ENV: 'development',
		RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl,
		HISCORES_BASE_URL: fake.hiscoresBaseUrl,
	},
})

let stopping = false
async function stop(code: number) {
	if (stopping) return
	stopping = true
	if (server.exitCode === null && server.signalCode === null) {
		server.kill('SIGTERM')
		await new Promise((resolve) => server.once('exit', resolve))
	}
	await fake.close()
	process.exit(code)
}

// Ctrl-C reaches the server too (same process group); SIGTERM is sent in case it did not.
process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))
server.once('exit', (code, signal) => {
	if (stopping) return
	console.error(`The dev server stopped (${signal ?? `exit code ${code}`}).`)
	void stop(code ?? 1)
})
