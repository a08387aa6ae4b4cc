import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { leagueSchema } from '#app/lib/league.ts'

/** Validates data/league.json (the home page countdown's target) and copies it to the output. */
export function writeLeague(dataDir: string, outDir: string): string[] {
	const file = path.join(dataDir, 'league.json')
	let raw: unknown
	try {
		raw = JSON.parse(readFileSync(file, 'utf8'))
	} catch (error) {
		return [`data/league.json: ${(error as Error).message}`]
	}
	const result = leagueSchema.safeParse(raw)
	if (!result.success) {
		return result.error.issues.map((i) => `data/league.json: ${i.path.join('.') || '(file)'}: ${i.message}`)
	}
	writeFileSync(path.join(outDir, 'league.json'), JSON.stringify(result.data))
	return []
}
