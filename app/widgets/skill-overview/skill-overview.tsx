import { lazy, Suspense, useId, useState } from 'react'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import { rangeStatus } from '#app/skill-guides/progress.ts'
import { SKILLS, skillLabel } from '#app/lib/skills.ts'
import { PlayerLookup } from '#app/player/player-lookup.tsx'
import { SkillIcon } from '#app/skill-guides/skill-icon.tsx'
import { useHydrated } from '#app/lib/use-hydrated.ts'
import type { SkillOverviewSkill, SkillOverviewWidgetProps } from './skill-overview.schema.ts'
import { orderSkills, type SkillOrder } from './skill-order.ts'

const loadDrawer = () => import('#app/skill-guides/skill-drawer.tsx')
const SkillDrawer = lazy(loadDrawer)

const ORDERS: { value: SkillOrder; label: string }[] = [
	{ value: 'game', label: 'Game order' },
	{ value: 'lowest', label: 'My lowest levels first' },
]

/** The loaded player's levels and experience, or undefined while none is loaded. */
function usePlayerLevels() {
	const player = usePlayerData()
	if (player.status !== 'loaded' || !player.data) return undefined
	const xp = new Map<string, number>()
	for (const s of player.data.skillvalues) {
		const skill = SKILLS[s.id]?.name
		if (skill) xp.set(skill, s.xp)
	}
	return { levelOf: player.levelOf, xpOf: (skill: string) => xp.get(skill) ?? 0 }
}

function SkillCard({ entry, level }: { entry: SkillOverviewSkill; level: number | undefined }) {
	const [open, setOpen] = useState(false)
	const [requested, setRequested] = useState(false)
	const label = skillLabel(entry.skill)
	const top = entry.ranges.at(-1)?.to ?? 99
	return (
		<li data-skill={entry.skill} data-level={level} className="m-0 flex flex-col gap-2 rounded-lg border border-line bg-raised px-4 py-3">
			<div className="flex flex-wrap items-center gap-x-3 gap-y-1">
				<SkillIcon skill={entry.skill} size={24} className="size-6 shrink-0" />
				<h3 className="m-0 flex-1 text-base font-bold">{label}</h3>
				{level !== undefined ? (
					<span
						className="rounded-full border border-accent/60 bg-accent/10 px-2.5 py-0.5 text-sm font-semibold tabular-nums"
						data-level-badge=""
					>
						Level {level}
					</span>
				) : null}
				<button
					type="button"
					className="rounded-md border border-line px-2.5 py-1 text-xs font-semibold text-link hover:border-accent"
					aria-haspopup="dialog"
					onPointerEnter={() => void loadDrawer()}
					onFocus={() => void loadDrawer()}
					onClick={() => {
						setRequested(true)
						setOpen(true)
					}}
				>
					{label} guide
				</button>
			</div>
			<ul className="m-0 flex list-none flex-col gap-1 p-0 text-sm leading-6">
				{entry.ranges.map((range) => {
					const status = rangeStatus(range, level)
					return (
						<li
							key={`${range.from}-${range.to}`}
							data-range-status={status ?? 'none'}
							className={`m-0 flex gap-3 rounded px-2 ${status === 'current' ? 'bg-accent/10 font-semibold' : status === 'passed' ? 'text-muted' : ''}`}
						>
							<span className="w-16 shrink-0 text-muted tabular-nums">
								{range.from}–{range.to}
							</span>
							<span>{range.method}</span>
						</li>
					)
				})}
			</ul>
			{requested ? (
				<Suspense fallback={null}>
					<SkillDrawer skill={entry.skill} level={top} open={open} onOpenChange={setOpen} />
				</Suspense>
			) : null}
		</li>
	)
}

/**
 * Every skill with the methods of its levelling guide by level band; with a loaded player, their
 * level on each skill, the band they are in, and an order that puts their lowest skills first.
 */
function SkillOverview({ skills = [] }: SkillOverviewWidgetProps) {
	const hydrated = useHydrated()
	const player = usePlayerLevels()
	const [order, setOrder] = useState<SkillOrder>('game')
	const name = useId()
	const shown = orderSkills(skills, order, player)
	return (
		<section
			aria-label="Skill overview"
			data-skill-overview=""
			data-hydrated={hydrated ? '' : undefined}
			className="not-prose my-6 space-y-4"
		>
			<PlayerLookup showQuests={false} />
			<fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
				<legend className="mb-1 font-semibold">Sort the skills</legend>
				{ORDERS.map((o) => (
					<label key={o.value} className="inline-flex items-center gap-2">
						<input
							type="radio"
							name={name}
							value={o.value}
							checked={order === o.value}
							disabled={o.value === 'lowest' && !player}
							onChange={() => setOrder(o.value)}
						/>
						{o.label}
					</label>
				))}
				{player ? null : <span className="text-muted">Load your name to sort by your own levels.</span>}
			</fieldset>
			<ol className="m-0 grid list-none gap-3 p-0 md:grid-cols-2" data-order={order}>
				{shown.map((entry) => (
					<SkillCard key={entry.skill} entry={entry} level={player?.levelOf(entry.skill)} />
				))}
			</ol>
		</section>
	)
}

export default function SkillOverviewWidget(props: SkillOverviewWidgetProps) {
	return (
		<PlayerDataProvider>
			<SkillOverview {...props} />
		</PlayerDataProvider>
	)
}
