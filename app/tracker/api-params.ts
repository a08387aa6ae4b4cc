import { z } from 'zod'
import { SKILL_NAMES } from '#app/lib/skills.ts'
import { dayParameter, emptyAsAbsent, parseQuery, type QueryResult } from '#app/lib/query-params.ts'
import { gainsPeriodSchema, type BoardSkill, type GainsPeriod } from '#app/tracker/api-types.ts'
import { utcDay } from '#app/tracker/gain-periods.ts'

/**
 * Query parameters of the player-history API and pages, as zod objects of `today` (the UTC day
 * that bounds every date: from 2000-01-01 to tomorrow). The API reads them strictly through the
 * kit; the pages through the `parse…` functions, which ignore the other parameters of their URLs.
 * Each error message starts with the parameter's name; empty values count as absent (a plain
 * HTML form sends them).
 */

/** `?<name>=` as a whole number from 1 to `max`, with one message for every way it can be wrong. */
function wholeNumberParam(name: string, max: number) {
	const error = `${name} must be a whole number from 1 to ${max}`
	return z.string().regex(/^\d+$/, { error }).transform(Number).pipe(z.number().int({ error }).min(1, { error }).max(max, { error }))
}

export type GainsQuery = { period: GainsPeriod } | { from: string; to: string }
export type SnapshotsQuery = { from: string | null; to: string | null; limit: number }
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

const periodSchema = z.enum(gainsPeriodSchema.options, {
	error: `period must be one of ${gainsPeriodSchema.options.join(', ')}`,
})

type Issues = { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }

/** `from` after `to` is refused on `from`. */
function orderedRange(range: { from?: string; to?: string }, context: Issues) {
	if (range.from && range.to && range.from > range.to) {
		context.addIssue({ code: 'custom', path: ['from'], message: `from (${range.from}) must not be after to (${range.to})` })
	}
}

/**
 * `?period=day|week|month|year` or `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included);
 * neither means the last week.
 */
export const gainsQuerySchema = (today: string) =>
	z
		.object({
			period: emptyAsAbsent(periodSchema),
			from: emptyAsAbsent(dayParameter('from', today)),
			to: emptyAsAbsent(dayParameter('to', today)),
		})
		.superRefine((query, context) => {
			if (query.from === undefined && query.to === undefined) return
			const problem = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message })
			if (query.period !== undefined) problem('period', 'period cannot be combined with from and to: give one or the other')
			else if (query.from === undefined) problem('from', 'from is missing: a range needs both from and to')
			else if (query.to === undefined) problem('to', 'to is missing: a range needs both from and to')
			else orderedRange(query, context)
		})
		.transform(({ period, from, to }): GainsQuery => (from && to ? { from, to } : { period: period ?? 'week' }))

const LIMIT_MAX = 1000
const DEFAULT_LIMIT = 100

/** `?from=&to=&limit=` for the snapshot list: each optional; limit defaults to 100. */
export const snapshotsQuerySchema = (today: string) =>
	z
		.object({
			from: emptyAsAbsent(dayParameter('from', today)),
			to: emptyAsAbsent(dayParameter('to', today)),
			limit: emptyAsAbsent(wholeNumberParam('limit', LIMIT_MAX)),
		})
		.superRefine(orderedRange)
		.transform(({ from, to, limit }): SnapshotsQuery => ({ from: from ?? null, to: to ?? null, limit: limit ?? DEFAULT_LIMIT }))

const BOARD_PAGE_MAX = 10_000
/** Pages a board finds by their number alone (an OFFSET that stays shallow); deeper ones need `after`. */
const BOARD_PAGES_BY_NUMBER = 10

const afterSchema = z
	.string()
	.regex(/^\d{1,15}\.\d{1,10}$/, { error: 'after must be a place on the board like 1234567.89, as the page links give it' })

/**
 * The top-gainers board's `?period=week|month&skill=<skill>|overall&page=&date=YYYY-MM-DD&after=`,
 * each optional: this week, all skills, page 1, today, from the top.
 */
export const boardQuerySchema = (today: string) =>
	z
		.object({
			period: emptyAsAbsent(z.enum(['week', 'month'], { error: 'period must be week or month' })),
			skill: emptyAsAbsent(
				z
					.string()
					.transform((skill) => skill.toLowerCase())
					.pipe(z.enum(['overall', ...SKILL_NAMES], { error: `skill must be overall or a skill name (${SKILL_NAMES.join(', ')})` })),
			),
			page: emptyAsAbsent(wholeNumberParam('page', BOARD_PAGE_MAX)),
			date: emptyAsAbsent(dayParameter('date', today)),
			after: emptyAsAbsent(afterSchema),
		})
		.superRefine(({ page = 1, after }, context) => {
			if (after !== undefined && page === 1) {
				context.addIssue({ code: 'custom', path: ['after'], message: 'after goes with a page from 2 on, as the page links give them' })
			} else if (after === undefined && page > BOARD_PAGES_BY_NUMBER) {
				context.addIssue({
					code: 'custom',
					path: ['page'],
					message: `page past ${BOARD_PAGES_BY_NUMBER} needs the after= its link gives (the board's pageLinks): pages are found by where they start, not counted from the top`,
				})
			}
		})
		.transform(({ period, skill, page, date, after }): BoardQuery => ({
			period: period ?? 'week',
			skill: skill ?? 'overall',
			page: page ?? 1,
			date: date ?? null,
			after: after ?? null,
		}))

const today = () => utcDay(Date.now())

/** The player page's gains period or range (the page's other parameters are its own). */
export function parseGainsQuery(params: URLSearchParams, day = today()): QueryResult<GainsQuery> {
	return parseQuery(gainsQuerySchema(day), params, { ignoreUnknown: true })
}

/** The snapshot list's range and limit. */
export function parseSnapshotsQuery(params: URLSearchParams, day = today()): QueryResult<SnapshotsQuery> {
	return parseQuery(snapshotsQuerySchema(day), params, { ignoreUnknown: true })
}

/** The `/players` board's period, skill, page and day. */
export function parseBoardQuery(params: URLSearchParams, day = today()): QueryResult<BoardQuery> {
	return parseQuery(boardQuerySchema(day), params, { ignoreUnknown: true })
}
