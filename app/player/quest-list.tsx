import { useId, useState } from 'react'
import { IconCheck, IconCross } from './player-icons.tsx'
import type { PlayerQuest } from './types.ts'
import { normaliseQuestName, wikiQuickGuideUrl } from '#app/quests/names.ts'

/** "Your quests: N of M completed" (M: every quest RuneMetrics lists): collapsed, with a filter box. */
export function QuestList({ quests }: { quests: readonly PlayerQuest[] }) {
	const [filter, setFilter] = useState('')
	const filterId = useId()
	const completed = quests.filter((q) => q.status === 'COMPLETED').length
	const needle = normaliseQuestName(filter)
	const shown = needle ? quests.filter((q) => normaliseQuestName(q.title).includes(needle)) : quests
	return (
		<details className="group mt-3 rounded-md border border-line bg-bg" data-quest-list="">
			<summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-semibold select-none hover:bg-sunken [&::-webkit-details-marker]:hidden">
				<span>
					Your quests: {completed} of {quests.length} completed
				</span>
				<span aria-hidden="true" className="text-muted transition-transform group-open:rotate-90">
					›
				</span>
			</summary>
			<div className="border-t border-line p-3">
				<label htmlFor={filterId} className="sr-only">
					Filter quests
				</label>
				<input
					id={filterId}
					type="search"
					value={filter}
					onChange={(e) => setFilter(e.target.value)}
					placeholder="Filter quests"
					autoComplete="off"
					className="w-full rounded-md border border-line bg-raised px-2.5 py-1.5 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
				/>
				{shown.length > 0 ? (
					<ul className="mt-2 max-h-72 list-none overflow-y-auto p-0 text-sm">
						{shown.map((quest) => {
							const done = quest.status === 'COMPLETED'
							return (
								<li key={quest.title} className="m-0">
									<a
										href={wikiQuickGuideUrl(quest.title)}
										target="_blank"
										rel="noopener noreferrer"
										data-completed={String(done)}
										title={`Open the ${quest.title} quick guide on the RuneScape Wiki`}
										className={`flex items-center gap-2 rounded px-1.5 py-1 no-underline hover:bg-sunken hover:underline ${done ? 'text-ok' : 'text-bad'}`}
									>
										{done ? <IconCheck size={15} /> : <IconCross size={15} />}
										<span className="min-w-0 flex-1">{quest.title}</span>
										<span className="sr-only">{done ? '(completed)' : '(not completed)'}</span>
										{quest.status === 'STARTED' ? <span className="text-xs text-muted">started</span> : null}
									</a>
								</li>
							)
						})}
					</ul>
				) : (
					<p className="mt-2 text-sm text-muted">No quest matches “{filter.trim()}”.</p>
				)}
			</div>
		</details>
	)
}
