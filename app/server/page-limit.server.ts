import { data } from 'react-router'
import type { LimitDecision } from './shared-state/shared-state.server.ts'

/**
 * A page rendered from the database for each request (the player pages, `/players`) counts
 * against the client's lookup limit like the API: over it, the loader throws this 429 with
 * `Retry-After` (the route's `headers` passes it on).
 */
export function refuseOverLimit(decision: LimitDecision): void {
	if (decision.allowed) return
	const seconds = decision.retryAfterSeconds
	throw data(`Too many requests from your address; try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
		status: 429,
		headers: { 'Retry-After': String(seconds) },
	})
}

/** The route's own headers, plus a thrown 429's `Retry-After`. */
export function withRetryAfter(headers: Record<string, string>, errorHeaders: Headers | undefined): Headers {
	const all = new Headers(headers)
	const retryAfter = errorHeaders?.get('Retry-After')
	if (retryAfter) all.set('Retry-After', retryAfter)
	return all
}
