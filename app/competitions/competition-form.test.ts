import { expect, test } from 'vitest'
import { parseCompetitionInput } from './competition-input.ts'
import { competitionBody, fieldErrors, type CompetitionFormValues } from './competition-form.ts'

const form = (patch: Partial<CompetitionFormValues> = {}): CompetitionFormValues => ({
	title: 'Skill of the week',
	startsAt: '2026-12-01T18:00',
	endsAt: '2026-12-08T18:00',
	metrics: 'magic\nkills:vorago*2, drops:dragon rider boots * 0.5',
	source: 'names',
	groupId: '',
	participants: 'Zezima\nle_me, Anna',
	teams: '',
	...patch,
})

/** The form through the parser, as the page's action does: the competition, or the errors by field. */
function submit(values: CompetitionFormValues) {
	const { body, errors } = competitionBody(values)
	const parsed = parseCompetitionInput(body)
	return { parsed, errors: fieldErrors([...errors, ...(parsed.ok ? [] : parsed.errors)], body) }
}

test('the form becomes the API body: UTC times, metrics with weights after *, names one a line or comma-separated', () => {
	const { body, errors } = competitionBody(form())
	expect(errors).toEqual([])
	expect(body).toEqual({
		title: 'Skill of the week',
		startsAt: '2026-12-01T18:00:00Z',
		endsAt: '2026-12-08T18:00:00Z',
		metrics: [{ metric: 'magic' }, { metric: 'kills:vorago', weight: 2 }, { metric: 'drops:dragon rider boots', weight: 0.5 }],
		participants: ['Zezima', 'le_me', 'Anna'],
	})
	const { parsed } = submit(form())
	expect(parsed.ok && parsed.competition.startsAt.toISOString()).toBe('2026-12-01T18:00:00.000Z')
})

test('teams a line ("Team: a, b"); with teams the list may be left empty; a group by its number', () => {
	const teams = 'Red: Zezima, Anna\nBlue: le_me'
	expect(competitionBody(form({ participants: '', teams })).body).toMatchObject({
		teams: [
			{ name: 'Red', participants: ['Zezima', 'Anna'] },
			{ name: 'Blue', participants: ['le_me'] },
		],
	})
	expect(competitionBody(form({ participants: '', teams })).body).not.toHaveProperty('participants')
	expect(submit(form({ participants: '', teams })).parsed.ok).toBe(true)
	const group = competitionBody(form({ source: 'group', groupId: ' 12 ', participants: '' })).body
	expect(group).toMatchObject({ groupId: 12 })
	expect(group).not.toHaveProperty('participants')
	// Some of the group's members: those listed.
	expect(competitionBody(form({ source: 'group', groupId: '12' })).body).toMatchObject({
		groupId: 12,
		participants: ['Zezima', 'le_me', 'Anna'],
	})
})

test('each error under its field, the item at fault quoted', () => {
	const { errors } = submit(
		form({
			title: '',
			endsAt: '2026-11-30T00:00',
			metrics: 'magic\nkills:vorago*0\nfishin',
			participants: 'Zezima\nbad$name',
		}),
	)
	expect(errors.title).toEqual(['Give the competition a title.'])
	expect(errors.endsAt).toEqual(['The end must be after the start.'])
	expect(errors.metrics).toEqual(['“kills:vorago”: A weight must be above 0.', expect.stringMatching(/^Unknown metric "fishin"/)])
	expect(errors.participants).toEqual([expect.stringMatching(/^“bad\$name”: RuneScape names use only/)])
	expect(submit(form({ teams: 'Red Zezima' })).errors.teams).toContain('“Red Zezima”: Write each team as “Team name: player, player”.')
})

test('a weight that is not a number, a time that is not one, a group number missing', () => {
	const { errors } = submit(form({ metrics: 'magic*lots', startsAt: 'soon', source: 'group', groupId: '' }))
	expect(errors.metrics).toEqual(['“magic”: Expected a number.'])
	expect(errors.startsAt).toEqual([expect.stringContaining('Expected a date and time')])
	expect(errors.groupId).toEqual(['Give the group’s number (in its page’s address).'])
})
