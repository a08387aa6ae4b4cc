/**
 * Query strings read through a strict zod object (pure: the API kit, the page loaders and their
 * tests share it). Each parameter arrives as its one string value, or is absent.
 */
import { z } from 'zod'
import { controlCharacterProblem } from './control-characters.ts'

export type QueryResult<T> = { ok: true; value: T } | { ok: false; parameter: string; message: string }

/**
 * The first problem wins and is named: a parameter the object does not list (unless
 * `ignoreUnknown`, for pages whose URLs carry others), one given twice, a control character, or
 * the schema's own first issue (its `path[0]` names the parameter).
 */
export function parseQuery<S extends QuerySchema>(
	schema: S,
	params: URLSearchParams,
	options: { ignoreUnknown?: boolean } = {},
): QueryResult<z.output<S>> {
	const known = parameterNames(schema)
	const values: Record<string, string> = {}
	for (const name of new Set(params.keys())) {
		if (!known.includes(name)) {
			if (options.ignoreUnknown) continue
			const takes = known.length === 0 ? 'takes no query parameters' : `takes ${known.join(', ')}`
			return { ok: false, parameter: name, message: `Unknown parameter "${name}": this endpoint ${takes}.` }
		}
		const all = params.getAll(name)
		if (all.length > 1) return { ok: false, parameter: name, message: `${name} must be given once` }
		const value = all[0]!
		const problem = controlCharacterProblem(value, name)
		if (problem) return { ok: false, parameter: name, message: problem }
		values[name] = value
	}
	const parsed = schema.safeParse(values)
	if (parsed.success) return { ok: true, value: parsed.data as z.output<S> }
	const issue = parsed.error.issues[0]
	const parameter = String(issue?.path[0] ?? known[0] ?? 'query')
	return { ok: false, parameter, message: issue?.message ?? `${parameter} is not valid` }
}

/** A zod object of the parameters, possibly refined and transformed into the endpoint's own type. */
export type QuerySchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>

/** The parameters a query schema lists. */
function parameterNames(schema: QuerySchema): string[] {
	return Object.keys((schema instanceof z.ZodPipe ? schema.in : schema).shape)
}

/** `?<name>=true|false`, false when absent. */
export const flagParameter = (name: string) =>
	z
		.enum(['true', 'false'], { error: `${name} must be true or false.` })
		.optional()
		.transform((value) => value === 'true')

/** An optional parameter whose empty value (`?from=`, as a plain HTML form sends it) counts as absent. */
export const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
	z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

/** The first and last UTC day any date parameter may name: from 2000-01-01 to tomorrow. */
export const FIRST_DAY = '2000-01-01'

/** `YYYY-MM-DD`, a real day, from 2000-01-01 to the day after `today` (both UTC). */
export function dayParameter(name: string, today: string) {
	const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
	return z.iso
		.date({ error: `${name} must be a date like 2026-11-26` })
		.refine((day) => day >= FIRST_DAY && day <= tomorrow, { error: `${name} must be a day from ${FIRST_DAY} to ${tomorrow}` })
}
