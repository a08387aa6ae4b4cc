import { Link } from 'react-router'
import { describeActivity, type ActivityItem } from './activity.ts'
import { playerPath } from '#app/lib/player-paths.ts'

/** The group page's activity feed, newest first; plain HTML (no JavaScript needed). */
export function ActivityFeed({ items, limit }: { items: readonly ActivityItem[]; limit: number }) {
	return (
		<section aria-labelledby="group-activity">
			<h2 id="group-activity" className="mt-10 text-xl font-bold">
				Activity
			</h2>
			{items.length === 0 ? (
				<p className="mt-2 text-muted">
					Nothing yet: roster changes and members&apos; 99s, 120s, 200M XP, quests, drops and boss kills show here.
				</p>
			) : (
				<>
					<p className="mt-1 text-sm text-muted">
						Roster changes and members&apos; 99s, 120s, 200M XP, quests, drops and boss kills, newest first (the latest {limit}).
					</p>
					<ol className="mt-3 space-y-1 text-sm" data-group-activity="">
						{items.map((item, i) => (
							<li key={i} data-kind={item.kind}>
								<time dateTime={item.at.toISOString()} className="mr-2 text-muted tabular-nums">
									{item.at.toISOString().slice(0, 16).replace('T', ' ')}
								</time>
								<Link to={playerPath(item.player.name)} className="text-link underline">
									{item.player.name}
								</Link>{' '}
								{describeActivity(item)}
							</li>
						))}
					</ol>
				</>
			)}
		</section>
	)
}
