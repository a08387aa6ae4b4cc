import type { z } from 'zod'
import { normaliseQuestName, questSlug } from '#app/quests/names.ts'
import { chainEdges, createRequirementResolver } from '#app/quests/requirements.ts'
import { questSchema, type Quest } from '#app/quests/schema.ts'

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
	const where = [issue.quest ? JSON.stringify(issue.quest) : '', issue.field ?? ''].filter(Boolean).join(' ')
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
export function validateQuestFile(file: string, data: unknown): { quest?: Quest; issues: QuestIssue[] } {
	const name =
		data && typeof data === 'object' && typeof (data as { name?: unknown }).name === 'string' ? (data as { name: string }).name : undefined
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
	const duplicateSkills = (record: QuestRecord, field: string, skills: readonly { skill: string }[]) => {
		const seen = new Set<string>()
		skills.forEach((req, i) => {
			if (seen.has(req.skill)) add(record, `${field}[${i}]`, `${req.skill} is listed twice: keep the highest level`)
			seen.add(req.skill)
		})
	}

	// Every name and alias, case-insensitively, belongs to exactly one quest.
	const owners = new Map<string, { record: QuestRecord; what: string }>()
	const byName = new Map<string, QuestRecord>()
	for (const record of records) {
		const { name } = record.quest
		const key = normaliseQuestName(name)
		const other = owners.get(key)
		if (other) add(record, 'name', `duplicate: already used as ${other.what} in ${other.record.file}`)
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
				return add(record, field, `alias ${JSON.stringify(alias)} is already ${other.what} in ${other.record.file}`)
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

	// Prerequisites (whole, partial or past completion) name existing quests by their canonical
	// name, each once.
	for (const record of records) {
		const req = record.quest.requirements
		const checkName = (field: string, name: string) => {
			if (name === record.quest.name) return add(record, field, 'a quest cannot require itself')
			if (byName.has(name)) return
			const owner = owners.get(normaliseQuestName(name))
			const hint = owner ? `; did you mean ${JSON.stringify(owner.record.quest.name)}?` : ''
			add(record, field, `unknown quest ${JSON.stringify(name)}${hint}`)
		}
		const seen = new Set<string>()
		const prerequisites = [
			...req.quest.map((name, i) => ({ name, field: `requirements.quest[${i}]` })),
			...req.fully.map((f, i) => ({ name: f.quest, field: `requirements.fully[${i}].quest` })),
			...req.partial.map((p, i) => ({ name: p.quest, field: `requirements.partial[${i}].quest` })),
		]
		for (const { name, field } of prerequisites) {
			if (seen.has(name)) {
				add(record, field, `${JSON.stringify(name)} is listed twice (quest, fully or partial)`)
				continue
			}
			seen.add(name)
			checkName(field, name)
		}
		req.partial.forEach((partial, i) => {
			const needs = new Set<string>()
			partial.needs.quest.forEach((name, j) => {
				const field = `requirements.partial[${i}].needs.quest[${j}]`
				if (name === partial.quest) return add(record, field, 'a partial requirement cannot need its own quest whole')
				if (needs.has(name)) return add(record, field, `${JSON.stringify(name)} is listed twice`)
				needs.add(name)
				checkName(field, name)
			})
			duplicateSkills(record, `requirements.partial[${i}].needs.skill`, partial.needs.skill)
		})
		duplicateSkills(record, 'requirements.skill', req.skill)
		req.anyOf.forEach((group, i) => duplicateSkills(record, `requirements.anyOf[${i}].skill`, group.skill))
		const ironman = req.ironman?.skill ?? []
		duplicateSkills(record, 'requirements.ironman.skill', ironman)
		ironman.forEach((s, i) => {
			const normal = req.skill.find((n) => n.skill === s.skill)
			if (normal && normal.level >= s.level) {
				add(
					record,
					`requirements.ironman.skill[${i}]`,
					`ironman ${s.skill} ${s.level} is not above the ${normal.level} everyone needs: drop it`,
				)
			}
		})
	}

	const cycles = findCycles(records.map((r) => ({ name: r.quest.name, edges: chainEdges(r.quest) })))
	for (const cycle of cycles) {
		const record = byName.get(cycle[0]!)!
		add(record, 'requirements', `prerequisite cycle: ${cycle.join(' → ')}`)
	}
	if (cycles.length === 0) issues.push(...checkPartialNeeds(records))
	return issues
}

/**
 * A part of a quest cannot need more quests than the whole quest: every partial requirement's
 * `needs.quest` lies in the chain of the quest it is part of. (Run on sound data only: it
 * builds the chains.)
 */
function checkPartialNeeds(records: readonly QuestRecord[]): QuestIssue[] {
	const resolver = createRequirementResolver(records.map((r) => r.quest))
	const issues: QuestIssue[] = []
	for (const { file, quest } of records) {
		quest.requirements.partial.forEach((partial, i) => {
			const chain = new Set(resolver.chain(partial.quest))
			partial.needs.quest.forEach((need, j) => {
				if (chain.has(need)) return
				issues.push({
					file,
					quest: quest.name,
					field: `requirements.partial[${i}].needs.quest[${j}]`,
					message: `${JSON.stringify(need)} is not in the chain of ${JSON.stringify(partial.quest)}: part of a quest cannot need more than the whole`,
				})
			})
		})
	}
	return issues
}

/**
 * Cycles in the prerequisite graph found by a depth-first search (at least one for every tangle
 * of quests that require each other), each as a path that starts and ends with the same quest,
 * rotated to start at its alphabetically first quest. Unknown names and a quest requiring
 * itself (reported on its own) are ignored.
 */
export function findCycles(quests: readonly { name: string; edges: readonly string[] }[]): string[][] {
	const edges = new Map(quests.map((q) => [q.name, q.edges]))
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
