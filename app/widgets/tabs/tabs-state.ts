/** The label shown first: the author's default when it is one of the labels, else the first tab. */
export function initialTab(labels: readonly string[], defaultLabel: string | undefined): string {
	return defaultLabel !== undefined && labels.includes(defaultLabel) ? defaultLabel : (labels[0] ?? '')
}

/**
 * The tab a key moves to from `index` (WAI-ARIA tabs pattern): Left/Right wrap around,
 * Home/End jump to the ends. Undefined for any other key.
 */
export function tabIndexForKey(key: string, index: number, count: number): number | undefined {
	if (count <= 0) return undefined
	switch (key) {
		case 'ArrowRight':
			return (index + 1) % count
		case 'ArrowLeft':
			return (index - 1 + count) % count
		case 'Home':
			return 0
		case 'End':
			return count - 1
		default:
			return undefined
	}
}
