import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gameEventsSchema } from '#app/home/events.schema.ts'
import { timelineProblems } from '#app/home/timeline.ts'

/**
 * Validates data/events.json (the home page hero's events: fields, inverted or overlapping dates,
 * links to pages that do not exist) and writes the checked list to the output.
 */
export function writeEvents(dataDir: string, outDir: string, sitePaths: ReadonlySet<string>): string[] {
	const file = path.join(dataDir, 'events.json')
	let raw: unknown
	try {
		raw = JSON.parse(readFileSync(file, 'utf8'))
	} catch (error) {
		return [`data/events.json: ${(error as Error).message}`]
	}
	const result = gameEventsSchema.safeParse(raw)
	if (!result.success) {
		return result.error.issues.map((i) => `data/events.json: ${i.path.join('.') || '(file)'}: ${i.message}`)
	}
	const problems = timelineProblems(result.data)
	result.data.forEach((event, i) => {
		for (const [field, value] of [['link', event.link], ...event.sources.map((s) => ['sources', s])]) {
			if (value!.startsWith('/') && !sitePaths.has(value!.replace(/[?#].*$/, ''))) {
				problems.push(`[${i}] "${event.name}": ${field}: no page ${value} on this site`)
			}
		}
	})
	if (problems.length > 0) return problems.map((p) => `data/events.json: ${p}`)
	writeFileSync(path.join(outDir, 'events.json'), JSON.stringify(result.data))
	return []
}
