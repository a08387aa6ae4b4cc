import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { CompiledPage, Navigation } from '#app/lib/content/page-types.ts'
import type { QuestCatalogueEntry } from '#app/quests/artifacts.ts'
import type { SkillGuide } from '#app/skill-guides/schema.ts'
import { TOOL_PAGES } from '#app/lib/tools.ts'
import { buildPayload } from '#app/search/search-engine.ts'
import { searchDocuments } from '#app/search/search-index.build.ts'

/** Where the index goes, relative to the generated folder. */
export const SEARCH_INDEX_FILE = 'search/search-index.json'

/**
 * Writes `<outDir>/search/search-index.json` from the compiled pages and the quest and skill-guide
 * files already written to `outDir`. Returns the number of documents indexed.
 */
export function writeSearchIndex(outDir: string, content: { pages: CompiledPage[]; navigation: Navigation }): number {
	const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(outDir, file), 'utf8')) as T
	const skillDir = path.join(outDir, 'skill-guides')
	const skillGuides = readdirSync(skillDir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => readJson<SkillGuide>(`skill-guides/${f}`))
	const documents = searchDocuments({
		pages: content.pages,
		navigation: content.navigation,
		quests: readJson<QuestCatalogueEntry[]>('quests/catalogue.json'),
		skillGuides,
		tools: TOOL_PAGES,
	})
	const file = path.join(outDir, SEARCH_INDEX_FILE)
	mkdirSync(path.dirname(file), { recursive: true })
	writeFileSync(file, JSON.stringify(buildPayload(documents)))
	return documents.length
}
