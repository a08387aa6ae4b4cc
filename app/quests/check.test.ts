import { expect, test } from 'vitest'
import { checkQuestData, findCycles, formatIssue, type QuestIssue } from '#app/quests/check.ts'
import { questSlug } from '#app/quests/names.ts'

type Raw = Record<string, unknown> & { name: string; requirements?: Record<string, unknown> }

function raw(name: string, overrides: Partial<Raw> = {}): Raw {
	return {
		name,
		difficulty: 1,
		members: true,
		questPoints: 1,
		...overrides,
		requirements: { quest: [], skill: [], other: [], ...overrides.requirements },
	}
}

function check(...quests: Raw[]): QuestIssue[] {
	return checkQuestData(quests.map((data) => ({ file: `data/quests/${questSlug(data.name)}.yaml`, data }))).issues
}

function only(issues: QuestIssue[]): QuestIssue {
	expect(issues, issues.map(formatIssue).join('\n')).toHaveLength(1)
	return issues[0]!
}

test('sound data has no issues', () => {
	expect(
		check(
			raw('Root'),
			raw('Next', {
				aliases: ['NX'],
				requirements: {
					quest: ['Root'],
					skill: [{ skill: 'herblore', level: 120 }],
					questPoints: 10,
				},
			}),
		),
	).toEqual([])
})

test('duplicate names are reported, case-insensitively', () => {
	const issue = only(
		checkQuestData([
			{ file: 'data/quests/a.yaml', data: raw('Cook Off') },
			{ file: 'data/quests/b.yaml', data: raw('cook off') },
		]).issues.filter((i) => i.message.startsWith('duplicate')),
	)
	expect(issue).toMatchObject({ file: 'data/quests/b.yaml', quest: 'cook off', field: 'name' })
	expect(issue.message).toContain('data/quests/a.yaml')
})

test("an alias may not equal another quest's name or alias", () => {
	const byName = only(check(raw('Desert Treasure'), raw('Other', { aliases: ['desert treasure'] })))
	expect(byName).toMatchObject({ quest: 'Other', field: 'aliases[0]' })
	expect(byName.message).toContain('the name of "Desert Treasure"')
	const byAlias = only(check(raw('One', { aliases: ['DT'] }), raw('Two', { aliases: ['dt'] })))
	expect(byAlias).toMatchObject({ quest: 'Two', field: 'aliases[0]' })
	expect(byAlias.message).toContain('an alias of "One"')
	expect(only(check(raw('Three', { aliases: ['three'] }))).message).toContain('repeats the name')
})

test('an unresolved prerequisite is reported, with a hint when an alias was meant', () => {
	const issue = only(check(raw('Top', { requirements: { quest: ['Missing Quest'] } })))
	expect(issue).toMatchObject({ quest: 'Top', field: 'requirements.quest[0]' })
	expect(issue.message).toBe('unknown quest "Missing Quest"')
	const hinted = only(check(raw('Desert Treasure', { aliases: ['DT'] }), raw('Top', { requirements: { quest: ['DT'] } })))
	expect(hinted.message).toContain('did you mean "Desert Treasure"?')
})

test('a quest requiring itself or the same quest twice is reported', () => {
	expect(only(check(raw('Loop', { requirements: { quest: ['Loop'] } }))).message).toContain('itself')
	expect(only(check(raw('A'), raw('B', { requirements: { quest: ['A', 'A'] } }))).field).toBe('requirements.quest[1]')
})

test('a cycle is reported once with its path', () => {
	const issue = only(
		check(
			raw('Gamma', { requirements: { quest: ['Alpha'] } }),
			raw('Alpha', { requirements: { quest: ['Beta'] } }),
			raw('Beta', { requirements: { quest: ['Gamma'] } }),
			raw('Outside', { requirements: { quest: ['Beta'] } }),
		),
	)
	expect(issue).toMatchObject({ quest: 'Alpha', field: 'requirements' })
	expect(issue.message).toBe('prerequisite cycle: Alpha → Beta → Gamma → Alpha')
	expect(
		findCycles([
			{ name: 'A', edges: ['B'] },
			{ name: 'B', edges: [] },
		]),
	).toEqual([])
})

test('a skill that is not one of the 29 RS3 skills is reported', () => {
	const issue = only(check(raw('Q', { requirements: { skill: [{ skill: 'sailing', level: 10 }] } })))
	expect(issue).toMatchObject({ quest: 'Q', field: 'requirements.skill[0].skill' })
	expect(issue.message).toContain('"sailing" is not an RS3 skill')
})

test("a level over the skill's cap is reported; 120 is fine for Herblore, not for Defence", () => {
	const issue = only(
		check(
			raw('Q', {
				requirements: {
					skill: [
						{ skill: 'herblore', level: 120 },
						{ skill: 'defence', level: 120 },
					],
				},
			}),
		),
	)
	expect(issue).toMatchObject({ field: 'requirements.skill[1].level' })
	expect(issue.message).toBe('level 120 is over the defence cap of 99')
	expect(only(check(raw('Z', { requirements: { skill: [{ skill: 'attack', level: 0 }] } }))).field).toBe('requirements.skill[0].level')
})

test('a skill listed twice in one quest is reported', () => {
	const skill = [
		{ skill: 'magic', level: 10 },
		{ skill: 'magic', level: 20 },
	]
	expect(only(check(raw('Q', { requirements: { skill } }))).field).toBe('requirements.skill[1]')
})

