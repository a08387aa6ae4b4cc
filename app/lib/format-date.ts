/** `2026-11-21` → `21 November 2026`, the same on the server and in every browser. */
export function formatDate(iso: string): string {
	return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
		day: 'numeric',
		month: 'long',
		year: 'numeric',
		timeZone: 'UTC',
	})
}

/** `2024-08` → `August 2024`: an update the sources date only to the month. */
export function formatMonth(isoMonth: string): string {
	return new Date(`${isoMonth}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}
