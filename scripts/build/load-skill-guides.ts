import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse, YAMLParseError } from 'yaml'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { checkGuideSet, checkGuideSource, checkSkillGuide } from '#app/skill-guides/check.ts'
import { formatGuideIssues, OVERALL, skillGuideSchema, type SkillGuide } from '#app/skill-guides/schema.ts'

export const DEFAULT_SKILL_GUIDES_DIR = fileURLToPath(new URL('../../data/skills/', import.meta.url))

export type LoadSkillGuidesResult = { ok: true; guides: SkillGuide[] } | { ok: false; errors: string[] }

const ORDER = new Map<string, number>([...SKILL_NAMES, OVERALL].map((name, i) => [name, i]))

/**
 * Reads every `*.yaml` file in `dir` (default `data/skills/`), validates it with the zod schema,
 * runs the range and whitespace checks and checks that there is one guide per skill plus
 * `overall`. Returns the guides in skill-id order (`overall` last), or every problem found, each
 * naming the file (relative to the working directory) and the field.
 */
export async function loadSkillGuides(dir = DEFAULT_SKILL_GUIDES_DIR): Promise<LoadSkillGuidesResult> {
	const shown = (name: string) => path.relative(process.cwd(), path.join(dir, name)) || name
	let names: string[]
	try {
		names = (await readdir(dir, { withFileTypes: true }))
			.filter((entry) => entry.isFile())
			.map((entry) => entry.name)
			.sort()
	} catch (error) {
		return {
			ok: false,
			errors: [`${dir}: cannot read the skill guides folder (${messageOf(error)})`],
		}
	}

	const errors: string[] = []
	const loaded: Array<{ file: string; guide: SkillGuide }> = []
	// Every YAML file counts towards "one guide per skill", even a broken one, so a typo in one
	// file is not also reported as a missing guide.
	const claimed: Array<{ file: string; skill: string }> = []
	for (const name of names) {
		const file = shown(name)
		if (name.endsWith('.yml')) {
			errors.push(`${file}: use the .yaml extension`)
			continue
		}
		if (!name.endsWith('.yaml')) continue

		const source = await readFile(path.join(dir, name), 'utf8')
		const nameSkill = name.slice(0, -'.yaml'.length)
		errors.push(...checkGuideSource(file, source))
		let data: unknown
		try {
			data = parse(source, { uniqueKeys: true, prettyErrors: true })
		} catch (error) {
			const reason = error instanceof YAMLParseError ? error.message : messageOf(error)
			errors.push(`${file}: invalid YAML: ${reason}`)
			claimed.push({ file, skill: nameSkill })
			continue
		}
		claimed.push({ file, skill: skillField(data) ?? nameSkill })
		const parsed = skillGuideSchema.safeParse(data)
		if (!parsed.success) {
			errors.push(...formatGuideIssues(file, parsed.error))
			continue
		}
		errors.push(...checkSkillGuide(file, parsed.data))
		loaded.push({ file, guide: parsed.data })
	}

	errors.push(...checkGuideSet(claimed, path.relative(process.cwd(), dir) || '.'))
	if (errors.length > 0) return { ok: false, errors }

	const guides = loaded.map(({ guide }) => guide).sort((a, b) => (ORDER.get(a.skill) ?? 0) - (ORDER.get(b.skill) ?? 0))
	return { ok: true, guides }
}

function skillField(data: unknown): string | undefined {
	if (typeof data !== 'object' || data === null || !('skill' in data)) return undefined
	return typeof data.skill === 'string' ? data.skill : undefined
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error)
}