test('negative quest points are reported', () => {
	const issue = only(check(raw('Q', { questPoints: -1 })))
	expect(issue).toMatchObject({ quest: 'Q', field: 'questPoints' })
	expect(only(check(raw('R', { requirements: { questPoints: -5 } }))).field).toBe('requirements.questPoints')
})

test('stray whitespace in any string is reported', () => {
	expect(only(check(raw('Q', { aliases: ['DT '] }))).field).toBe('aliases[0]')
	expect(only(check(raw('Q', { requirements: { other: ['Own  a boat'] } }))).field).toBe('requirements.other[0]')
	expect(only(check(raw('A'), raw('Q', { requirements: { quest: [' A'] } }))).field).toBe('requirements.quest[0]')
	const name = checkQuestData([{ file: 'data/quests/q.yaml', data: raw(' Q') }]).issues
	expect(name.some((i) => i.field === 'name' && i.message.includes('whitespace'))).toBe(true)
})

test('a quest-point threshold written as free text is reported', () => {
	const issue = only(check(raw('Q', { requirements: { other: ['33 Quest Points'] } })))
	expect(issue).toMatchObject({ field: 'requirements.other[0]' })
	expect(issue.message).toContain('use requirements.questPoints')
	expect(check(raw('R', { requirements: { other: ['176 quest points You have 93'] } }))).toHaveLength(1)
	expect(check(raw('S', { requirements: { other: ['125 Kudos'] } }))).toEqual([])
})

test('bad difficulty, unknown fields and a file named unlike its quest are reported', () => {
	expect(only(check(raw('Q', { difficulty: 5 }))).field).toBe('difficulty')
	expect(only(check(raw('Q', { requirment: [] }))).field).toBe('requirment')
	const issue = only(checkQuestData([{ file: 'data/quests/wrong.yaml', data: raw('Right One') }]).issues)
	expect(issue.message).toContain('"right-one.yaml"')
})

test('two names with the same slug are reported', () => {
	const issues = checkQuestData([
		{ file: 'data/quests/its-on.yaml', data: raw("It's On") },
		{ file: 'data/quests/its-on.yaml', data: raw('Its On!') },
	]).issues
	expect(issues.some((i) => i.quest === 'Its On!' && i.message.includes('slug "its-on"'))).toBe(true)
})

test('issues name the file, the quest and the field', () => {
	const [issue] = check(raw('Q', { questPoints: -1 }))
	expect(formatIssue(issue!)).toBe('data/quests/q.yaml: "Q" questPoints: questPoints must be 0 or more')
})

test('Firemaking goes to 110 since December 2024; 111 is over the cap', () => {
	expect(check(raw('Q', { requirements: { skill: [{ skill: 'firemaking', level: 110 }] } }))).toEqual([])
	expect(only(check(raw('Q', { requirements: { skill: [{ skill: 'firemaking', level: 111 }] } }))).message).toBe(
		'level 111 is over the firemaking cap of 110',
	)
})

test('partial, fully, anyOf and ironman requirements are checked', () => {
	const treasure = raw('Treasure', { requirements: { quest: ['Dig'] } })
	const sound = [
		raw('Dig'),
		raw('Other'),
		treasure,
		raw('Curse', {
			requirements: {
				partial: [{ quest: 'Treasure', until: 'the pyramid', needs: { quest: ['Dig'] } }],
				fully: [{ quest: 'Other', until: '100 %' }],
				skill: [{ skill: 'mining', level: 20 }],
				anyOf: [
					{
						skill: [
							{ skill: 'strength', level: 60 },
							{ skill: 'agility', level: 60 },
						],
					},
				],
				ironman: { skill: [{ skill: 'mining', level: 40 }] },
			},
		}),
	]
	expect(check(...sound)).toEqual([])

	const needsMore = only(
		check(
			raw('Dig'),
			raw('Other'),
			treasure,
			raw('Curse', {
				requirements: {
					partial: [{ quest: 'Treasure', until: 'x', needs: { quest: ['Other'] } }],
				},
			}),
		),
	)
	expect(needsMore).toMatchObject({ field: 'requirements.partial[0].needs.quest[0]' })
	expect(needsMore.message).toContain('part of a quest cannot need more than the whole')

	const twice = only(
		check(
			raw('Dig'),
			raw('C', {
				requirements: { quest: ['Dig'], partial: [{ quest: 'Dig', until: 'x' }] },
			}),
		),
	)
	expect(twice).toMatchObject({ field: 'requirements.partial[0].quest' })
	expect(twice.message).toContain('listed twice')

	expect(only(check(raw('C', { requirements: { fully: [{ quest: 'Nope', until: 'x' }] } }))).message).toBe('unknown quest "Nope"')
	const ironman = only(
		check(
			raw('C', {
				requirements: {
					skill: [{ skill: 'mining', level: 40 }],
					ironman: { skill: [{ skill: 'mining', level: 30 }] },
				},
			}),
		),
	)
	expect(ironman).toMatchObject({ field: 'requirements.ironman.skill[0]' })
	const lonely = only(check(raw('C', { requirements: { anyOf: [{ skill: [{ skill: 'mining', level: 40 }] }] } })))
	expect(lonely.message).toBe('an anyOf group needs at least two alternatives')
})

test('a cycle through a partial requirement is found', () => {
	const issues = check(
		raw('A', { requirements: { partial: [{ quest: 'B', until: 'x', needs: { quest: ['C'] } }] } }),
		raw('B'),
		raw('C', { requirements: { quest: ['A'] } }),
	)
	expect(issues.map((i) => i.message)).toContain('prerequisite cycle: A → C → A')
})
