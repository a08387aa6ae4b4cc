/**
 * `npm run bench:quests`: how long precomputing every quest's chain takes, and how big the
 * generated quest data is (raw, gzip and brotli). Reads data/quests/, writes nothing.
 */
import { performance } from 'node:perf_hooks'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { buildQuestArtifacts } from '#app/lib/quests/artifacts.ts'
import { computeAllSummaries } from '#app/lib/quests/requirements.ts'
import { loadCheckedQuests } from '#scripts/lib/load-quests.ts'
import { renderQuestData } from '#scripts/lib/quest-artifacts.ts'

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
		if (path.endsWith('/catalogue.json') || path.endsWith('/names.json')) lines.push(row(path, s))
		else perQuest.push({ path, size: s })
	}
	const avg = (key: keyof Sizes) =>
		Math.round(perQuest.reduce((n, p) => n + p.size[key], 0) / perQuest.length)
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
	process.stdout.write(`${out.join('\n')}\n`)
}

main()
