/**
 * The first query parameter an API endpoint does not take, with the message its 400 carries:
 * a typo (`goal=` for `goals=`) would otherwise be ignored and answer as if nothing was asked.
 */
export function unknownParameter(
	params: URLSearchParams,
	known: readonly string[],
): { parameter: string; message: string } | null {
	for (const name of params.keys()) {
		if (known.includes(name)) continue
		const takes = known.length === 0 ? 'takes no query parameters' : `takes ${known.join(', ')}`
		return { parameter: name, message: `Unknown parameter "${name}": this endpoint ${takes}.` }
	}
	return null
}

/** `?<name>=true|false`: the flag (false when absent), or the message of a 400 for any other value. */
export function flagParameter(params: URLSearchParams, name: string): { ok: true; value: boolean } | { ok: false; message: string } {
	const value = params.get(name)
	if (value === null || value === 'false') return { ok: true, value: false }
	if (value === 'true') return { ok: true, value: true }
	return { ok: false, message: `${name} must be true or false.` }
}
