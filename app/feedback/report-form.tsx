import { type FormEvent, useId } from 'react'
import { formatNumber } from '#app/lib/format-number.ts'
import { FEEDBACK_PATH, HONEYPOT_FIELD, MAX_REPORT_MESSAGE, REASON_LABELS, REPORT_REASONS } from './report.ts'

/** The form itself; /feedback shows it again, filled in, when a report was refused. */
export function ReportFields(props: {
	page: string
	reason?: string
	message?: string
	error?: string
	busy?: boolean
	onSubmit?: (event: FormEvent<HTMLFormElement>) => void
}) {
	const id = useId()
	return (
		<form method="post" action={FEEDBACK_PATH} onSubmit={props.onSubmit} className="space-y-4" data-report-form="">
			<input type="hidden" name="page" value={props.page} />
			<fieldset>
				<legend className="font-medium text-fg">What is wrong?</legend>
				<div className="mt-2 flex flex-wrap gap-2">
					{REPORT_REASONS.map((reason) => (
						<label
							key={reason}
							className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1.5 has-checked:border-accent has-checked:bg-accent/10 has-checked:text-fg has-focus-visible:outline-2 has-focus-visible:outline-accent"
						>
							<input
								type="radio"
								name="reason"
								value={reason}
								required
								defaultChecked={props.reason === reason}
								className="accent-accent"
							/>
							{REASON_LABELS[reason]}
						</label>
					))}
				</div>
			</fieldset>
			<div>
				<label htmlFor={`${id}-message`} className="font-medium text-fg">
					Details <span className="font-normal text-muted">(optional)</span>
				</label>
				<textarea
					id={`${id}-message`}
					name="message"
					rows={3}
					maxLength={MAX_REPORT_MESSAGE}
					defaultValue={props.message}
					aria-describedby={`${id}-hint`}
					placeholder="What did you expect, and what does the game show?"
					className="mt-1.5 block w-full rounded-md border border-line bg-sunken px-3 py-2 text-fg placeholder:text-muted focus:border-accent focus:outline-none"
				/>
				<p id={`${id}-hint`} className="mt-1 text-xs text-muted">
					Up to {formatNumber(MAX_REPORT_MESSAGE)} characters. Only the page, the reason and these words are kept, never who sent them.
				</p>
			</div>
			{/* People never see this field; bots that fill in every field do, and are ignored. */}
			<div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
				<label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this empty</label>
				<input id={`${id}-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
			</div>
			{props.error ? (
				<p role="alert" className="rounded-md bg-bad-bg px-3 py-2 text-bad" data-report-error="">
					{props.error}
				</p>
			) : null}
			<button
				type="submit"
				disabled={props.busy}
				className="inline-flex items-center gap-2 rounded-md bg-accent px-4 py-2 font-semibold text-accent-fg transition hover:opacity-90 disabled:opacity-60"
			>
				{props.busy ? 'Sending…' : 'Send report'}
			</button>
		</form>
	)
}
