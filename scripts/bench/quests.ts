/**
 * `npm run bench:quests`: how long precomputing every quest's chain takes, how big the
 * generated quest data is (raw, gzip and brotli), and, when build/client exists, how many bytes a
 * quest page, the quest list and a guide page make the browser load. Writes nothing.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { buildQuestArtifacts } from '#app/quests/artifacts.ts'
import { computeAllSummaries } from '#app/quests/requirements.ts'
import { loadCheckedQuests } from '#scripts/build/load-quests.ts'
import { measurePage } from '#scripts/bench/page-weight.ts'
import { renderQuestData } from '#scripts/build/quest-artifacts.ts'

const RUNS = 7

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]!
}

function sizes(text: string) {
	const buf = Buffer.from(text)
	return {
		raw: buf.length,
		gzip: gzipSync(buf, { level: 9 }).length,
		brotli: brotliCompressSync(buf, {
			params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
		}).length,
	}
}

type Sizes = ReturnType<typeof sizes>

function kb(bytes: number): string {
	return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`
}

function row(label: string, s: Sizes): string {
	return `  ${label.padEnd(26)}${kb(s.raw).padStart(10)}${kb(s.gzip).padStart(10)}${kb(s.brotli).padStart(10)}`
}

function main() {
	const quests = loadCheckedQuests().map((r) => r.quest)

	const chainTimes: number[] = []
	const artifactTimes: number[] = []
	for (let i = 0; i < RUNS; i++) {
		let started = performance.now()
		computeAllSummaries(quests)
		chainTimes.push(performance.now() - started)
		started = performance.now()
		buildQuestArtifacts(quests)
		artifactTimes.push(performance.now() - started)
	}

	const { files } = renderQuestData()
	const perQuest: { path: string; size: Sizes }[] = []
	const total: Sizes = { raw: 0, gzip: 0, brotli: 0 }
	const lines: string[] = []
	for (const [path, text] of files) {
		const s = sizes(text)
		total.raw += s.raw
		total.gzip += s.gzip
		total.brotli += s.brotli
		if (/\/(catalogue|names|points)\.json$/.test(path)) lines.push(row(path, s))
		else perQuest.push({ path, size: s })
	}
	const avg = (key: keyof Sizes) => Math.round(perQuest.reduce((n, p) => n + p.size[key], 0) / perQuest.length)
	const largest = perQuest.reduce((a, b) => (b.size.raw > a.size.raw ? b : a))

	const out = [
		`quests: ${quests.length}`,
		`precompute all chains + summaries: median ${median(chainTimes).toFixed(1)} ms of ${RUNS} runs`,
		`build all generated quest data:    median ${median(artifactTimes).toFixed(1)} ms of ${RUNS} runs`,
		'',
		`generated data (${files.size} files; gzip -9, brotli q11 per file):`,
		`  ${'file'.padEnd(26)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`,
		...lines,
		row(`per quest, average (${perQuest.length})`, {
			raw: avg('raw'),
			gzip: avg('gzip'),
			brotli: avg('brotli'),
		}),
		row('per quest, largest', largest.size),
		`    (${largest.path})`,
		row('total', total),
	]
	process.stdout.write(`${[...out, '', ...pageWeights()].join('\n')}\n`)
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const CLIENT_DIR = path.join(ROOT, 'build/client')
const GUIDE = '/guides/early-game/desert-treasure'

/** The widget chunks a guide page renders, from its compiled page. */
function guideWidgets(pagePath: string): string[] {
	const file = path.join(ROOT, 'app/generated/pages', `${pagePath}.json`)
	return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { widgets: string[] }).widgets : []
}

function pageWeights(): string[] {
	if (!existsSync(CLIENT_DIR)) {
		return ['page weight: no build/client (run `npm run build` first to measure pages)']
	}
	// Each page with the lazy chunks it loads as soon as it renders.
	const pages = [
		{
			label: 'quest page',
			path: '/quests/desert-treasure',
			lazy: ['quest-requirements', 'player-lookup'],
		},
		{ label: 'quest list', path: '/quests', lazy: ['player-snapshot', 'player-lookup'] },
		{ label: 'guide page', path: GUIDE, lazy: guideWidgets(GUIDE) },
	]
	const lines = [
		'page weight (brotli as served; the HTML carries the route data; lazy widget chunks counted):',
		`  ${'page'.padEnd(46)}${'html'.padStart(10)}${'js'.padStart(10)}${'css'.padStart(10)}${'total'.padStart(10)}${'.data'.padStart(10)}`,
	]
	for (const page of pages) {
		const weight = measurePage(CLIENT_DIR, page.path, page.lazy)
		const label = `${page.label} ${page.path}`
		if (!weight) {
			lines.push(`  ${label.padEnd(46)}not prerendered`)
			continue
		}
		const total = weight.html + weight.js + weight.css
		lines.push(
			`  ${label.padEnd(46)}${kb(weight.html).padStart(10)}${kb(weight.js).padStart(10)}${kb(weight.css).padStart(10)}${kb(total).padStart(10)}${(weight.navigationData === undefined ? '-' : kb(weight.navigationData)).padStart(10)}`,
		)
	}
	lines.push('  (.data: what a client-side navigation to the page fetches instead of the HTML)')
	return lines
}

main()
