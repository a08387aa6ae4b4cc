import { z } from 'zod'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { gainsPeriodSchema, type BoardSkill, type GainsPeriod } from '#app/tracker/api-types.ts'

/**
 * Query parameters of the player-history API and page. Each error message starts with the
 * parameter's name, so a 400 says which one is wrong.
 */

const PERIODS = gainsPeriodSchema.options.join(', ')

const daySchema = (parameter: string) =>
	z.iso.date({ error: `${parameter} must be a date like 2026-11-26` })

const periodSchema = z.enum(gainsPeriodSchema.options, {
	error: `period must be one of ${PERIODS}`,
})

/** `?<name>=` as a whole number from 1 to `max`, with one message for every way it can be wrong. */
function wholeNumberParam(name: string, max: number) {
	const error = `${name} must be a whole number from 1 to ${max}`
	return z
		.string()
		.regex(/^\d+$/, { error })
		.transform(Number)
		.pipe(z.number().int({ error }).min(1, { error }).max(max, { error }))
}

/** The query parameters each parser reads (the API refuses any other). */
export const GAINS_PARAMETERS = ['period', 'from', 'to'] as const
export const SNAPSHOTS_PARAMETERS = ['from', 'to', 'limit'] as const
export const BOARD_PARAMETERS = ['period', 'skill', 'page', 'date', 'after'] as const

const LIMIT_MAX = 1000
const DEFAULT_LIMIT = 100

const limitSchema = wholeNumberParam('limit', LIMIT_MAX)

export type GainsQuery = { period: GainsPeriod } | { from: string; to: string }
export type SnapshotsQuery = { from: string | null; to: string | null; limit: number }

export type ParamsResult<T> =
	{ ok: true; value: T } | { ok: false; parameter: string; message: string }

/** A parameter given more than once is as wrong as a bad value: say so rather than pick one. */
function single(params: URLSearchParams, name: string): ParamsResult<string | null> {
	const values = params.getAll(name)
	if (values.length > 1)
		return { ok: false, parameter: name, message: `${name} must be given once` }
	return { ok: true, value: values[0] ?? null }
}

function check<T>(schema: z.ZodType<T>, parameter: string, value: string): ParamsResult<T> {
	const parsed = schema.safeParse(value)
	if (parsed.success) return { ok: true, value: parsed.data }
	return {
		ok: false,
		parameter,
		message: parsed.error.issues[0]?.message ?? `${parameter} is not valid`,
	}
}

function readAll(
	params: URLSearchParams,
	names: readonly string[],
): ParamsResult<Record<string, string | null>> {
	const values: Record<string, string | null> = {}
	for (const name of names) {
		const value = single(params, name)
		if (!value.ok) return value
		values[name] = value.value === '' ? null : value.value
	}
	return { ok: true, value: values }
}

function dateRange(
	from: string | null,
	to: string | null,
): ParamsResult<{ from: string | null; to: string | null }> {
	if (from !== null) {
		const checked = check(daySchema('from'), 'from', from)
		if (!checked.ok) return checked
	}
	if (to !== null) {
		const checked = check(daySchema('to'), 'to', to)
		if (!checked.ok) return checked
	}
	if (from !== null && to !== null && from > to) {
		return { ok: false, parameter: 'from', message: `from (${from}) must not be after to (${to})` }
	}
	return { ok: true, value: { from, to } }
}

/**
 * `?period=day|week|month|year` or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included);
 * neither means the last week. Empty values count as absent (a plain HTML form sends them).
 */
export function parseGainsQuery(params: URLSearchParams): ParamsResult<GainsQuery> {
	const read = readAll(params, GAINS_PARAMETERS)
	if (!read.ok) return read
	const { period, from, to } = read.value as {
		period: string | null
		from: string | null
		to: string | null
	}
	if (from === null && to === null) {
		if (period === null) return { ok: true, value: { period: 'week' } }
		const checked = check(periodSchema, 'period', period)
		return checked.ok ? { ok: true, value: { period: checked.value } } : checked
	}
	if (period !== null) {
		return {
			ok: false,
			parameter: 'period',
			message: 'period cannot be combined with from and to: give one or the other',
		}
	}
	if (from === null)
		return {
			ok: false,
			parameter: 'from',
			message: 'from is missing: a range needs both from and to',
		}
	if (to === null)
		return { ok: false, parameter: 'to', message: 'to is missing: a range needs both from and to' }
	const range = dateRange(from, to)
	return range.ok ? { ok: true, value: { from, to } } : range
}

