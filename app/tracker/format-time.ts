import { formatDay, formatMonth } from '#app/lib/format-date.ts'

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
