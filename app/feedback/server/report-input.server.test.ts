import { expect, test } from 'vitest'
import { knownPages, parseReportForm } from './report-input.server.ts'

const pages = new Set(['/guides/mid-game/prifddinas', '/quests/while-guthix-sleeps', '/tools/plan'])
const form = (fields: Record<string, string | Blob>) => {
	const data = new FormData()
	for (const [name, value] of Object.entries(fields)) data.set(name, value)
	return data
}

test('a report: a known page, one of the four reasons, words trimmed (none is null)', () => {
	expect(parseReportForm(form({ page: '/tools/plan', reason: 'unclear', message: '  Which order?  ' }), pages)).toEqual({
		ok: true,
		report: { page: '/tools/plan', reason: 'unclear', message: 'Which order?' },
		honeypot: false,
	})
	expect(parseReportForm(form({ page: '/tools/plan', reason: 'other' }), pages)).toMatchObject({
		ok: true,
		report: { message: null },
	})
	// A prerendered page knows itself with a trailing slash.
	expect(parseReportForm(form({ page: '/tools/plan/', reason: 'other' }), pages)).toMatchObject({
		ok: true,
		report: { page: '/tools/plan' },
	})
})

test("the page must be one of the site's pages: missing, unknown, absolute, overlong are refused", () => {
	const error = (page: string | undefined) => {
		const result = parseReportForm(form(page === undefined ? { reason: 'outdated' } : { page, reason: 'outdated' }), pages)
		return result.ok ? null : result.error
	}
	expect(error(undefined)).toBe('The page the report is about is missing.')
	expect(error('/guides/nowhere')).toBe('The page must be a page of this site, such as /guides/….')
	expect(error('https://evil.example/guides/mid-game/prifddinas')).toBe('The page must be a page of this site, such as /guides/….')
	expect(error(`/${'a'.repeat(300)}`)).toBe('The page must be a path of this site (at most 200 characters).')
})

test('the reason must be one of the four', () => {
	for (const reason of [undefined, '', 'spam', 'OUTDATED']) {
		const fields: Record<string, string> = { page: '/tools/plan' }
		if (reason !== undefined) fields.reason = reason
		expect(parseReportForm(form(fields), pages)).toMatchObject({
			ok: false,
			error: 'Choose what is wrong: outdated, incorrect, unclear or other.',
		})
	}
})

test('the words: at most 1,000 characters, a CRLF line break counting as one, as in the text box', () => {
	const lines = `${'a'.repeat(499)}\r\n${'b'.repeat(500)}`
	expect(parseReportForm(form({ page: '/tools/plan', reason: 'other', message: lines }), pages)).toMatchObject({
		ok: true,
		report: { message: `${'a'.repeat(499)}\n${'b'.repeat(500)}` },
	})
	const refused = parseReportForm(form({ page: '/tools/plan', reason: 'other', message: 'x'.repeat(1001) }), pages)
	expect(refused).toEqual({
		ok: false,
		error: 'Keep the description to 1,000 characters or fewer.',
		values: { page: '/tools/plan', reason: 'other', message: 'x'.repeat(1001) },
	})
})

test('a file where text belongs is a clear refusal, not a crash', () => {
	const result = parseReportForm(form({ page: '/tools/plan', reason: 'other', message: new Blob(['hi']) }), pages)
	expect(result).toMatchObject({ ok: false, error: 'message must be text, not a file.' })
})

test('the hidden field filled in marks a bot', () => {
	expect(parseReportForm(form({ page: '/tools/plan', reason: 'other', website: 'http://spam.example' }), pages)).toMatchObject({
		ok: true,
		honeypot: true,
	})
})

test("known pages are the sitemap's: guides, quests and tools, not the dashboard", () => {
	const known = knownPages()
	expect(known.has('/quests')).toBe(true)
	expect(known.has('/tools/plan')).toBe(true)
	expect([...known].some((page) => page.startsWith('/guides/'))).toBe(true)
	expect([...known].some((page) => page.startsWith('/quests/'))).toBe(true)
	expect(known.has('/dev/dashboard')).toBe(false)
	expect(known.has('/feedback')).toBe(false)
})