/** `?from=&to=&limit=` for the snapshot list: each optional; limit defaults to 100. */
export function parseSnapshotsQuery(params: URLSearchParams): ParamsResult<SnapshotsQuery> {
	const read = readAll(params, SNAPSHOTS_PARAMETERS)
	if (!read.ok) return read
	const { from, to, limit } = read.value as {
		from: string | null
		to: string | null
		limit: string | null
	}
	const range = dateRange(from, to)
	if (!range.ok) return range
	if (limit === null) return { ok: true, value: { from, to, limit: DEFAULT_LIMIT } }
	const checked = check(limitSchema, 'limit', limit)
	return checked.ok ? { ok: true, value: { from, to, limit: checked.value } } : checked
}

export type BoardQuery = {
	period: 'week' | 'month'
	skill: BoardSkill
	page: number
	/** A UTC day in the period to show; null = today. */
	date: string | null
	/**
	 * Where the page starts (keyset paging): right after this entry, as `<xp>.<player id>`, from the
	 * board's `pageLinks`. Null: the first page, or a page near the top reached by its number.
	 */
	after: string | null
}

const BOARD_PAGE_MAX = 10_000
/** Pages a board finds by their number alone (an OFFSET that stays shallow); deeper ones need `after`. */
const BOARD_PAGES_BY_NUMBER = 10

const afterSchema = z
	.string()
	.regex(/^\d{1,15}\.\d{1,10}$/, { error: 'after must be a place on the board like 1234567.89, as the page links give it' })

const boardPeriodSchema = z.enum(['week', 'month'], { error: 'period must be week or month' })
const boardSkillParamSchema = z.enum(['overall', ...SKILL_NAMES], {
	error: `skill must be overall or a skill name (${SKILL_NAMES.join(', ')})`,
})
const pageSchema = wholeNumberParam('page', BOARD_PAGE_MAX)

/**
 * The top-gainers board's `?period=week|month&skill=<skill>|overall&page=&date=YYYY-MM-DD&after=`, each
 * optional: this week, all skills, page 1, today. Empty values count as absent (a plain form).
 */
export function parseBoardQuery(params: URLSearchParams): ParamsResult<BoardQuery> {
	const read = readAll(params, BOARD_PARAMETERS)
	if (!read.ok) return read
	const { period, skill, page, date, after } = read.value
	const value: BoardQuery = { period: 'week', skill: 'overall', page: 1, date: null, after: null }
	if (period != null) {
		const checked = check(boardPeriodSchema, 'period', period)
		if (!checked.ok) return checked
		value.period = checked.value
	}
	if (skill != null) {
		const checked = check(boardSkillParamSchema, 'skill', skill.toLowerCase())
		if (!checked.ok) return checked
		value.skill = checked.value
	}
	if (page != null) {
		const checked = check(pageSchema, 'page', page)
		if (!checked.ok) return checked
		value.page = checked.value
	}
	if (date != null) {
		const checked = check(daySchema('date'), 'date', date)
		if (!checked.ok) return checked
		value.date = checked.value
	}
	if (after != null) {
		const checked = check(afterSchema, 'after', after)
		if (!checked.ok) return checked
		if (value.page === 1) return { ok: false, parameter: 'after', message: 'after goes with a page from 2 on, as the page links give them' }
		value.after = checked.value
	} else if (value.page > BOARD_PAGES_BY_NUMBER) {
		return {
			ok: false,
			parameter: 'page',
			message: `page past ${BOARD_PAGES_BY_NUMBER} needs the after= its link gives (the board's pageLinks): pages are found by where they start, not counted from the top`,
		}
	}
	return { ok: true, value }
}
