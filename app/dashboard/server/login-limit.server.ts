export type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export type LoginLimiter = {
	/** Counts an attempt; refuses once `maxAttempts` failed or pending ones fall in the window. */
	attempt(clientId: string): LoginAttempt
	/** A correct password clears the client's count. */
	succeed(clientId: string): void
}

export type LoginLimiterOptions = {
	maxAttempts?: number
	windowMs?: number
	now?: () => number
	/** Memory bound: beyond this many tracked clients the stalest are forgotten. */
	maxClients?: number
}

/**
 * A sliding window per client. Attempts are counted before the password is checked, so parallel
 * guesses can't slip past the limit while scrypt runs; success wipes the count.
 */
export function createLoginLimiter(options: LoginLimiterOptions = {}): LoginLimiter {
	const maxAttempts = options.maxAttempts ?? 5
	const windowMs = options.windowMs ?? 15 * 60 * 1000
	const maxClients = options.maxClients ?? 10_000
	const now = options.now ?? Date.now
	const attempts = new Map<string, number[]>()

	function forgetStale(time: number) {
		for (const [client, times] of attempts) {
			if ((times.at(-1) ?? 0) <= time - windowMs) attempts.delete(client)
		}
		// Still too many: drop the clients seen longest ago (Map keeps insertion order).
		for (const client of attempts.keys()) {
			if (attempts.size < maxClients) break
			attempts.delete(client)
		}
	}

	return {
		attempt(clientId) {
			const time = now()
			const recent = (attempts.get(clientId) ?? []).filter((t) => t > time - windowMs)
			if (recent.length >= maxAttempts) {
				attempts.set(clientId, recent)
				const oldest = recent[recent.length - maxAttempts] ?? time
				return {
					allowed: false,
					retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - time) / 1000)),
				}
			}
			if (!attempts.has(clientId) && attempts.size >= maxClients) forgetStale(time)
			attempts.delete(clientId)
			attempts.set(clientId, [...recent, time])
			return { allowed: true }
		},
		succeed(clientId) {
			attempts.delete(clientId)
		},
	}
}
