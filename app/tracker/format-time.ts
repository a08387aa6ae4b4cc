let dateTimeFormat: Intl.DateTimeFormat | undefined
let dayFormat: Intl.DateTimeFormat | undefined

/** `2026-11-26T12:41:05Z` → `26 Nov 2026, 12:41 UTC`, the same on the server and in every browser. */
export function formatDateTime(iso: string): string {
	dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
		timeZone: 'UTC',
	})
	return `${dateTimeFormat.format(new Date(iso))} UTC`
}

/** `2026-11-26T12:41:05Z` → `26 Nov 2026` (UTC). */
export function formatDay(iso: string | number): string {
	dayFormat ??= new Intl.DateTimeFormat('en-GB', {
		day: 'numeric',
		month: 'short',
		year: 'numeric',
		timeZone: 'UTC',
	})
	return dayFormat.format(new Date(iso))
}

let timeFormat: Intl.DateTimeFormat | undefined

/** `2026-11-26T12:41:05Z` → `12:41:05 UTC`. */
export function formatTimeOfDay(iso: string): string {
	timeFormat ??= new Intl.DateTimeFormat('en-GB', {
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
		hourCycle: 'h23',
		timeZone: 'UTC',
	})
	return `${timeFormat.format(new Date(iso))} UTC`
}
