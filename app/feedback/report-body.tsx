import type { FormEvent } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { trimTrailingSlashes } from '#app/lib/url-path.ts'
import { FEEDBACK_PATH, type ReportAnswer } from './report.ts'
import { ReportFields } from './report-form.tsx'

/**
 * What the page report's disclosure holds: the form, which once its code has run sends the report
 * in the background and thanks the reader in its place. Loaded when a reader opens it
 * (page-report.tsx).
 */
export default function ReportBody() {
	const { pathname } = useLocation()
	const fetcher = useFetcher<ReportAnswer>()
	const answer = fetcher.state === 'idle' ? fetcher.data : undefined

	function send(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const form = new FormData(event.currentTarget)
		// Tells the action to answer in data rather than redirect to its confirmation page.
		form.set('via', 'fetch')
		void fetcher.submit(form, { method: 'post', action: FEEDBACK_PATH })
	}

	return answer?.ok ? (
		<p role="status" className="rounded-md bg-ok-bg px-3 py-2 font-medium text-ok" data-report-sent="">
			Thank you. Your report reached the authors, who will check the page.
		</p>
	) : (
		<ReportFields
			// Prerendering renders `/guides/x/`; the page is `/guides/x`.
			page={trimTrailingSlashes(pathname) || '/'}
			error={answer && !answer.ok ? answer.error : undefined}
			busy={fetcher.state !== 'idle'}
			onSubmit={send}
		/>
	)
}
