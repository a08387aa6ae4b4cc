import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseDocument } from 'yaml'
import { checkQuests, formatIssue, validateQuestFile, type QuestIssue, type QuestRecord } from '#app/quests/check.ts'

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const QUEST_DATA_DIR = join(PROJECT_ROOT, 'data', 'quests')

export class QuestDataError extends Error {
	constructor(readonly issues: QuestIssue[]) {
		const shown = issues.slice(0, 20).map(formatIssue)
		if (issues.length > shown.length) shown.push(`… and ${issues.length - shown.length} more`)
		super(`quest data has ${issues.length} problem(s):\n${shown.join('\n')}`)
		this.name = 'QuestDataError'
	}
}

function displayPath(abs: string): string {
	const rel = relative(PROJECT_ROOT, abs)
	return rel.startsWith('..') ? abs : rel.split('\\').join('/')
}

/**
 * Reads every `*.yaml` in `dir` and validates it against the quest schema. Files are read in
 * name order. Issues name the file (relative to the project), the quest and the field.
 */
export function loadQuests(dir: string = QUEST_DATA_DIR): {
	records: QuestRecord[]
	issues: QuestIssue[]
} {
	const records: QuestRecord[] = []
	const issues: QuestIssue[] = []
	if (!existsSync(dir)) {
		return { records, issues: [{ file: displayPath(dir), message: 'quest data folder not found' }] }
	}
	const names = readdirSync(dir).sort()
	for (const name of names) {
		const file = displayPath(join(dir, name))
		if (name.endsWith('.yml')) {
			issues.push({ file, message: 'use the .yaml extension' })
			continue
		}
		if (!name.endsWith('.yaml')) continue
		const doc = parseDocument(readFileSync(join(dir, name), 'utf8'), { uniqueKeys: true })
		if (doc.errors.length > 0) {
			for (const error of doc.errors) {
				const line = error.linePos?.[0]
				const at = line ? `line ${line.line}, column ${line.col}: ` : ''
				issues.push({ file, message: `invalid YAML: ${at}${error.message.split('\n')[0]}` })
			}
			continue
		}
		const result = validateQuestFile(file, doc.toJS())
		issues.push(...result.issues)
		if (result.quest) records.push({ file, quest: result.quest })
	}
	if (records.length === 0 && issues.length === 0) {
		issues.push({ file: displayPath(dir), message: 'no quest files (*.yaml) found' })
	}
	return { records, issues }
}

/** Loads, validates and runs every integrity check; returns all issues found. */
export function checkQuestDir(dir: string = QUEST_DATA_DIR): {
	records: QuestRecord[]
	issues: QuestIssue[]
} {
	const { records, issues } = loadQuests(dir)
	return { records, issues: [...issues, ...checkQuests(records)] }
}

/** Loads the quest data and throws a QuestDataError listing every problem, if any. */
export function loadCheckedQuests(dir: string = QUEST_DATA_DIR): QuestRecord[] {
	const { records, issues } = checkQuestDir(dir)
	if (issues.length > 0) throw new QuestDataError(issues)
	return records
}
