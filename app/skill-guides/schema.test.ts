import { expect, test } from 'vitest'
import { formatGuideIssues, formatPath, skillGuideSchema } from './schema.ts'

const validGuide = () => ({
	skill: 'herblore',
	summary: 'Herblore makes potions.',
	ranges: [
		{
			from: 1,
			to: 99,
			method: 'Potions',
			tip: 'Make potions. Sell the spares.',
			link: 'https://runescape.wiki/w/Herblore',
		},
	],
})

function issuesOf(data: unknown): string[] {
	const result = skillGuideSchema.safeParse(data)
	return result.success ? [] : formatGuideIssues('data/skills/herblore.yaml', result.error)
}

test('a well-formed guide passes, and overall is a valid skill', () => {
	expect(issuesOf(validGuide())).toEqual([])
	expect(issuesOf({ ...validGuide(), skill: 'overall' })).toEqual([])
})

test('an unknown skill is rejected with the file and field named', () => {
	const [issue] = issuesOf({ ...validGuide(), skill: 'sailing' })
	expect(issue).toMatch(/^data\/skills\/herblore\.yaml: skill: "sailing" is not a skill guide name/)
})

test('links must be https URLs', () => {
	for (const link of ['http://runescape.wiki/w/Herblore', 'runescape.wiki/w/Herblore', 'https:/x', '']) {
		const guide = validGuide()
		guide.ranges[0]!.link = link
		expect(issuesOf(guide)).toEqual(['data/skills/herblore.yaml: ranges[0].link: must be an https URL'])
	}
})

test('levels must be whole numbers of at least 1', () => {
	const guide = validGuide()
	guide.ranges[0]!.from = 0
	guide.ranges[0]!.to = 20.5
	expect(issuesOf(guide)).toEqual([
		'data/skills/herblore.yaml: ranges[0].from: must be at least 1',
		'data/skills/herblore.yaml: ranges[0].to: must be a whole number',
	])
})

test('missing fields, empty text, unknown keys and empty ranges are rejected', () => {
	const { summary: _summary, ...noSummary } = validGuide()
	expect(issuesOf(noSummary)).toHaveLength(1)
	expect(issuesOf(noSummary)[0]).toMatch(/: summary: /)

	const emptyTip = validGuide()
	emptyTip.ranges[0]!.tip = ''
	expect(issuesOf(emptyTip)).toEqual(['data/skills/herblore.yaml: ranges[0].tip: must not be empty'])

	expect(issuesOf({ ...validGuide(), extra: true })[0]).toMatch(/^data\/skills\/herblore\.yaml: .*extra/)
	expect(issuesOf({ ...validGuide(), ranges: [] })).toEqual(['data/skills/herblore.yaml: ranges: must list at least one level range'])
})

test('a file that is not a mapping at all gets a clear message', () => {
	expect(issuesOf('just a string')[0]).toMatch(/^data\/skills\/herblore\.yaml: /)
	expect(issuesOf(null)).toHaveLength(1)
})

test('formatPath writes array indexes in brackets', () => {
	expect(formatPath(['ranges', 2, 'link'])).toBe('ranges[2].link')
	expect(formatPath([])).toBe('')
})
