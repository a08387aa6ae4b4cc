import { getSkill } from '#app/lib/skills.ts'
import { GUIDE_SKILLS, OVERALL, type GuideSkill, type SkillGuide } from './schema.ts'

/** Every guide leads at least to 99; skills with a higher cap may go further, up to that cap. */
const GUIDE_MIN_END = 99

/** The highest level a guide for this skill may reach: the skill's cap, or 99 for `overall`. */
export function guideCap(skill: GuideSkill): number {
	if (skill === OVERALL) return 99
	return getSkill(skill)?.cap ?? 99
}

/** The file name a guide must have, e.g. `herblore.yaml`. */
function guideFileName(skill: GuideSkill): string {
	return `${skill}.yaml`
}

/**
 * Checks one parsed guide beyond its schema: the file name matches `skill`, ranges start at 1,
 * each range goes up, ranges join without gaps or overlaps, none passes the skill's cap, the last
 * reaches 99, and no text has stray whitespace. Returns one message per problem, naming the file
 * and the field.
 */
export function checkSkillGuide(file: string, guide: SkillGuide): string[] {
	const errors: string[] = []
	const fail = (field: string, message: string) => errors.push(`${file}: ${field}: ${message}`)

	const baseName = file.split(/[\\/]/).pop() ?? file
	if (baseName !== guideFileName(guide.skill)) {
		fail('skill', `"${guide.skill}" belongs in ${guideFileName(guide.skill)}, not ${baseName}`)
	}

	checkWhitespace('summary', guide.summary, fail)

	const cap = guideCap(guide.skill)
	guide.ranges.forEach((range, i) => {
		const at = `ranges[${i}]`
		if (i === 0 && range.from !== 1) fail(`${at}.from`, `the first range must start at 1, not ${range.from}`)
		const previous = guide.ranges[i - 1]
		if (previous && range.from !== previous.to) {
			const kind = range.from > previous.to ? 'gap' : 'overlap'
			fail(`${at}.from`, `must equal the previous range's "to" (${previous.to}), not ${range.from} (${kind})`)
		}
		if (range.from >= range.to) {
			fail(`${at}.to`, `must be greater than "from" (${range.from}), not ${range.to}`)
		}
		if (range.to > cap) fail(`${at}.to`, `${range.to} is above the ${guide.skill} cap of ${cap}`)
		checkWhitespace(`${at}.method`, range.method, fail)
		checkWhitespace(`${at}.tip`, range.tip, fail)
		checkWhitespace(`${at}.link`, range.link, fail)
	})

	const lastIndex = guide.ranges.length - 1
	const last = guide.ranges[lastIndex]
	if (last && last.to < Math.min(GUIDE_MIN_END, cap)) {
		fail(`ranges[${lastIndex}].to`, `the last range must reach level ${GUIDE_MIN_END}, not stop at ${last.to}`)
	}
	return errors
}

/** Checks that the set of guide files holds exactly one guide per skill plus `overall`. */
export function checkGuideSet(guides: ReadonlyArray<{ file: string; skill: string }>, dir = 'data/skills'): string[] {
	const errors: string[] = []
	const filesBySkill = new Map<string, string[]>()
	for (const { file, skill } of guides) {
		filesBySkill.set(skill, [...(filesBySkill.get(skill) ?? []), file])
	}
	for (const skill of GUIDE_SKILLS) {
		const files = filesBySkill.get(skill) ?? []
		if (files.length === 0) errors.push(`${dir}/${guideFileName(skill)}: missing (no guide for ${skill})`)
		if (files.length > 1) errors.push(`${files.join(', ')}: skill: "${skill}" has more than one guide`)
	}
	return errors
}

/** Checks the raw YAML text: no trailing spaces, no tabs, one newline at the end of the file. */
export function checkGuideSource(file: string, source: string): string[] {
	const errors: string[] = []
	const lines = source.split('\n')
	lines.forEach((line, i) => {
		if (/[ \t\r]+$/.test(line)) errors.push(`${file}: line ${i + 1}: trailing whitespace`)
		if (line.includes('\t')) errors.push(`${file}: line ${i + 1}: tab character (indent with spaces)`)
	})
	if (!source.endsWith('\n')) errors.push(`${file}: the file must end with a newline`)
	else if (source.endsWith('\n\n')) errors.push(`${file}: blank lines at the end of the file`)
	return errors
}

type Fail = (field: string, message: string) => void

function checkWhitespace(field: string, value: string, fail: Fail) {
	if (value !== value.trim()) fail(field, 'has leading or trailing whitespace')
	if (/[\t\n\r]/.test(value)) fail(field, 'contains a line break or tab (use one line, or a folded ">-" block)')
	if (/ {2}/.test(value)) fail(field, 'contains a double space')
}
