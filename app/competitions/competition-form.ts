/**
 * The creation form (`/competitions`, no JavaScript needed) to the API's body, and the parser's
 * errors back to the form's fields. Text fields throughout: metrics and names one a line (or
 * comma-separated), a metric's weight after `*` (`kills:vorago*2`), teams as `Team name: a, b, c`
 * a line, times from datetime-local inputs read as UTC.
 */
import type { InputError } from './competition-input.ts'

export const FORM_FIELDS = ['title', 'startsAt', 'endsAt', 'metrics', 'source', 'groupId', 'participants', 'teams'] as const

export type FormField = (typeof FORM_FIELDS)[number]

export type CompetitionFormValues = Record<FormField, string>

/** Non-empty lines or comma-separated items, trimmed. */
const items = (text: string) =>
	text
		.split(/[\r\n,]+/)
		.map((item) => item.trim())
		.filter(Boolean)

const lines = (text: string) =>
	text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter(Boolean)

/** `2026-12-01T18:00` (datetime-local, here UTC) → `2026-12-01T18:00:00Z`; anything else as it is, for the parser to refuse. */
function utc(value: string): string | undefined {
	const text = value.trim()
	if (!text) return undefined
	return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.length === 16 ? `${text}:00` : text}Z` : text
}

/** `magic`, `kills:vorago*2`, `drops:dragon rider boots * 0.5`: the metric and its weight (a number, or the text to refuse). */
function metric(item: string): { metric: string; weight?: number | string } {
	const star = item.lastIndexOf('*')
	if (star < 0) return { metric: item }
	const weight = item.slice(star + 1).trim()
	return { metric: item.slice(0, star).trim(), weight: /^\d+(\.\d+)?$/.test(weight) ? Number(weight) : weight }
}

/**
 * The body `parseCompetitionInput` checks, with the errors of the form's own syntax (a team line
 * without its colon), named by the same paths. `source` is `group` (the group's members: all, or
 * those listed, or those in the teams) or `names` (the list; with teams, it may be left empty: the
 * teams are the list).
 */
export function competitionBody(values: CompetitionFormValues): { body: Record<string, unknown>; errors: InputError[] } {
	const errors: InputError[] = []
	const teams = lines(values.teams).map((line, index) => {
		const colon = line.indexOf(':')
		if (colon < 0) errors.push({ path: `teams.${index}`, message: 'Write each team as “Team name: player, player”.' })
		return colon < 0 ? { name: line, participants: [] } : { name: line.slice(0, colon).trim(), participants: items(line.slice(colon + 1)) }
	})
	const groupId = values.groupId.trim()
	const names = items(values.participants)
	const body: Record<string, unknown> = {
		title: values.title,
		startsAt: utc(values.startsAt),
		endsAt: utc(values.endsAt),
		metrics: items(values.metrics).map(metric),
		...(values.source === 'group' ? { groupId: /^\d{1,9}$/.test(groupId) ? Number(groupId) : groupId || undefined } : {}),
		// A group's members are all taking part unless some are listed; a list may be left to the teams.
		...(names.length > 0 || (values.source !== 'group' && teams.length === 0) ? { participants: names } : {}),
		...(teams.length > 0 ? { teams } : {}),
	}
	if (values.source === 'group' && !groupId) errors.push({ path: 'groupId', message: 'Give the group’s number (in its page’s address).' })
	return { body, errors }
}

/**
 * Each error under the field it belongs to, said in the form's terms: the item at fault quoted
 * (`"kills:vorgo": No boss by that name…`), a team by its name. Paths of no field (the whole
 * body) go under `form`.
 */
export function fieldErrors(errors: readonly InputError[], body: Record<string, unknown>): Partial<Record<FormField | 'form', string[]>> {
	const byField: Partial<Record<FormField | 'form', string[]>> = {}
	for (const { path, message } of errors) {
		const [head, index, ...rest] = path.split('.')
		const field: FormField | 'form' = (FORM_FIELDS as readonly string[]).includes(head ?? '') ? (head as FormField) : 'form'
		const what = index === undefined ? undefined : describeItem(body, head!, Number(index), rest)
		;(byField[field] ??= []).push(what && !message.includes(`"${what}"`) ? `“${what}”: ${message}` : message)
	}
	return byField
}

function describeItem(body: Record<string, unknown>, field: string, index: number, rest: string[]): string | undefined {
	const list = body[field]
	if (!Array.isArray(list)) return undefined
	const item: unknown = list[index]
	if (typeof item === 'string') return item
	if (field === 'metrics' && item && typeof item === 'object') return (item as { metric: string }).metric
	if (field === 'teams' && item && typeof item === 'object') {
		const team = item as { name: string; participants: string[] }
		const member = rest[0] === 'participants' && rest[1] !== undefined ? team.participants[Number(rest[1])] : undefined
		return member ?? team.name
	}
	return undefined
}
