/**
 * Compiles content/ and data/ into app/generated/ (run by predev, prebuild and pretest).
 * Stops with the file, line and reason of every problem it finds.
 * `--check` validates everything and writes nothing (into a temporary folder).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildContent, writeContent } from './content/build-content.ts'
import { compileDevGallery, writeDevGallery } from './content/dev-gallery.ts'
import { fillGuideIndex, guideIndexOf } from '#app/widgets/guide-index/guide-index.build.ts'
import { writePlannerData } from './planner-data.ts'
import { writeEvents } from './events.ts'
import { writeRecurring } from './recurring.ts'
import { questSummaryReader, writeQuestData } from './quest-artifacts.ts'
import { writeSearchIndex } from './search-index.ts'
import { writeSkillGuides } from './skill-guide-artifacts.ts'
import { loadGameFacts } from './game-facts.ts'
import { writeCatchUpData } from './catch-up-data.ts'
import type { StalePage } from './content/build-content.ts'
import type { StaleActivity } from './recurring.ts'

const root = path.resolve(import.meta.dirname, '../..')

/** What a build found: 0 when it wrote everything, and the pages and activities game updates made stale. */
export type BuildDataResult = { code: number; stale: { pages: StalePage[]; activities: StaleActivity[] } }

export async function buildData(outDir = path.join(root, 'app/generated')): Promise<BuildDataResult> {
	const started = performance.now()
	rmSync(outDir, { recursive: true, force: true })
	mkdirSync(outDir, { recursive: true })

	const problems: string[] = []
	const game = loadGameFacts(path.join(root, 'data'))
	problems.push(...game.problems)
	problems.push(...writeQuestData(outDir))
	problems.push(...writePlannerData(root, outDir))
	const skillGuides = await writeSkillGuides(outDir)
	problems.push(...skillGuides.problems)
	const skillGuide = (skill: string) => skillGuides.guides.find((g) => g.skill === skill)

	const namesFile = path.join(outDir, 'quests/names.json')
	const names: Record<string, { name: string; slug: string }> = existsSync(namesFile) ? JSON.parse(readFileSync(namesFile, 'utf8')) : {}
	const recurring = writeRecurring(path.join(root, 'data'), outDir, new Set(Object.values(names).map((n) => n.name)), game.facts.updates)
	problems.push(...recurring.problems)
	const content = buildContent({
		contentDir: path.join(root, 'content'),
		publicDir: path.join(root, 'public'),
		resolveQuest: (name) => names[name.toLowerCase()]?.name,
		questSlugs: new Set(Object.values(names).map((n) => n.slug)),
		questSummary: questSummaryReader(outDir, names),
		skillGuide,
		gameFacts: game.facts,
	})
	problems.push(...content.errors.map((e) => e.message))
	const sitePaths = new Set(['/', '/quests', ...content.pages.map((p) => p.path)])
	problems.push(...writeEvents(path.join(root, 'data'), outDir, sitePaths))
	// The widget gallery for authors (/dev/widgets): compiled like a page, kept out of the navigation.
	const gallery = compileDevGallery({
		file: path.join(root, 'content-dev/widgets.md'),
		publicDir: path.join(root, 'public'),
		resolveQuest: (name) => names[name.toLowerCase()]?.name,
		skillGuide,
		gameFacts: game.facts,
		pagePaths: new Set(content.pages.map((p) => p.path)),
		questSlugs: new Set(Object.values(names).map((n) => n.slug)),
	})
	problems.push(...gallery.errors.map((e) => e.message))
	// The gallery's guide index shows the early-game guides as its example.
	fillGuideIndex(gallery.page, guideIndexOf(content, '/guides/early-game'))
	if (problems.length > 0) {
		console.error(`build-data: ${problems.length} problem(s):\n${problems.map((p) => `  ✗ ${p}`).join('\n')}`)
		return { code: 1, stale: { pages: [], activities: [] } }
	}
	writeContent(outDir, content)
	writeCatchUpData(outDir, content, game.facts.updates)
	writeDevGallery(outDir, gallery.page)
	const indexed = writeSearchIndex(outDir, content)
	const ms = Math.round(performance.now() - started)
	console.log(`build-data: ${content.pages.length} pages, quests and skill guides compiled, ${indexed} search entries indexed in ${ms} ms`)
	return { code: 0, stale: { pages: content.stale, activities: recurring.stale } }
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const checkOnly = process.argv.includes('--check')
	const outDir = checkOnly ? mkdtempSync(path.join(tmpdir(), 'gg-check-')) : undefined
	process.exitCode = (await buildData(outDir)).code
	if (outDir) rmSync(outDir, { recursive: true, force: true })
}
