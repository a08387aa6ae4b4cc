// Runs the fake RuneMetrics + hiscores for offline development:
//   tsx scripts/dev/fake-upstream.ts [--port 4010] [--host 127.0.0.1] [--slow-ms 6000] [--latency-ms 0]
// then start the app with the two base URLs it prints.
import { parseArgs } from 'node:util'
import { FAKE_CLAN, FAKE_PLAYERS, startFakeUpstream } from '#tests/fixtures/fake-upstream.ts'

function number(name: string, raw: string): number {
	const value = Number(raw)
	if (!Number.isInteger(value) || value < 0) {
		process.stderr.write(`--${name} must be a whole number ≥ 0, got "${raw}"\n`)
		process.exit(2)
	}
	return value
}

const { values } = parseArgs({
	options: {
		port: { type: 'string', default: process.env.FAKE_UPSTREAM_PORT ?? '4010' },
		host: { type: 'string', default: '127.0.0.1' },
		'slow-ms': { type: 'string', default: '6000' },
		'latency-ms': { type: 'string', default: '0' },
	},
})

const fake = await startFakeUpstream({
	port: number('port', values.port),
	host: values.host,
	slowMs: number('slow-ms', values['slow-ms']),
	latencyMs: number('latency-ms', values['latency-ms']),
}).catch((error: unknown) => {
	process.stderr.write(`Could not start the fake upstream: ${error instanceof Error ? error.message : error}\n`)
	process.exit(1)
})

process.stdout.write(
	[
		`Fake upstream listening on ${fake.url}`,
		`RUNEMETRICS_BASE_URL=${fake.runemetricsBaseUrl}`,
		`HISCORES_BASE_URL=${fake.hiscoresBaseUrl}`,
		`CLAN_HISCORES_BASE_URL=${fake.clanHiscoresBaseUrl}`,
		`Players: ${Object.values(FAKE_PLAYERS).join(', ')} (see tests/fixtures/README.md)`,
		`Clan: ${FAKE_CLAN}`,
		'',
	].join('\n'),
)

function stop() {
	void fake.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
