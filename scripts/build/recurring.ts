import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { GameUpdateEntry } from '#app/lib/game-facts/schema.ts'
import { type StaleReason, staleReasons } from '#app/lib/game-facts/stale.ts'
import { activitiesSchema } from '#app/recurring/activities.schema.ts'
import { requiredQuests } from '#app/recurring/tracker.ts'

/** An activity a game update touched after its `verified` day (`npm run content -- stale`). */
export type StaleActivity = { id: string; name: string; verified: string; reasons: StaleReason[] }

/**
 * Validates data/recurring-activities.json (the /tools/recurring list): fields, unique ids, and
 * required quests that exist under their canonical names. Writes the checked list to the output,
 * and returns the activities a game update touched (`touches.activities`) after their verified day.
 */
export function writeRecurring(
	dataDir: string,
	outDir: string,
	questNames: ReadonlySet<string>,
	updates: readonly GameUpdateEntry[] = [],
): { problems: string[]; stale: StaleActivity[] } {
	const file = path.join(dataDir, 'recurring-activities.json')
	let raw: unknown
	try {
		raw = JSON.parse(readFileSync(file, 'utf8'))
	} catch (error) {
		return { problems: [`data/recurring-activities.json: ${(error as Error).message}`], stale: [] }
	}
	const result = activitiesSchema.safeParse(raw)
	const where = (i: number | string) => `data/recurring-activities.json: [${i}]`
	if (!result.success) {
		const problems = result.error.issues.map((issue) => {
			const [index, ...field] = issue.path
			return `${where(String(index ?? '(file)'))}${field.length ? ` ${field.join('.')}` : ''}: ${issue.message}`
		})
		return { problems, stale: [] }
	}
	const problems: string[] = []
	const ids = new Set<string>()
	result.data.forEach((activity, i) => {
		if (ids.has(activity.id)) problems.push(`${where(i)} id: "${activity.id}" is used twice`)
		ids.add(activity.id)
		for (const quest of requiredQuests(activity)) {
			if (!questNames.has(quest)) {
				problems.push(`${where(i)} requirements: unknown quest "${quest}" (use the name in data/quests/)`)
			}
		}
	})
	for (const update of updates) {
		for (const id of update.touches.activities) {
			if (!ids.has(id))
				problems.push(
					`data/game-updates.yaml: "${update.title}": touches.activities: no activity "${id}" in data/recurring-activities.json`,
				)
		}
	}
	if (problems.length > 0) return { problems, stale: [] }
	writeFileSync(path.join(outDir, 'recurring-activities.json'), JSON.stringify(result.data))
	const stale = result.data.flatMap((activity) => {
		const reasons = staleReasons(activity.verified, [`activity:${activity.id}`], updates)
		return reasons.length > 0 ? [{ id: activity.id, name: activity.name, verified: activity.verified, reasons }] : []
	})
	return { problems: [], stale }
}
