/**
 * Control characters (NUL and the other C0 codes except tab, line feed and carriage return: a
 * browser sends a textarea's line breaks as CR LF) have no place in anything a reader types: a NUL cannot even be stored in PostgreSQL text.
 * Every form and API input is checked here and refused with a 400 that names the field.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/

/** The 400's message when `value` holds a control character, else null. */
export function controlCharacterProblem(value: string, field: string): string | null {
	if (!CONTROL.test(value)) return null
	return `${field} contains a control character (such as NUL): remove it and send again.`
}
