import { useState } from 'react'
import { Link } from 'react-router'
import { type MissingItem, NEARLY_THERE_LEVELS, type Plan } from '#app/planner/plan.ts'
import { skillLabel } from '#app/lib/skills.ts'
import { questPath } from '#app/quests/names.ts'

const SHOWN_AT_FIRST = 12

function missingText(item: MissingItem): string {
	if (item.kind === 'quest') return item.partial ? `part of ${item.name}` : item.name
	return `${skillLabel(item.skill)} ${item.level} (you have ${item.current})`
}

function ShowAll({ total, shown, onShow }: { total: number; shown: number; onShow: () => void }) {
	if (shown >= total) return null
	return (
		<button type="button" onClick={onShow} className="mt-2 text-sm font-medium text-link underline underline-offset-2">
			Show all {total}
		</button>
	)
}

/** "You can start now" and "Nearly there", over every quest (not only the goals'). */
export function QuestOutlook({
	plan,
	questName,
	whose,
}: {
	plan: Plan
	questName: (slug: string) => string
	/** "Midgame Mia's account", "a fresh account". */
	whose: string
}) {
	const [allNow, setAllNow] = useState(false)
	const [allNearly, setAllNearly] = useState(false)
	const now = allNow ? plan.canStartNow : plan.canStartNow.slice(0, SHOWN_AT_FIRST)
	const nearly = allNearly ? plan.nearlyThere : plan.nearlyThere.slice(0, SHOWN_AT_FIRST)
	return (
		<div className="mt-10 grid gap-8 md:grid-cols-2 print:hidden">
			<section aria-labelledby="can-start-now">
				<h2 id="can-start-now" className="border-b border-line pb-1 text-xl font-bold">
					You can start now <span className="text-base font-normal text-muted">({plan.canStartNow.length})</span>
				</h2>
				<p className="mt-2 text-sm text-muted">Quests {whose} can start: every quest they need done and every level reached.</p>
				{plan.canStartNow.length === 0 ? (
					<p className="mt-3 text-sm">None right now.</p>
				) : (
					<ul className="mt-3 space-y-1" data-can-start-now="">
						{now.map((slug) => (
							<li key={slug}>
								<Link to={questPath(slug)} className="text-link underline underline-offset-2">
									{questName(slug)}
								</Link>
							</li>
						))}
					</ul>
				)}
				<ShowAll total={plan.canStartNow.length} shown={now.length} onShow={() => setAllNow(true)} />
			</section>
			<section aria-labelledby="nearly-there">
				<h2 id="nearly-there" className="border-b border-line pb-1 text-xl font-bold">
					Nearly there <span className="text-base font-normal text-muted">({plan.nearlyThere.length})</span>
				</h2>
				<p className="mt-2 text-sm text-muted">
					For {whose}: one quest to finish first, or at most {NEARLY_THERE_LEVELS} levels to go in total.
				</p>
				{plan.nearlyThere.length === 0 ? (
					<p className="mt-3 text-sm">None right now.</p>
				) : (
					<ul className="mt-3 space-y-1.5" data-nearly-there="">
						{nearly.map(({ slug, missing }) => (
							<li key={slug}>
								<Link to={questPath(slug)} className="text-link underline underline-offset-2">
									{questName(slug)}
								</Link>
								<span className="text-sm text-muted"> needs {missing.map(missingText).join(', ')}</span>
							</li>
						))}
					</ul>
				)}
				<ShowAll total={plan.nearlyThere.length} shown={nearly.length} onShow={() => setAllNearly(true)} />
			</section>
		</div>
	)
}
