// Dates in British style, in UTC, built from the date's parts rather than with Intl: the text is
// then the same on the server and in every browser, and a page that shows many dates does not pay
// for a first Intl.DateTimeFormat (loading the locale's data took ~40 ms of a phone's main thread
// during the player page's hydration). The output is what `en-GB` gives (`Sept` included).

const MONTHS = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
] as const
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** `2026-11-21` → `21 November 2026`. */
export function formatDate(iso: string): string {
	const date = new Date(`${iso}T00:00:00Z`)
	return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** `2024-08` → `August 2024`: an update the sources date only to the month. */
export function formatMonth(isoMonth: string): string {
	const date = new Date(`${isoMonth}-01T00:00:00Z`)
	return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
}

/** The UTC month's short name: `Sept`. */
export const shortMonth = (date: Date) => SHORT_MONTHS[date.getUTCMonth()]!

/** The UTC day and month: `26 Nov`. */
export const dayAndMonth = (date: Date) => `${date.getUTCDate()} ${shortMonth(date)}`

/** The UTC time to the minute: `12:41`. */
export const hourAndMinute = (date: Date) => `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`

const shortDay = (date: Date) => `${dayAndMonth(date)} ${date.getUTCFullYear()}`

/** `2026-11-26T12:41:05Z` (or a time in ms) → `26 Nov 2026`, the UTC day. */
export function formatDay(instant: string | number): string {
	return shortDay(new Date(instant))
}

/** `2026-11-26T12:41:05Z` → `26 Nov 2026, 12:41 UTC`. */
export function formatDateTime(iso: string): string {
	const date = new Date(iso)
	return `${shortDay(date)}, ${hourAndMinute(date)} UTC`
}

/** `2026-11-26T12:41:05Z` → `12:41:05 UTC`. */
export function formatTimeOfDay(iso: string): string {
	const date = new Date(iso)
	return `${hourAndMinute(date)}:${twoDigits(date.getUTCSeconds())} UTC`
}
