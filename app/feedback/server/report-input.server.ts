import { z } from 'zod'
import { formatNumber } from '#app/lib/format-number.ts'
import { trimTrailingSlashes } from '#app/lib/url-path.ts'
import { publicPaths } from '#app/server/sitemap.server.ts'
import { HONEYPOT_FIELD, MAX_PAGE_PATH, MAX_REPORT_MESSAGE, REPORT_REASONS, type ReportReason } from '../report.ts'

export type ReportInput = { page: string; reason: ReportReason; message: string | null }

/** A form field as text: absent is '', a file is refused (no field of ours is a file). */
const field = z.union([z.string(), z.null()], { error: 'must be text, not a file' }).transform((value) => value ?? '')

/**
 * The report form's fields. `knownPages` is every public page of the site: a report is about one
 * of them, never an arbitrary URL.
 */
function reportInputSchema(knownPages: ReadonlySet<string>) {
	return z.object({
		page: field.pipe(
			z
				.string()
				.min(1, 'The page the report is about is missing.')
				.max(MAX_PAGE_PATH, `The page must be a path of this site (at most ${MAX_PAGE_PATH} characters).`)
				.transform((page) => trimTrailingSlashes(page) || '/')
				.refine((page) => knownPages.has(page), 'The page must be a page of this site, such as /guides/….'),
		),
		reason: field.pipe(z.enum(REPORT_REASONS, { error: 'Choose what is wrong: outdated, incorrect, unclear or other.' })),
		message: field
			// Browsers send a line break as CRLF; the text box counted it as one character.
			.transform((text) => text.replace(/\r\n?/g, '\n').trim())
			.pipe(z.string().max(MAX_REPORT_MESSAGE, `Keep the description to ${formatNumber(MAX_REPORT_MESSAGE)} characters or fewer.`))
			.transform((text) => text || null),
	})
}

export type ParsedReport =
	| { ok: true; report: ReportInput; honeypot: boolean }
	| { ok: false; error: string; values: { page: string; reason: string; message: string } }

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '')

/** Reads the posted form: the report, or the first problem as one sentence for the reader. */
export function parseReportForm(form: FormData, knownPages: ReadonlySet<string>): ParsedReport {
	const fields = { page: form.get('page'), reason: form.get('reason'), message: form.get('message') }
	const result = reportInputSchema(knownPages).safeParse(fields)
	if (!result.success) {
		const issue = result.error.issues[0]
		const error = issue?.path.length ? issue.message : 'The report could not be read.'
		// A file where text belongs: name the field.
		const named = error.startsWith('must be') ? `${String(issue?.path[0])} ${error}.` : error
		return {
			ok: false,
			error: named,
			values: { page: text(fields.page).slice(0, MAX_PAGE_PATH), reason: text(fields.reason), message: text(fields.message) },
		}
	}
	return { ok: true, report: result.data, honeypot: text(form.get(HONEYPOT_FIELD)) !== '' }
}

let known: Set<string> | undefined

/** Every page a report may be about: the sitemap's pages. */
export function knownPages(): ReadonlySet<string> {
	known ??= new Set(publicPaths())
	return known
}
