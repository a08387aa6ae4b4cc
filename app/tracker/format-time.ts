import { formatMonth } from '#app/lib/format-date.ts'

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

/**
 * A day, week or month of gains, as short as reads clearly: `2 Mar 2026`, `2–8 Mar 2026`,
 * `30 Mar – 5 Apr 2026`, `March 2026` (`from`/`to` are UTC days, 'YYYY-MM-DD').
 */
export function formatGainPeriod(period: 'day' | 'week' | 'month', from: string, to: string): string {
	if (period === 'day') return formatDay(from)
	if (period === 'month') return formatMonth(from.slice(0, 7))
	const end = formatDay(to)
	if (from.slice(0, 7) === to.slice(0, 7)) return `${Number(from.slice(8))}–${end}`
	const start = formatDay(from)
	return from.slice(0, 4) === to.slice(0, 4) ? `${start.slice(0, -5)} – ${end}` : `${start} – ${end}`
}
