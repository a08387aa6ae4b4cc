/**
 * `npm run bench:plan`: how long the account planner takes to compute the Quest Point Cape plan
 * for a fresh account and for a mid-game account (the fixture "Midgame Mia"), in Node and in
 * Chromium (the real page, read from its `planner:plan` User Timing entry), and how much JS the
 * planner page loads beyond the shell every page shares. Target: < 30 ms per plan, ≤ 40 KB.
 * Needs a production build (`npm run build`); `--runs N` sets the repetitions (default 7).
 */
import { existsSync, readFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import type { PlannerData } from '#app/planner/data.ts'
import { createPlanner, FRESH_ACCOUNT, type PlannerPlayer } from '#app/planner/plan.ts'
import { plannerPlayer } from '#app/planner/player.ts'
import type { PlayerData } from '#app/player/types.ts'
import { readFixture, startFakeUpstream } from '#tests/fixtures/fake-upstream.ts'
import { ensureChromium } from '../dev/ensure-browser.ts'
import { measurePage } from './page-weight.ts'
import { startProductionServer } from './production-server.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const CLIENT_DIR = path.join(ROOT, 'build/client')
const TARGET_MS = 30
const BUDGET_KB = 40
const GOAL = 'quest-point-cape'
const MIA = 'Midgame Mia'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } })
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a whole number > 0, got "${values.runs}"`)

function fail(message: string): never {
	process.stderr.write(`bench-plan: ${message}\n`)
	process.exit(1)
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const ms = (value: number) => `${value.toFixed(1)} ms`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET')

function midgameMia(questName: (title: string) => string | undefined): PlannerPlayer {
	const profile = JSON.parse(readFixture('profile_midgame.json')) as { skillvalues: { id: number; level: number; xp: number }[] }
	const { quests } = JSON.parse(readFixture('quests_midgame.json')) as Pick<PlayerData, 'quests'>
	const skillvalues = profile.skillvalues.map((s) => ({ id: s.id, level: s.level, xp: Math.floor(s.xp / 10) }))
	return plannerPlayer({ source: 'runemetrics', quests, skillvalues }, questName)
}

function nodeTimings() {
	const data = JSON.parse(readFileSync(path.join(ROOT, 'app/generated/planner.json'), 'utf8')) as PlannerData
	const planner = createPlanner(data)
	const rows: { label: string; first: number; min: number; median: number; max: number; cpu: number; steps: number }[] = []
	for (const [label, player] of [
		['fresh account', FRESH_ACCOUNT],
		[MIA, midgameMia(planner.questName)],
	] as const) {
		const times: number[] = []
		const cpu: number[] = []
		let steps = 0
		for (let i = 0; i <= runs; i++) {
			const started = performance.now()
			const cpuStart = process.cpuUsage()
			steps = planner.plan([GOAL], player).steps.length
			const used = process.cpuUsage(cpuStart)
			times.push(performance.now() - started)
			cpu.push((used.user + used.system) / 1000)
		}
		const [first, ...rest] = times
		rows.push({
			label,
			first: first!,
			min: Math.min(...rest),
			median: median(rest),
			max: Math.max(...rest),
			cpu: median(cpu.slice(1)),
			steps,
		})
	}
	return rows
}

/** Each run is a fresh page load: the time the page itself measured for its plan. */
async function chromiumTimings(baseUrl: string) {
	const browser = await chromium.launch({
		executablePath: ensureChromium(),
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	})
	try {
		const rows: { label: string; min: number; median: number; max: number; steps: number }[] = []
		for (const [label, query] of [
			['fresh account', `goals=${GOAL}`],
			[MIA, `goals=${GOAL}&player=${encodeURIComponent(MIA)}`],
		] as const) {
			const times: number[] = []
			let steps = 0
			for (let i = 0; i < runs; i++) {
				const context = await browser.newContext()
				const page = await context.newPage()
				await page.goto(`${baseUrl}/tools/plan?${query}`)
				await page.locator('[data-plan-steps] > li').first().waitFor({ timeout: 30_000 })
				steps = await page.locator('[data-plan-steps] > li').count()
				const entries = await page.evaluate(() => performance.getEntriesByName('planner:plan').map((e) => e.duration))
				if (entries.length === 0) fail('the page left no planner:plan timing')
				times.push(entries.at(-1)!)
				await context.close()
			}
			rows.push({ label, min: Math.min(...times), median: median(times), max: Math.max(...times), steps })
		}
		return rows
	} finally {
		await browser.close()
	}
}

/**
 * The planner page's JS beyond the shell (what every page loads: the files the home page, the
 * Tools index and the quest list share), counting the lazy chunks it loads once a name is set;
 * and which other pages load any of the planner's own files (should be none).
 */
function pageWeight() {
	const plan = measurePage(CLIENT_DIR, '/tools/plan', ['planner-player', 'player-query'])
	if (!plan) fail('/tools/plan was not prerendered')
	const others = ['/', '/tools', '/quests', '/quests/desert-treasure', '/guides/early-game/desert-treasure']
	const measured = others.map((p) => ({ path: p, weight: measurePage(CLIENT_DIR, p, []) }))
	const shellSets = measured.slice(0, 3).map((m) => new Set(m.weight?.files ?? []))
	const shell = new Set([...shellSets[0]!].filter((f) => shellSets.every((s) => s.has(f))))
	const beyond = plan.files.filter((f) => f.endsWith('.js') && !shell.has(f))
	const size = beyond.reduce((n, f) => n + brotli(f), 0)
	const own = beyond.filter((f) => /\/(tools\.plan|planner-player)-/.test(f))
	const leaks = measured.filter((m) => m.weight?.files.some((f) => own.includes(f))).map((m) => m.path)
	return { beyond, size, own, leaks, html: plan.html, data: plan.navigationData }
}

function brotli(asset: string): number {
	const file = path.join(CLIENT_DIR, asset)
	return existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : readFileSync(file).length
}

async function main() {
	if (!existsSync(path.join(ROOT, 'build/server')) || !existsSync(CLIENT_DIR)) {
		fail('no production build: run `npm run build` first.')
	}
	const print = (line = '') => process.stdout.write(`${line}\n`)

	// On a shared machine the spread is mostly waiting for a core: min is the cost, median the
	// typical wait included.
	const load = loadavg()[0]!.toFixed(1)
	print(`Quest Point Cape plan (${runs} runs each; target < ${TARGET_MS} ms; load average ${load} on ${cpus().length} cores)`)
	print('')
	print('Node (wall time of the first call, then min, median and max of the next runs; median CPU time):')
	for (const row of nodeTimings()) {
		print(
			`  ${row.label.padEnd(16)} first ${ms(row.first).padStart(9)}   min ${ms(row.min).padStart(9)}   median ${ms(row.median).padStart(9)}   max ${ms(row.max).padStart(9)}   cpu ${ms(row.cpu).padStart(8)}   ${row.steps} steps   ${verdict(row.median < TARGET_MS)}`,
		)
	}

	const fake = await startFakeUpstream()
	const server = await startProductionServer({
		env: { RUNEMETRICS_BASE_URL: fake.runemetricsBaseUrl, HISCORES_BASE_URL: fake.hiscoresBaseUrl },
	})
	try {
		print('')
		print('Chromium, the real page (each run a fresh page load; min, median and max):')
		for (const row of await chromiumTimings(server.url)) {
			print(
				`  ${row.label.padEnd(16)} min ${ms(row.min).padStart(9)}   median ${ms(row.median).padStart(9)}   max ${ms(row.max).padStart(9)}   ${row.steps} steps shown   ${verdict(row.median < TARGET_MS)}`,
			)
		}
	} finally {
		await server.stop()
		await fake.close()
	}

	const weight = pageWeight()
	print('')
	print(
		`Planner page JS beyond the shell (brotli, lazy chunks included): ${kb(weight.size)} of ${BUDGET_KB} KB   ${verdict(weight.size <= BUDGET_KB * 1024)}`,
	)
	for (const file of weight.beyond) print(`  ${file.padEnd(44)} ${kb(brotli(file)).padStart(9)}`)
	print(
		`  HTML (with the planner data inline): ${kb(weight.html)}; .data for client navigation: ${weight.data === undefined ? '-' : kb(weight.data)}`,
	)
	print(
		weight.leaks.length === 0
			? `  The planner's own chunks (${weight.own.join(', ')}) load on no other page checked.`
			: `  ALSO LOADED BY: ${weight.leaks.join(', ')}`,
	)
}

await main()
