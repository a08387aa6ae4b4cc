import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { writeRecurring } from './recurring.ts'

const quests = new Set(['Tears of Guthix'])

function run(content: unknown) {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-recurring-'))
	writeFileSync(path.join(dir, 'recurring-activities.json'), typeof content === 'string' ? content : JSON.stringify(content))
	return { problems: writeRecurring(dir, dir, quests).problems, dir }
}

const tears = {
	id: 'tears-of-guthix',
	name: 'Tears of Guthix',
	frequency: 'weekly',
	priority: 1,
	requirements: { quest: ['Tears of Guthix'] },
	reward: 'Experience in your lowest skill.',
	wiki: 'https://runescape.wiki/w/Tears_of_Guthix',
	sources: ['https://runescape.wiki/w/Tears_of_Guthix'],
	verified: '2026-11-26',
}

test('a valid list is written with its defaults filled in', () => {
	const { problems, dir } = run([tears])
	expect(problems).toEqual([])
	const [written] = JSON.parse(readFileSync(path.join(dir, 'recurring-activities.json'), 'utf8'))
	expect(written.requirements).toMatchObject({
		quest: ['Tears of Guthix'],
		skill: [],
		partial: [],
		anyOf: [],
		other: [],
	})
})

test('field errors name the entry and the field', () => {
	expect(run([{ ...tears, frequency: 'hourly' }]).problems[0]).toMatch(/^data\/recurring-activities\.json: \[0\] frequency: /)
	expect(run([{ ...tears, id: 'Tears Of Guthix' }]).problems).toEqual([
		'data/recurring-activities.json: [0] id: id must be kebab-case (letters, digits, dashes)',
	])
	expect(run([{ ...tears, requirements: { skill: [{ skill: 'runecrafting', level: 150 }] } }]).problems).toEqual([
		'data/recurring-activities.json: [0] requirements.skill.0.level: level 150 is over the runecrafting cap of 110',
	])
	expect(run([{ ...tears, sources: [] }]).problems[0]).toContain('name at least one source')
	expect(run('{').problems[0]).toMatch(/^data\/recurring-activities\.json: /)
})

test('duplicate ids and unknown quests stop the build', () => {
	expect(run([tears, { ...tears, name: 'Again' }]).problems).toEqual([
		'data/recurring-activities.json: [1] id: "tears-of-guthix" is used twice',
	])
	expect(run([{ ...tears, requirements: { quest: ['Tears of guthix'] } }]).problems).toEqual([
		'data/recurring-activities.json: [0] requirements: unknown quest "Tears of guthix" (use the name in data/quests/)',
	])
	expect(run([{ ...tears, requirements: { partial: [{ quest: 'Nope', until: 'the start' }] } }]).problems).toEqual([
		'data/recurring-activities.json: [0] requirements: unknown quest "Nope" (use the name in data/quests/)',
	])
})

test('an activity a game update touched after its verified day is stale, with the update named', () => {
	const dir = mkdtempSync(path.join(tmpdir(), 'gg-recurring-'))
	writeFileSync(path.join(dir, 'recurring-activities.json'), JSON.stringify([tears, { ...tears, id: 'other', verified: '2026-12-05' }]))
	const update = (date: string, activities: string[]) => ({
		date,
		title: `Update of ${date}`,
		summary: 'What changed.',
		touches: { skills: [], gear: [], unlocks: [], activities, quests: [], areas: [] },
		sources: ['https://runescape.wiki/w/Update'],
	})
	const result = writeRecurring(dir, dir, quests, [
		update('2026-12-01', ['tears-of-guthix', 'other']),
		update('2026-11-01', ['tears-of-guthix']),
	])
	expect(result.problems).toEqual([])
	// Only the update after its verified day, and only for the activity verified before it.
	expect(result.stale).toEqual([
		{
			id: 'tears-of-guthix',
			name: 'Tears of Guthix',
			verified: '2026-11-26',
			reasons: [{ title: 'Update of 2026-12-01', date: '2026-12-01', topics: ['activity:tears-of-guthix'] }],
		},
	])
	expect(writeRecurring(dir, dir, quests, [update('2026-12-01', ['no-such-activity'])]).problems).toEqual([
		'data/game-updates.yaml: "Update of 2026-12-01": touches.activities: no activity "no-such-activity" in data/recurring-activities.json',
	])
})
