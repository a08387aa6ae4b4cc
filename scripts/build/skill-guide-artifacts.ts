import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { SkillGuide } from '#app/skill-guides/schema.ts'
import { loadSkillGuides } from './load-skill-guides.ts'

/**
 * Writes one JSON file per skill guide (`skill-guides/<skill>.json`), so the levelling drawer
 * loads only the guide it shows. Returns the guides (for the content build) and the problems found;
 * nothing is written when there are any.
 */
export async function writeSkillGuides(outDir: string): Promise<{ guides: SkillGuide[]; problems: string[] }> {
	const result = await loadSkillGuides()
	if (!result.ok) return { guides: [], problems: result.errors }
	const dir = path.join(outDir, 'skill-guides')
	mkdirSync(dir, { recursive: true })
	for (const guide of result.guides) writeFileSync(path.join(dir, `${guide.skill}.json`), JSON.stringify(guide))
	return { guides: result.guides, problems: [] }
}
