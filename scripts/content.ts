/**
 * The content maintainer CLI:
 *   npm run content -- check [dir]   levels next to gear and unlock names agree with data/game/; a name's level agrees
 *                                    on every page; 2026 change claims cite a source; every page has sources and a
 *                                    verified day (exit 1 otherwise). `dir` defaults to content/.
 *   npm run content -- stale   pages and recurring activities a game update touched after they were verified (always exit 0)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadGameFacts } from './build/game-facts.ts'
import { checkPage } from './content/check.ts'
import { unsourcedClaims } from './content/claims.ts'
import { crossPageContradictions, levelStatements } from './content/cross-check.ts'
import { formatStale } from './content/stale.ts'

const root = path.resolve(import.meta.dirname, '..')

function markdownFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return markdownFiles(full)
		return entry.name.endsWith('.md') ? [full] : []
	})
}

const command = process.argv[2]
if (command === 'check') {
	const { facts, problems: dataProblems } = loadGameFacts(path.join(root, 'data'))
	const pages = markdownFiles(path.resolve(root, process.argv[3] ?? 'content'))
		.sort()
		.map((file) => ({ file: path.relative(root, file), source: readFileSync(file, 'utf8') }))
	const problems = [
		...dataProblems.map((message) => ({ file: 'data', line: undefined, message })),
		...pages.flatMap(({ file, source }) => checkPage(file, source, facts)),
		...crossPageContradictions(pages.flatMap(({ file, source }) => levelStatements(file, source))),
		...pages.flatMap(({ file, source }) => unsourcedClaims(file, source, facts.updates)),
	]
	for (const p of problems) console.error(`  ✗ ${p.file}${p.line ? `:${p.line}` : ''}: ${p.message}`)
	console.log(
		problems.length === 0
			? 'content check: no contradictions, every page has sources and a verified day'
			: `content check: ${problems.length} problem(s)`,
	)
	process.exitCode = problems.length === 0 ? 0 : 1
} else if (command === 'stale') {
	// The build decides what is stale (its notices are what readers see); run it into a scratch folder.
	const { buildData } = await import('./build/build-data.ts')
	const outDir = mkdtempSync(path.join(tmpdir(), 'gg-stale-'))
	try {
		const result = await buildData(outDir)
		if (result.code !== 0) process.exitCode = 1
		else console.log(formatStale(result.stale))
	} finally {
		rmSync(outDir, { recursive: true, force: true })
	}
} else {
	console.error('usage: npm run content -- check [dir] | stale')
	process.exitCode = 2
}
