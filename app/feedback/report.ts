/**
 * What a reader's report is made of, shared by the form on public pages, the server that checks
 * it and the dashboard that lists it. No zod here: this file ships with every guide page.
 */
export const FEEDBACK_PATH = '/feedback'

export const REPORT_REASONS = ['outdated', 'incorrect', 'unclear', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

export const REASON_LABELS: Record<ReportReason, string> = {
	outdated: 'Outdated',
	incorrect: 'Incorrect',
	unclear: 'Unclear',
	other: 'Something else',
}

/** The optional description, in characters (line breaks count as one, as in the text box). */
export const MAX_REPORT_MESSAGE = 1000

/** Longest page path accepted: ours stay well under it. */
export const MAX_PAGE_PATH = 200

/** The form field bots fill in and people never see (`website`, a name autofill leaves alone). */
export const HONEYPOT_FIELD = 'website'

/** What the `/feedback` action answers a submission made from the page's script. */
export type ReportAnswer =
	| { ok: true; page: string }
	| {
			ok: false
			status: number
			error: string
			/** The fields as sent, so the form can be shown again with them. */
			values?: { page: string; reason: string; message: string }
	  }
