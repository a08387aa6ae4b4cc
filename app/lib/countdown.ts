export type Remaining = { days: number; hours: number; minutes: number; seconds: number; done: boolean }

/** Whole units left until `target`; all zero (and done) once it has passed. */
export function remaining(target: number, now: number): Remaining {
	const total = Math.max(0, Math.floor((target - now) / 1000))
	return {
		days: Math.floor(total / 86_400),
		hours: Math.floor((total % 86_400) / 3600),
		minutes: Math.floor((total % 3600) / 60),
		seconds: total % 60,
		done: total === 0,
	}
}

export const pad = (value: number) => String(value).padStart(2, '0')
