/**
 * Work nobody's request waits for, and how a graceful shutdown ends it before closing the
 * database: work a request started (recording a lookup's fetch) is waited for, so nothing a client
 * was answered about is cut off half-way; loops that run for as long as the server does (the
 * tracker's refresher) see `shutdownSignal` aborted, start nothing new, and are waited for while
 * they wind down the pass they are in.
 */
const pending = new Set<Promise<unknown>>()
const shutdown = new AbortController()

/** Aborted when a graceful shutdown begins: from then on background work starts nothing new. */
export const shutdownSignal: AbortSignal = shutdown.signal

export function finishBeforeExit<T>(work: Promise<T>): Promise<T> {
	pending.add(work)
	const forget = () => pending.delete(work)
	work.then(forget, forget)
	return work
}

/** Runs `loop` until a shutdown begins; the shutdown waits for it to return. */
export function runUntilShutdown(loop: (signal: AbortSignal) => Promise<void>): void {
	void finishBeforeExit(loop(shutdown.signal))
}

/** Tells background work to stop (at the start of a shutdown: no new round, no new upstream call). */
export function stopBackgroundWork(): void {
	shutdown.abort()
}

/** Waits for all of it, including what requests answered since started (before the database closes). */
export async function backgroundWorkSettled(): Promise<void> {
	while (pending.size > 0) await Promise.allSettled([...pending])
}
