import { logSections, type PlayerLog, type Tally } from './player-log.ts'

const PER_SECTION = 10

function TallyTable({ caption, what, rows }: { caption: string; what: string; rows: readonly Tally[] }) {
	if (rows.length === 0) return null
	return (
		<table className="mt-2 text-sm">
			<caption className="text-left text-muted">{caption}</caption>
			<thead>
				<tr>
					<th scope="col" className="pr-4 text-left">
						{what}
					</th>
					<th scope="col" className="text-right">
						Count
					</th>
				</tr>
			</thead>
			<tbody>
				{rows.map((row) => (
					<tr key={row.subject} className="border-t border-line">
						<td className="pr-4">{row.subject}</td>
						<td className="text-right tabular-nums">{row.count.toLocaleString('en-GB')}</td>
					</tr>
				))}
			</tbody>
		</table>
	)
}

/** The player page's adventurer's log by kind, with kills per boss and finds per item: plain HTML. */
export function PlayerLogSection({ log }: { log: PlayerLog }) {
	const sections = logSections(log, PER_SECTION)
	return (
		<section aria-labelledby="player-log-by-kind" data-player-log="">
			<h2 id="player-log-by-kind" className="mt-10 text-xl font-bold">
				Adventurer&apos;s log by kind
			</h2>
			{sections.length === 0 ? (
				<p className="mt-2 text-muted">No log entries seen yet (a private profile shows none).</p>
			) : (
				sections.map((section) => (
					<div key={section.label} data-log-kind={section.kinds.join(' ')}>
						<h3 className="mt-5 font-semibold">
							{section.label} ({section.count})
						</h3>
						{section.kinds.includes('boss-kill') ? (
							<TallyTable caption="Kills per boss, all seen" what="Boss" rows={log.bossKills} />
						) : null}
						{section.kinds.includes('drop') ? <TallyTable caption="Finds per item, all seen" what="Item" rows={log.drops} /> : null}
						<ul className="mt-2 space-y-0.5 text-sm">
							{section.entries.map((entry, i) => (
								<li key={i}>
									<time dateTime={entry.occurredAt.toISOString()} className="mr-2 text-muted tabular-nums">
										{entry.occurredAt.toISOString().slice(0, 10)}
									</time>
									{entry.text}
								</li>
							))}
						</ul>
					</div>
				))
			)}
		</section>
	)
}
