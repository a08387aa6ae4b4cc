/** Milliseconds between beats: 100 BPM is one click every 600 ms, one game tick. */
export const beatIntervalMs = (bpm: number) => 60_000 / bpm

export const DEFAULT_VOLUME = 0.5
/** Beats drawn by the indicator; the lit one moves along on each click. */
export const INDICATOR_BEATS = 4

/** A volume slider value as a volume in [0, 1] on a 0.1 grid; anything unreadable is the default. */
export function parseVolume(value: string | number): number {
	const n = typeof value === 'number' ? value : Number.parseFloat(value)
	if (!Number.isFinite(n)) return DEFAULT_VOLUME
	return Math.round(Math.min(1, Math.max(0, n)) * 10) / 10
}

/** Which indicator dot is lit after `beats` clicks (-1 before the first one). */
export function litBeat(beats: number, count = INDICATOR_BEATS): number {
	return beats <= 0 ? -1 : (beats - 1) % count
}
