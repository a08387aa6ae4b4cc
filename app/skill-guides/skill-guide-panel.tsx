import { type ReactNode, type Ref, useEffect, useRef } from 'react'
import { formatNumber } from '#app/lib/format-number.ts'
import { getSkill } from '#app/lib/skills.ts'
import { IconCheck, IconCross, IconExternalSmall } from '#app/player/player-icons.tsx'
import type { SkillGuide } from '#app/skill-guides/schema.ts'
import { type GuideRow, guideRows, NO_GUIDE_TEXT } from './guide-view.ts'
import { requirementMet, requirementText } from './requirement.ts'

export type SkillGuidePanelProps = {
	/** The level the badge asks for; undefined when opened from search (then no required level). */
	required?: number
	/** The player's level; undefined without player data (then no progress marks). */
	current: number | undefined
	/** Experience still needed for the required level, when the player has not reached it. */
	xpToGo?: number
	guide: SkillGuide | null
	/** Shown without player data, e.g. the lookup box. */
	lookup?: ReactNode
}

/** The body of the levelling drawer: where the player stands, then the guide's level ranges. */
export function SkillGuidePanel({ required, current, xpToGo, guide, lookup }: SkillGuidePanelProps) {
	const met = required === undefined ? undefined : requirementMet(current, required)
	const rows = guide ? guideRows(guide.ranges, current, required) : []
	const currentRef = useRef<HTMLLIElement>(null)
	// Open where the reader stands: the current range scrolled to the top of the drawer and focused.
	useEffect(() => {
		const row = currentRef.current
		const scroller = row?.closest<HTMLElement>('[data-drawer-scroll]')
		if (!row) return
		if (scroller) scroller.scrollTop += row.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 12
		row.focus({ preventScroll: true })
	}, [current])
	return (
		<div className="space-y-5">
			{required === undefined ? (
				current === undefined ? null : (
					<div className="rounded-lg border border-line bg-raised p-4">
						<p className="text-xs font-semibold tracking-wide text-muted uppercase">Your Current Level</p>
						<p className="text-2xl font-bold tabular-nums">{current}</p>
					</div>
				)
			) : met === undefined ? (
				<div className="rounded-lg border border-line bg-raised p-4">
					<p className="text-xs font-semibold tracking-wide text-muted uppercase">Required level</p>
					<p className="text-2xl font-bold tabular-nums">{required}</p>
					<p className="mt-1 text-sm text-muted">Look up your RuneScape name to see where you stand.</p>
				</div>
			) : (
				<div
					className={`flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4 ${met ? 'border-ok/50 bg-ok-bg' : 'border-bad/50 bg-bad-bg'}`}
					data-requirement-met={String(met)}
				>
					<div>
						<p className="text-xs font-semibold tracking-wide text-muted uppercase">Your Current Level</p>
						<p className="text-2xl font-bold tabular-nums">
							{current}
							<span className="text-muted">/{required}</span>
						</p>
						{!met && xpToGo ? (
							<p className="mt-0.5 text-sm font-medium tabular-nums" data-xp-to-go={xpToGo}>
								{formatNumber(xpToGo)} XP to level {required}
							</p>
						) : null}
					</div>
					<p className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${met ? 'text-ok' : 'text-bad'}`}>
						{met ? <IconCheck size={16} /> : <IconCross size={16} />}
						{requirementText(met)}
					</p>
				</div>
			)}
			{current === undefined ? lookup : null}
			{guide ? (
				<div>
					<p className="text-sm leading-6 text-muted">{guide.summary}</p>
					<CapNote skill={guide.skill} />
					<ol className="mt-3 flex list-none flex-col gap-2.5 p-0">
						{rows.map((row, i) => (
							<RangeRow
								key={`${row.from}-${row.to}`}
								ref={row.status === 'current' ? currentRef : undefined}
								row={row}
								showLink={row.link !== rows[i - 1]?.link}
							/>
						))}
					</ol>
				</div>
			) : (
				<p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">{NO_GUIDE_TEXT}</p>
			)}
		</div>
	)
}

/** A skill whose cap has a caveat (a reported raise we could not confirm) says so beside its guide. */
function CapNote({ skill }: { skill: string }) {
	const found = getSkill(skill)
	if (!found?.capNote) return null
	return (
		<p className="mt-2 rounded-lg border border-line bg-raised p-3 text-sm leading-6" data-cap-note={found.name}>
			<span className="font-semibold">Level cap {found.cap}.</span> {found.capNote}
		</p>
	)
}

function RangeRow({ row, showLink, ref }: { row: GuideRow; showLink: boolean; ref?: Ref<HTMLLIElement> }) {
	const tone =
		row.status === 'current' ? 'border-accent bg-accent/10' : row.status === 'passed' ? 'border-line bg-raised/60' : 'border-line bg-raised'
	return (
		<li
			ref={ref}
			className={`rounded-lg border p-3.5 ${tone}`}
			data-range-status={row.status ?? 'none'}
			data-range-target={row.target ? '' : undefined}
			aria-current={row.status === 'current' ? 'step' : undefined}
			tabIndex={row.status === 'current' ? -1 : undefined}
		>
			<div className="flex flex-wrap items-center gap-2">
				{row.status === 'passed' ? (
					<span className="inline-flex size-5 items-center justify-center rounded-full bg-ok-bg text-ok" data-mark="passed">
						<IconCheck size={13} strokeWidth={3} />
						<span className="sr-only">Passed:</span>
					</span>
				) : null}
				<span className="text-sm font-semibold text-muted tabular-nums">
					Levels {row.from}–{row.to}
				</span>
				{row.status === 'current' || row.target ? (
					<span className="ml-auto flex gap-1.5">
						{row.status === 'current' ? (
							<span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-accent-fg">Current</span>
						) : null}
						{row.target ? (
							<span className="rounded-full border border-accent px-2 py-0.5 text-xs font-bold text-accent" data-mark="target">
								Target
							</span>
						) : null}
					</span>
				) : null}
			</div>
			<p className="mt-1 font-semibold">{row.method}</p>
			<p className="mt-1 text-sm leading-6 text-muted">{row.tip}</p>
			{showLink ? (
				<a
					href={row.link}
					target="_blank"
					rel="noopener noreferrer"
					className="mt-1.5 inline-flex items-center gap-1 text-sm text-link underline-offset-2 hover:underline"
				>
					More on the RuneScape Wiki
					<IconExternalSmall />
				</a>
			) : null}
		</li>
	)
}
