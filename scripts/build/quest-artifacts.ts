import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildQuestArtifacts, type QuestNameMap, type QuestPageData, resolveQuestName } from '#app/quests/artifacts.ts'
import type { RequirementSummary } from '#app/quests/requirements.ts'
import { formatIssue, type QuestIssue } from '#app/quests/check.ts'
import { checkQuestDir, QUEST_DATA_DIR } from '#scripts/build/load-quests.ts'

/**
 * Checks data/quests/ and renders the generated files as path (relative to the output folder)
 * → JSON text, sorted by path. No files when there are issues.
 */
export function renderQuestData(dataDir: string = QUEST_DATA_DIR): {
	files: Map<string, string>
	issues: QuestIssue[]
} {
	const { records, issues } = checkQuestDir(dataDir)
	const files = new Map<string, string>()
	if (issues.length > 0) return { files, issues }
	const { catalogue, pages, names, points } = buildQuestArtifacts(records.map((r) => r.quest))
	files.set('quests/catalogue.json', JSON.stringify(catalogue))
	files.set('quests/names.json', JSON.stringify(names))
	files.set('quests/points.json', JSON.stringify(points))
	for (const page of pages) {
		const path = `quests/${page.quest.slug}.json`
		if (files.has(path)) {
			issues.push({
				file: 'data/quests',
				quest: page.quest.name,
				field: 'name',
				message: `slug "${page.quest.slug}" clashes with the generated ${path}`,
			})
		}
		files.set(path, JSON.stringify(page))
	}
	if (issues.length > 0) return { files: new Map(), issues }
	return { files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))), issues }
}

/**
 * Checks data/quests/ and, when it is sound, writes `<outDir>/quests/`: catalogue.json,
 * names.json, points.json and one <slug>.json per quest (the folder is replaced as a whole, so a
 * renamed quest leaves no stale file). Returns the problems found, one line each ("file: quest field:
 * message"); [] means the files were written. Nothing is written when there are problems.
 */
export function writeQuestData(outDir: string, options: { dataDir?: string } = {}): string[] {
	const { files, issues } = renderQuestData(options.dataDir)
	if (issues.length > 0) return issues.map(formatIssue)
	const questDir = join(outDir, 'quests')
	rmSync(questDir, { recursive: true, force: true })
	mkdirSync(questDir, { recursive: true })
	for (const [path, text] of files) writeFileSync(join(outDir, path), text)
	return []
}

/**
 * Looks a quest's requirement summary up by name or alias in the files writeQuestData wrote
 * (each file is read once), for the content build's requirement widgets.
 */
export function questSummaryReader(outDir: string, names: QuestNameMap): (name: string) => RequirementSummary | undefined {
	const cache = new Map<string, RequirementSummary>()
	return (name) => {
		const link = resolveQuestName(names, name)
		if (!link) return undefined
		let summary = cache.get(link.slug)
		if (!summary) {
			const file = join(outDir, 'quests', `${link.slug}.json`)
			summary = (JSON.parse(readFileSync(file, 'utf8')) as QuestPageData).summary
			cache.set(link.slug, summary)
		}
		return summary
	}
}
