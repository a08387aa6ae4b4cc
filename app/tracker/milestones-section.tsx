import { Suspense } from 'react'
import { UntilOpened, useOpenedDetails, useOpenedSignal } from '#app/components/until-opened.tsx'
import { formatNumber } from '#app/lib/format-number.ts'
import { skillLabel } from '#app/lib/skills.ts'
import type { Milestones, SkillMilestone } from '#app/tracker/api-types.ts'

/** How many skill milestones show before "All skill milestones". */
const NEAREST_SHOWN = 8

type AccountMilestone = Milestones['account'][number]

function skillTarget(milestone: SkillMilestone): string {
	const skill = skillLabel(milestone.skill)
	if (milestone.kind === '200m') return `${skill} 200M XP`
	return `${skill} ${milestone.level}${milestone.virtual ? ' (virtual)' : ''}`
}

function accountRow(milestone: AccountMilestone): { title: string; detail: string } {
	switch (milestone.kind) {
		case 'total-level':
			return {
				title: `Total level ${formatNumber(milestone.target)}`,
				detail: [`${formatNumber(milestone.current)} now`, milestone.eta?.text].filter(Boolean).join(' · '),
			}
		case 'max':
			return {
				title: 'Max: every skill 99',
				detail: [`${milestone.skillsLeft} skill${milestone.skillsLeft === 1 ? '' : 's'} to go`, milestone.eta?.text]
					.filter(Boolean)
					.join(' · '),
			}
		case 'quest-cape':
			return {
				title: 'Quest Point Cape',
				detail:
					milestone.questsLeft === null
						? 'quest list not known (a private profile shows none)'
						: `${formatNumber(milestone.questsLeft)} of ${formatNumber(milestone.questsTotal ?? milestone.questsLeft)} quests left`,
			}
	}
}

function SkillMilestoneList({ milestones }: { milestones: readonly SkillMilestone[] }) {
	return (
		<ol className="mt-2 divide-y divide-line">
			{milestones.map((milestone) => (
				<li
					key={`${milestone.skill}-${milestone.kind}`}
					className="flex flex-wrap justify-between gap-x-4 py-1.5"
					data-skill-milestone={`${milestone.skill}:${milestone.kind}`}
				>
					<span className="font-medium">{skillTarget(milestone)}</span>
					<span className="text-sm text-muted">
						<span className="tabular-nums">{formatNumber(milestone.xpNeeded)}</span> XP to go
						{milestone.eta ? <span data-milestone-eta="">{` · ${milestone.eta.text}`}</span> : null}
					</span>
				</li>
			))}
		</ol>
	)
}

/**
 * Every skill milestone (~100 rows, half the page's HTML) in a plain `<details>`, which works
 * without script; hydrated only when first opened, so the page's start-up skips them.
 */
function AllSkillMilestones({ milestones }: { milestones: readonly SkillMilestone[] }) {
	const signal = useOpenedSignal()
	const opening = useOpenedDetails(signal.markOpened)
	return (
		<details {...opening} className="mt-3" data-all-milestones="">
			<summary className="cursor-pointer font-semibold text-link">All {milestones.length} skill milestones</summary>
			<Suspense>
				<UntilOpened signal={signal}>
					<p className="mt-2 text-sm text-muted">
						Each skill’s next level (virtual past its cap), 99, its cap when above 99, and 200M XP; nearest first.
					</p>
					<SkillMilestoneList milestones={milestones} />
				</UntilOpened>
			</Suspense>
		</details>
	)
}

/**
 * The player's next milestones with ETAs at their own pace, worked out on the server
 * (`#app/tracker/milestones.ts`): the account's first, then the skills' nearest first, the rest
 * behind a disclosure.
 */
export function MilestonesSection({ milestones }: { milestones: Omit<Milestones, 'name'> }) {
	const nearest = milestones.skills.slice(0, NEAREST_SHOWN)
	return (
		<section aria-labelledby="milestones" className="mt-10 render-when-near" data-milestones="">
			<h2 id="milestones" className="border-b border-line pb-1 text-2xl font-bold">
				Milestones
			</h2>
			<p className="mt-2 text-sm text-muted" data-milestones-note={milestones.pace ? 'ok' : 'no-pace'}>
				{milestones.message}
			</p>
			{milestones.account.length > 0 ? (
				<ul className="mt-3 grid gap-3 sm:grid-cols-3" data-account-milestones="">
					{milestones.account.map((milestone) => {
						const { title, detail } = accountRow(milestone)
						return (
							<li
								key={milestone.kind}
								className="min-w-0 rounded-lg border border-line bg-raised px-4 py-3"
								data-milestone={milestone.kind}
							>
								<p className="font-semibold">{title}</p>
								<p className="mt-1 text-sm text-muted">{detail}</p>
							</li>
						)
					})}
				</ul>
			) : null}
			{nearest.length > 0 ? (
				<>
					<h3 className="mt-5 text-lg font-semibold">Nearest in your skills</h3>
					<SkillMilestoneList milestones={nearest} />
				</>
			) : (
				<p className="mt-3 text-muted">Every skill is at 200M XP: nothing left to gain.</p>
			)}
			{milestones.skills.length > NEAREST_SHOWN ? <AllSkillMilestones milestones={milestones.skills} /> : null}
		</section>
	)
}
