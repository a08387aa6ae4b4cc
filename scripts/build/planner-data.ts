import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseDocument } from 'yaml'
import type { QuestCatalogueEntry, QuestPageData } from '#app/quests/artifacts.ts'
import { normaliseQuestName } from '#app/quests/names.ts'
import { type PlannerData, type PlannerPreset, toPlannerQuest } from '#app/planner/data.ts'
import { presetsFileSchema } from '#app/planner/presets.schema.ts'

const PRESETS_FILE = 'data/planner/presets.yaml'

/**
 * Checks the planner presets against the quests and returns the planner's data, or the problems
 * found (one line each, naming the file, the preset and the field).
 */
export function buildPlannerData(
	quests: readonly QuestPageData['quest'][],
	presetsYaml: string,
): { data?: PlannerData; problems: string[] } {
	const problems: string[] = []
	const doc = parseDocument(presetsYaml, { uniqueKeys: true })
	if (doc.errors.length > 0) {
		return { problems: doc.errors.map((e) => `${PRESETS_FILE}: invalid YAML: ${e.message.split('\n')[0]}`) }
	}
	const parsed = presetsFileSchema.safeParse(doc.toJS())
	if (!parsed.success) {
		return {
			problems: parsed.error.issues.map((i) => `${PRESETS_FILE}: ${i.path.join('.') || '(file)'}: ${i.message}`),
		}
	}

	const questNames = new Set(quests.map((q) => q.name))
	const taken = new Map<string, string>()
	for (const quest of quests) {
		taken.set(`slug:${quest.slug}`, `the slug of the quest "${quest.name}"`)
		for (const title of [quest.name, ...(quest.aliases ?? [])]) {
			taken.set(`name:${normaliseQuestName(title)}`, `a name of the quest "${quest.name}"`)
		}
	}
	const presets: PlannerPreset[] = []
	parsed.data.forEach((preset, i) => {
		const at = `${PRESETS_FILE}: [${i}] ${preset.slug}`
		const claim = (key: string, field: string, value: string) => {
			const owner = taken.get(key)
			if (owner) problems.push(`${at}: ${field} "${value}" is already ${owner}`)
			else taken.set(key, `used by the preset "${preset.slug}"`)
		}
		claim(`slug:${preset.slug}`, 'slug', preset.slug)
		for (const title of [preset.label, ...(preset.aliases ?? [])]) {
			claim(`name:${normaliseQuestName(title)}`, title === preset.label ? 'label' : 'alias', title)
		}
		if (preset.kind === 'unlock' && !questNames.has(preset.quest)) {
			const hint = quests.find((q) => normaliseQuestName(q.name) === normaliseQuestName(preset.quest))
			problems.push(`${at}: quest "${preset.quest}" is not a quest's name${hint ? `; did you mean "${hint.name}"?` : ''}`)
		}
		const { sources: _sources, ...kept } = preset
		presets.push(kept)
	})
	if (problems.length > 0) return { problems }
	return { data: { quests: quests.map(toPlannerQuest), presets }, problems }
}

/**
 * Writes `<outDir>/planner.json` from the quest files writeQuestData wrote (their `quest`
 * records) and data/planner/presets.yaml. Returns the problems found; [] when written.
 */
export function writePlannerData(rootDir: string, outDir: string): string[] {
	const catalogueFile = path.join(outDir, 'quests/catalogue.json')
	// No catalogue: the quest data failed its own checks, which already reported why.
	if (!existsSync(catalogueFile)) return []
	const catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8')) as QuestCatalogueEntry[]
	const quests = catalogue.map(
		({ slug }) => (JSON.parse(readFileSync(path.join(outDir, 'quests', `${slug}.json`), 'utf8')) as QuestPageData).quest,
	)
	const { data, problems } = buildPlannerData(quests, readFileSync(path.join(rootDir, PRESETS_FILE), 'utf8'))
	if (data) writeFileSync(path.join(outDir, 'planner.json'), JSON.stringify(data))
	return problems
}
