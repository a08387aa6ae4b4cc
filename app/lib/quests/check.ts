import type { z } from 'zod'
import { normaliseQuestName, questSlug } from '#app/lib/quests/names.ts'
import { questSchema, type Quest } from '#app/lib/quests/schema.ts'

/** One problem in the quest data: where it is (file, quest, field) and what is wrong. */
export interface QuestIssue {
	file: string
	quest?: string
	field?: string
	message: string
}

export interface QuestRecord {
	file: string
	quest: Quest
}

export function formatIssue(issue: QuestIssue): string {
	const where = [issue.quest ? JSON.stringify(issue.quest) : '', issue.field ?? '']
		.filter(Boolean)
		.join(' ')
	return `${issue.file}: ${where ? `${where}: ` : ''}${issue.message}`
}

function fieldPath(path: readonly PropertyKey[]): string {
	let out = ''
	for (const part of path) {
		if (typeof part === 'number') out += `[${part}]`
		else out += out ? `.${String(part)}` : String(part)
	}
	return out
}

function zodIssues(file: string, quest: string | undefined, error: z.ZodError): QuestIssue[] {
	return error.issues.map((issue) => {
		let field = fieldPath(issue.path)
		if (issue.code === 'unrecognized_keys') {
			field = issue.keys.map((key) => (field ? `${field}.${key}` : key)).join(', ')
			return { file, quest, field, message: 'unknown field (check the spelling)' }
		}
		return { file, quest, field: field || undefined, message: issue.message }
	})
}

/** Validates one file's parsed content against the schema. */
export function validateQuestFile(
	file: string,
	data: unknown,
): { quest?: Quest; issues: QuestIssue[] } {
	const name =
		data && typeof data === 'object' && typeof (data as { name?: unknown }).name === 'string'
			? (data as { name: string }).name
			: undefined
	const result = questSchema.safeParse(data)
	if (!result.success) return { issues: zodIssues(file, name, result.error) }
	return { quest: result.data, issues: [] }
}

function baseName(file: string): string {
	return file.slice(file.lastIndexOf('/') + 1).replace(/\.ya?ml$/, '')
}

/** Checks across records: names, aliases, slugs, prerequisites, duplicate skills and cycles. */
export function checkQuests(records: readonly QuestRecord[]): QuestIssue[] {
	const issues: QuestIssue[] = []
	const add = (record: QuestRecord, field: string, message: string) =>
		issues.push({ file: record.file, quest: record.quest.name, field, message })

	// Every name and alias, case-insensitively, belongs to exactly one quest.
	const owners = new Map<string, { record: QuestRecord; what: string }>()
	const byName = new Map<string, QuestRecord>()
	for (const record of records) {
		const { name } = record.quest
		const key = normaliseQuestName(name)
		const other = owners.get(key)
		if (other)
			add(record, 'name', `duplicate: already used as ${other.what} in ${other.record.file}`)
		else owners.set(key, { record, what: `the name of ${JSON.stringify(name)}` })
		if (!byName.has(name)) byName.set(name, record)
	}
	for (const record of records) {
		const own = normaliseQuestName(record.quest.name)
		;(record.quest.aliases ?? []).forEach((alias, i) => {
			const key = normaliseQuestName(alias)
			const field = `aliases[${i}]`
			if (key === own) return add(record, field, `alias ${JSON.stringify(alias)} repeats the name`)
			const other = owners.get(key)
			if (other && other.record === record && other.what.startsWith('an alias'))
				return add(record, field, `alias ${JSON.stringify(alias)} is listed twice`)
			if (other) {
				return add(
					record,
					field,
					`alias ${JSON.stringify(alias)} is already ${other.what} in ${other.record.file}`,
				)
			}
			owners.set(key, { record, what: `an alias of ${JSON.stringify(record.quest.name)}` })
		})
	}

	// Slugs name the files and the pages: unique, and the file is named after its quest.
	const slugs = new Map<string, QuestRecord>()
	for (const record of records) {
		const slug = questSlug(record.quest.name)
		if (!slug) {
			add(record, 'name', 'gives an empty slug: use letters or digits')
			continue
		}
		const other = slugs.get(slug)
		if (other && other !== record) {
			add(record, 'name', `slug "${slug}" is also the slug of ${JSON.stringify(other.quest.name)}`)
		} else slugs.set(slug, record)
		if (baseName(record.file) !== slug) {
			add(record, 'name', `file should be named "${slug}.yaml" after the quest's name`)
		}
	}

	// Prerequisites name existing quests by their canonical name.
	for (const record of records) {
		const seen = new Set<string>()
		record.quest.requirements.quest.forEach((prereq, i) => {
			const field = `requirements.quest[${i}]`
			if (prereq === record.quest.name) return add(record, field, 'a quest cannot require itself')
			if (seen.has(prereq)) return add(record, field, `${JSON.stringify(prereq)} is listed twice`)
			seen.add(prereq)
			if (byName.has(prereq)) return
			const owner = owners.get(normaliseQuestName(prereq))
			const hint = owner ? `; did you mean ${JSON.stringify(owner.record.quest.name)}?` : ''
			add(record, field, `unknown quest ${JSON.stringify(prereq)}${hint}`)
		})
		const skills = new Set<string>()
		record.quest.requirements.skill.forEach((req, i) => {
			if (skills.has(req.skill)) {
				add(
					record,
					`requirements.skill[${i}]`,
					`${req.skill} is listed twice: keep the highest level`,
				)
			}
			skills.add(req.skill)
		})
	}

	for (const cycle of findCycles(records.map((r) => r.quest))) {
		const record = byName.get(cycle[0]!)!
		add(record, 'requirements.quest', `prerequisite cycle: ${cycle.join(' → ')}`)
	}
	return issues
}

/**
 * Cycles in the prerequisite graph found by a depth-first search (at least one for every tangle
 * of quests that require each other), each as a path that starts and ends with the same quest,
 * rotated to start at its alphabetically first quest. Unknown names and a quest requiring
 * itself (reported on its own) are ignored.
 */
export function findCycles(
	quests: readonly { name: string; requirements: { quest: readonly string[] } }[],
): string[][] {
	const edges = new Map(quests.map((q) => [q.name, q.requirements.quest]))
	const state = new Map<string, 'active' | 'done'>()
	const stack: string[] = []
	const found = new Map<string, string[]>()

	const visit = (name: string) => {
		state.set(name, 'active')
		stack.push(name)
		for (const next of edges.get(name) ?? []) {
			if (!edges.has(next) || next === name) continue
			const s = state.get(next)
			if (s === 'active') {
				const loop = stack.slice(stack.indexOf(next))
				const start = loop.indexOf([...loop].sort()[0]!)
				const rotated = [...loop.slice(start), ...loop.slice(0, start)]
				const key = rotated.join('\u0000')
				if (!found.has(key)) found.set(key, [...rotated, rotated[0]!])
			} else if (s === undefined) visit(next)
		}
		stack.pop()
		state.set(name, 'done')
	}
	for (const name of [...edges.keys()].sort()) if (!state.has(name)) visit(name)
	return [...found.values()]
}

/** Schema validation of every file, then the cross-record checks on the valid ones. */
export function checkQuestData(files: readonly { file: string; data: unknown }[]): {
	records: QuestRecord[]
	issues: QuestIssue[]
} {
	const records: QuestRecord[] = []
	const issues: QuestIssue[] = []
	for (const { file, data } of files) {
		const result = validateQuestFile(file, data)
		issues.push(...result.issues)
		if (result.quest) records.push({ file, quest: result.quest })
	}
	issues.push(...checkQuests(records))
	return { records, issues }
}
