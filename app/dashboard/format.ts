const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

/** `0 Bytes`, `512 Bytes`, `1.5 KB`, `2.35 MB`, `1024 GB`: 1024-based, at most 2 decimals. */
export function formatBytes(bytes: number): string {
	if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
	let unit = Math.max(0, Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), 3))
	let value = Number((bytes / 1024 ** unit).toFixed(2))
	// 1023.999 KB rounds to 1024 KB: say 1 MB instead.
	if (value >= 1024 && unit < SIZE_UNITS.length - 1) {
		unit += 1
		value = Number((bytes / 1024 ** unit).toFixed(2))
	}
	return `${value} ${SIZE_UNITS[unit]}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * `12 Mar 2026, 14:05 UTC`. Always UTC and spelled out by hand, so the server's HTML and the
 * hydrated page agree whatever the reader's time zone or locale.
 */
export function formatModified(iso: string): string {
	const date = new Date(iso)
	if (Number.isNaN(date.getTime())) return 'Unknown date'
	const two = (n: number) => String(n).padStart(2, '0')
	return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())} UTC`
}
