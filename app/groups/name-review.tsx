import { Form } from 'react-router'
import { DashboardNotices } from '#app/dashboard/notices.tsx'
import { ui } from '#app/dashboard/ui.ts'
import { formatDateTime } from '#app/lib/format-date.ts'

/** The dashboard's review queue of name changes. */
export const NAME_REVIEW_PATH = '/dev/dashboard/names'

type ReviewedChange = {
	id: number
	oldName: string
	newName: string
	source: 'visitor' | 'roster'
	reason: string | null
	submittedAt: string
}

export type NameReviewData = {
	pending: ReviewedChange[]
	/** What the last POST did (shown once after its redirect). */
	done: { decision: 'approved' | 'rejected'; oldName: string; newName: string } | null
	error: string | null
}

/**
 * Name changes the check was not sure of (more XP than the time allows): approve applies one (the
 * histories merged under the new name), reject discards it. Plain POST forms, so it works without
 * JavaScript.
 */
export function NameReview({ data }: { data: NameReviewData }) {
	return (
		<div className="space-y-6">
			<header>
				<h1 className="text-3xl font-bold tracking-tight">Name changes</h1>
				<p className="mt-2 max-w-2xl text-muted">
					Changes waiting for a look: the old name is gone and the new one has at least its XP in every skill, but more XP than the time
					since allows (stored lamps? another account?). Approving moves the old name’s history to the new name; rejecting discards the
					change.
				</p>
			</header>
			<DashboardNotices
				done={
					data.done ? `${data.done.decision === 'approved' ? 'Applied' : 'Rejected'}: ${data.done.oldName} → ${data.done.newName}.` : null
				}
				doneData={data.done ? { 'data-review-done': data.done.decision } : undefined}
				error={data.error}
			/>
			{data.pending.length === 0 ? (
				<p className="text-muted" data-review-empty="">
					Nothing waits for review.
				</p>
			) : (
				<ul className="divide-y divide-line rounded-xl border border-line" data-review-queue="">
					{data.pending.map((change) => (
						<li key={change.id} className="space-y-2 p-4" data-review-change={`${change.oldName} → ${change.newName}`}>
							<p className="font-semibold">
								{change.oldName} → {change.newName}
							</p>
							<p className="text-sm text-muted">
								{change.reason} Submitted {formatDateTime(change.submittedAt)}
								{change.source === 'roster' ? ' from a clan’s roster sync' : ''}.
							</p>
							<Form method="post" className="flex gap-3">
								<input type="hidden" name="id" value={change.id} />
								<button type="submit" name="intent" value="approve" className={ui.small}>
									Approve
								</button>
								<button type="submit" name="intent" value="reject" className={`${ui.small} hover:border-bad hover:text-bad`}>
									Reject
								</button>
							</Form>
						</li>
					))}
				</ul>
			)}
		</div>
	)
}
