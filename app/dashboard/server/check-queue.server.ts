export type CheckQueue = {
	/**
	 * Runs `task` once one of the `concurrent` slots is free, or answers `'busy'` at once when
	 * `queued` tasks are already waiting for one.
	 */
	run<T>(task: () => Promise<T>): Promise<T | 'busy'>
	/** Whether `run` would answer `'busy'` now. */
	full(): boolean
}

/**
 * A small semaphore with a bounded queue, for work that must not pile up: password checks (scrypt,
 * a core for ~50 ms each), so a flood of logins can't slow every page.
 */
export function createCheckQueue(options: { concurrent: number; queued: number }): CheckQueue {
	let running = 0
	const waiting: Array<() => void> = []

	const full = () => running >= options.concurrent && waiting.length >= options.queued

	return {
		full,
		async run(task) {
			if (full()) return 'busy'
			if (running >= options.concurrent) await new Promise<void>((resolve) => waiting.push(resolve))
			else running++
			try {
				return await task()
			} finally {
				// The slot goes straight to the next in line, or is freed.
				const next = waiting.shift()
				if (next) next()
				else running--
			}
		},
	}
}
