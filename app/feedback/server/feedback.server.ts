/**
 * Receiving a reader's report: from our own pages only, checked, within the limits, then stored.
 * The client's address is used for its limit and never stored. Outcomes, not HTTP statuses: the
 * route (`app/routes/feedback.tsx`) maps them.
 */
import type { Database } from '#app/server/db/database.server.ts'
import type { LimitOptions, SharedState } from '#app/server/shared-state/shared-state.server.ts'
import { parseReportForm } from './report-input.server.ts'
import { insertReport } from './report-store.server.ts'

const HOUR_MS = 3_600_000

type FeedbackLimits = {
	/** Reports one client may send per hour. */
	perClient: number
	/** Reports the whole site accepts per hour, all clients (and instances) together. */
	global: number
}

export type SubmitResult =
	| { ok: true; page: string }
	| {
			ok: false
			/** 'not-ours': posted from another site; 'invalid': a field is wrong; 'too-many': a limit. */
			refusal: 'not-ours' | 'invalid' | 'too-many'
			error: string
			values?: { page: string; reason: string; message: string }
			retryAfterSeconds?: number
	  }

/**
 * What a reader's limit counts by: the HTTP layer's client key (an IPv4 address, an IPv6 /64),
 * with IPv6 widened to its /48: a site or a small provider hands out a whole /48, and the reports
 * limit is low enough that 65,536 fresh /64s must not each get their own.
 */
export function reportClientKey(clientKey: string): string {
	const groups = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/i.exec(clientKey)
	return groups ? `${groups[1]}:${groups[2]}:${groups[3]}::/48` : clientKey
}

/** Where the request came from, as the browser says: `Origin` and `Sec-Fetch-Site`. */
export type RequestOrigin = { origin: string | null; fetchSite: string | null; requestOrigin: string }

export type FeedbackConfig = {
	db: () => Promise<Database>
	state: SharedState
	limits: FeedbackLimits
	knownPages: ReadonlySet<string>
	/** The public origin (SITE_URL): behind a proxy the request's own origin may differ. */
	siteOrigin: string
	now?: () => number
}

const window = (max: number): LimitOptions => ({ max, windowMs: HOUR_MS, refill: 'window' })

function inMinutes(seconds: number): string {
	const minutes = Math.ceil(seconds / 60)
	return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

export function createFeedback(config: FeedbackConfig) {
	const now = config.now ?? Date.now
	const perClient = config.state.limiter('feedback-client', window(config.limits.perClient))
	const global = config.state.limiter('feedback-global', window(config.limits.global))
	const siteOrigin = new URL(config.siteOrigin).origin

	/**
	 * An anonymous form needs no session to protect, but another site must not post through our
	 * readers' browsers: a browser's own `Sec-Fetch-Site`, when sent, must say same-origin, and an
	 * `Origin`, when sent, must be ours. Scripts that send neither are held by the limits.
	 */
	function fromOurOwnPages({ origin, fetchSite, requestOrigin }: RequestOrigin): boolean {
		if (fetchSite !== null && fetchSite !== 'same-origin') return false
		return origin === null || origin === siteOrigin || origin === requestOrigin
	}

	return {
		async submit(form: FormData, client: string, from: RequestOrigin): Promise<SubmitResult> {
			if (!fromOurOwnPages(from)) {
				return { ok: false, refusal: 'not-ours', error: "Reports are accepted from this site's own pages only." }
			}
			const parsed = parseReportForm(form, config.knownPages)
			if (!parsed.ok) return { ok: false, refusal: 'invalid', error: parsed.error, values: parsed.values }
			const { report } = parsed
			// A bot filled the hidden field: it is told "thanks" and nothing is kept.
			if (parsed.honeypot) return { ok: true, page: report.page }

			const values = { page: report.page, reason: report.reason, message: report.message ?? '' }
			const mine = await perClient.hit(reportClientKey(client))
			if (!mine.allowed) {
				return {
					ok: false,
					refusal: 'too-many',
					error: `You have sent ${config.limits.perClient} reports in the last hour, which is as many as we take from one reader. Try again in ${inMinutes(mine.retryAfterSeconds)}.`,
					values,
					retryAfterSeconds: mine.retryAfterSeconds,
				}
			}
			const all = await global.hit('all')
			if (!all.allowed) {
				return {
					ok: false,
					refusal: 'too-many',
					error: `We are receiving more reports than usual right now. Try again in ${inMinutes(all.retryAfterSeconds)}.`,
					values,
					retryAfterSeconds: all.retryAfterSeconds,
				}
			}
			await insertReport(await config.db(), report, new Date(now()))
			return { ok: true, page: report.page }
		},
	}
}

export type Feedback = ReturnType<typeof createFeedback>
