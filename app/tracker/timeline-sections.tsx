import type { ActivityLog, QuestTimeline } from '#app/tracker/api-types.ts'
import { formatDateTime, formatDay } from '#app/lib/format-date.ts'

/** Quests newest first; those already done when tracking began have no date. */
export function QuestTimelineSection({ quests }: { quests: QuestTimeline['quests'] }) {
	return (
		<section aria-labelledby="quest-timeline" className="mt-10 render-when-near">
			<h2 id="quest-timeline" className="border-b border-line pb-1 text-2xl font-bold">
				Quest timeline
			</h2>
			{quests.length === 0 ? (
				<p className="mt-3 text-muted">No completed quests seen yet.</p>
			) : (
				<ol className="mt-3 divide-y divide-line" data-quest-timeline="">
					{quests.map((quest) => (
						<li key={quest.title} className="flex flex-wrap justify-between gap-x-4 py-1.5">
							<span className="font-medium">{quest.title}</span>
							<span className="text-sm text-muted">
								{quest.completedAt ? <time dateTime={quest.completedAt}>{formatDay(quest.completedAt)}</time> : 'before tracking'}
							</span>
						</li>
					))}
				</ol>
			)}
		</section>
	)
}

/** The RuneMetrics adventurer's log, newest first, kept past the 20 entries the profile shows. */
export function AdventurersLogSection({ activities }: { activities: ActivityLog['activities'] }) {
	return (
		<section aria-labelledby="adventurers-log" className="mt-10 render-when-near">
			<h2 id="adventurers-log" className="border-b border-line pb-1 text-2xl font-bold">
				Adventurer’s log
			</h2>
			{activities.length === 0 ? (
				<p className="mt-3 text-muted">Nothing in the log (a private profile shows none).</p>
			) : (
				<ol className="mt-3 divide-y divide-line" data-activity-log="">
					{activities.map((activity) => (
						<li key={`${activity.date}-${activity.text}`} className="py-2">
							<p className="flex flex-wrap justify-between gap-x-4">
								<span className="font-medium">{activity.text}</span>
								<time dateTime={activity.date} className="text-sm text-muted">
									{formatDateTime(activity.date)}
								</time>
							</p>
							{activity.details && activity.details !== activity.text ? (
								<p className="text-sm text-muted">{activity.details.replace(/\s+/g, ' ')}</p>
							) : null}
						</li>
					))}
				</ol>
			)}
		</section>
	)
}
