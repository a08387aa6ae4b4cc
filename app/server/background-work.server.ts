/**
 * Work a request started and does not wait for (recording a lookup's fetch in the database): a
 * graceful shutdown waits for it before closing the database, so nothing a client was answered
 * about is cut off half-way.
 */
const pending = new Set<Promise<unknown>>()

export function finishBeforeExit<T>(work: Promise<T>): Promise<T> {
	pending.add(work)
	const forget = () => pending.delete(work)
	work.then(forget, forget)
	return work
}

export async function backgroundWorkSettled(): Promise<void> {
	while (pending.size > 0) await Promise.allSettled([...pending])
}
