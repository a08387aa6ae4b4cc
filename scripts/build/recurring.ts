import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { activitiesSchema } from '#app/recurring/activities.schema.ts'
import { requiredQuests } from '#app/recurring/tracker.ts'

/**
 * Validates data/recurring-activities.json (the /tools/recurring list): fields, unique ids, and
 * required quests that exist under their canonical names. Writes the checked list to the output.
 */
export function writeRecurring(
	dataDir: string,
	outDir: string,
	questNames: ReadonlySet<string>,
): string[] {
	const file = path.join(dataDir, 'recurring-activities.json')
	let raw: unknown
	try {
		raw = JSON.parse(readFileSync(file, 'utf8'))
	} catch (error) {
		return [`data/recurring-activities.json: ${(error as Error).message}`]
	}
	const result = activitiesSchema.safeParse(raw)
	const where = (i: number | string) => `data/recurring-activities.json: [${i}]`
	if (!result.success) {
		return result.error.issues.map((issue) => {
			const [index, ...field] = issue.path
			return `${where(String(index ?? '(file)'))}${field.length ? ` ${field.join('.')}` : ''}: ${issue.message}`
		})
	}
	const problems: string[] = []
	const ids = new Set<string>()
	result.data.forEach((activity, i) => {
		if (ids.has(activity.id)) problems.push(`${where(i)} id: "${activity.id}" is used twice`)
		ids.add(activity.id)
		for (const quest of requiredQuests(activity)) {
			if (!questNames.has(quest)) {
				problems.push(
					`${where(i)} requirements: unknown quest "${quest}" (use the name in data/quests/)`,
				)
			}
		}
	})
	if (problems.length > 0) return problems
	writeFileSync(path.join(outDir, 'recurring-activities.json'), JSON.stringify(result.data))
	return []
}
