/**
 * `npm run bench:caps`: how many citadel caps the group members' refresh misses (pushed out of the
 * 20 log entries the profile shows before a fetch saw them) and what it costs in fetches, for the
 * schedule as it was (half the log's span, for everyone) and the cap-aware one (a quarter until
 * this week's cap is seen), on synthetic players at several paces (`cap-simulation.ts`). Pure and
 * deterministic: the same seed prints the same figures. Options: `--seed=N` (default 42),
 * `--players=N` per pace (default 500), `--weeks=N` (default 8).
 */
import { parseArgs } from 'node:util'
import { runSchedule, simulatePlayers, type ScheduleResult } from './cap-simulation.ts'

const RATES = [0.2, 1, 2, 4]

const { values } = parseArgs({
	options: {
		seed: { type: 'string', default: '42' },
		players: { type: 'string', default: '500' },
		weeks: { type: 'string', default: '8' },
	},
})
const [seed, players, weeks] = [values.seed, values.players, values.weeks].map(Number) as [number, number, number]
if (![seed, players, weeks].every((n) => Number.isInteger(n) && n >= 0) || players === 0 || weeks === 0) {
	console.error('--seed, --players and --weeks take whole numbers (players and weeks at least 1)')
	process.exit(2)
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`
const cells = (result: ScheduleResult) => [
	`${percent(result.missed, result.caps)} (${result.missed})`,
	result.fetchesPerDay.toFixed(2),
	percent(result.gaps, result.compared),
]

console.log(`${players} players a pace, ${weeks} weeks, seed ${seed}; caps missed = pushed out of the 20 before a fetch saw them.\n`)
console.log(
	'| entries/hour in a session | caps | missed: half span | missed: cap-aware | fetches/member/day: half / cap-aware | fetches with a gap: half / cap-aware |',
)
console.log('| --- | --- | --- | --- | --- | --- |')
for (const entriesPerHour of RATES) {
	const simulated = simulatePlayers({ seed, players, weeks, entriesPerHour })
	const [half, capAware] = [runSchedule(simulated, 'half-span'), runSchedule(simulated, 'cap-aware')]
	const [a, b] = [cells(half), cells(capAware)]
	console.log(`| ${entriesPerHour} | ${half.caps} | ${a[0]} | ${b[0]} | ${a[1]} / ${b[1]} | ${a[2]} / ${b[2]} |`)
}
