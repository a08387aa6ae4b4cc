/**
 * Building blocks shared by the requirement widgets (quest-requirements, requirements): the card,
 * the quest list with ticks, the skill badges, the quest-point line and the
 * "Only show what I'm missing" switch. Player state comes from the PlayerDataProvider around them.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type PlayerDataValue, usePlayerData } from '#app/player/player-data.tsx'
import { IconExternal } from '#app/components/icons.tsx'
import { onlyMissingSetting } from '#app/components/settings/reader-settings.ts'
import { SettingSwitch } from '#app/components/settings/setting-switch.tsx'
import { wikiQuickGuideUrl } from '#app/lib/quests/names.ts'
import { playerQuestPoints } from '#app/lib/quests/progress.ts'
import { stepDetail } from '#app/lib/quests/requirements.ts'
import type { SkillRequirement } from '#app/lib/quests/schema.ts'
import { skillLabel } from '#app/lib/skills.ts'
import { SkillBadge } from '#app/widgets/skill-badge/skill-badge.tsx'
import { useQuestPoints } from './use-quest-points.ts'

export type PanelQuest = {
	name: string
	slug: string
	wikiTitle?: string
	/** The quest's own levels, shown small under its name. */
	skills?: SkillRequirement[]
	/** Only part of the quest is needed, up to `until`. */
	partial?: true
	/** The point to reach (partial), or what is needed past completion ("100 % (unabridged)"). */
	until?: string
}

/** Player state as the panels use it; undefined fields mean "not known (yet)". */
export type PanelPlayer = {
	name: string
	hasCompleted: (quest: string) => boolean
	/** Started or completed: what a partial step can be checked against. */
	hasStarted: (quest: string) => boolean
	levelOf: (skill: string) => number
	/** Undefined until the quest-point table has loaded. */
	questPoints: number | undefined
}

/** The loaded player as panels see it, or undefined while none is loaded. */
export function usePanelPlayer(needsQuestPoints: boolean): PanelPlayer | undefined {
	const player = usePlayerData()
	const loaded = player.status === 'loaded' && player.data !== undefined
	const points = useQuestPoints(loaded && needsQuestPoints)
	if (!loaded || !player.data) return undefined
	const completedTitles = player.data.quests
		.filter((q) => q.status === 'COMPLETED')
		.map((q) => q.title)
	return {
		name: player.data.name,
		hasCompleted: player.hasCompleted,
		hasStarted: player.hasStarted,
		levelOf: player.levelOf,
		questPoints: points ? playerQuestPoints(completedTitles, points) : undefined,
	}
}

/** A stroked mark on a faint disc: the done / missing markers of the panel. */
function CircleMark({ d }: { d: string }) {
	return (
		<svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" className="shrink-0">
			<circle cx="10" cy="10" r="9" fill="currentColor" opacity="0.18" />
			<path d={d} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
		</svg>
	)
}

const IconCheck = () => <CircleMark d="m6 10.5 2.5 2.5L14 7.5" />
const IconCross = () => <CircleMark d="m7 7 6 6m0-6-6 6" />

export function RequirementCard({
	label,
	heading,
	status,
	children,
	footer,
}: {
	label: string
	heading: ReactNode
	status?: ReactNode
	children: ReactNode
	footer?: ReactNode
}) {
	return (
		<section
			aria-label={label}
			className="not-prose my-6 overflow-hidden rounded-xl border border-line bg-raised text-[0.95rem] leading-6 shadow-sm"
		>
			<header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-sunken/60 px-4 py-3">
				<div className="min-w-0 flex-1">
					<p className="text-xs font-semibold tracking-wider text-muted uppercase">Requirements</p>
					<div className="text-lg leading-7 font-bold">{heading}</div>
				</div>
				{status}
			</header>
			<div className="space-y-5 px-4 py-4">{children}</div>
			{footer ? (
				<footer className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-2.5 text-sm text-muted">
					{footer}
				</footer>
			) : null}
		</section>
	)
}

export function PanelSection({
	title,
	count,
	hint,
	children,
}: {
	title: string
	count?: number
	hint?: string
	children: ReactNode
}) {
	return (
		<div>
			<h3 className="mt-0 mb-2 border-0 p-0 text-sm font-semibold tracking-wide text-muted">
				{title}
				{count !== undefined ? <span className="ml-1.5 font-normal">({count})</span> : null}
				{hint ? <span className="ml-1.5 font-normal">· {hint}</span> : null}
			</h3>
			{children}
		</div>
	)
}

export function EmptyLine({ children, ok = false }: { children: ReactNode; ok?: boolean }) {
	return (
		<p className={`flex items-center gap-2 ${ok ? 'text-ok' : 'text-muted'}`}>
			{ok ? <IconCheck /> : null}
			{children}
		</p>
	)
}

function skillsText(skills: readonly SkillRequirement[]) {
	return skills.map((s) => `${s.level} ${skillLabel(s.skill)}`).join(' · ')
}

/**
 * Whether the player has done a step: a quest completed, or a partial step at least started (the
 * player data does not say how far a started quest is).
 */
export function stepDone(quest: PanelQuest, player: PanelPlayer): boolean {
	return quest.partial ? player.hasStarted(quest.name) : player.hasCompleted(quest.name)
}

export function WikiGuideLink({ quest }: { quest: PanelQuest }) {
	return (
		<a
			href={wikiQuickGuideUrl(quest.wikiTitle ?? quest.name)}
			target="_blank"
			rel="noopener noreferrer"
			className="ml-1 inline-flex size-6 items-center justify-center rounded-md align-middle text-muted no-underline hover:bg-sunken hover:text-link"
			aria-label={`${quest.name} quick guide on the RuneScape Wiki`}
			title="Quick guide on the RuneScape Wiki"
		>
			<IconExternal size={14} />
		</a>
	)
}

/**
 * Quests to complete, in order. With a player: ticked when completed, crossed when not. The item
 * named by `target` is marked as the quest the panel is about.
 */
export function QuestList({
	quests,
	player,
	target,
}: {
	quests: readonly PanelQuest[]
	player: PanelPlayer | undefined
	target?: string
}) {
	// Columns fill top to bottom, so a long chain still reads in order.
	return (
		<ol className={`m-0 list-none gap-x-6 p-0 ${quests.length > 6 ? 'sm:columns-2' : ''}`}>
			{quests.map((quest, i) => {
				const done = player ? stepDone(quest, player) : undefined
				const isTarget = quest.name === target && !quest.partial
				return (
					<li
						key={quest.partial ? `${quest.slug} ${quest.until}` : quest.slug}
						data-quest={quest.name}
						data-partial={quest.partial ? '' : undefined}
						data-status={done === undefined ? undefined : done ? 'completed' : 'missing'}
						className={`m-0 flex break-inside-avoid items-start gap-2 rounded-md px-1.5 py-1 ${isTarget ? 'bg-accent/10' : ''}`}
					>
						<span
							className={`mt-0.5 flex w-[18px] shrink-0 justify-center text-xs font-semibold tabular-nums ${
								done === undefined ? 'pt-px text-muted' : done ? 'text-ok' : 'text-bad'
							}`}
						>
							{done === undefined ? `${i + 1}.` : done ? <IconCheck /> : <IconCross />}
						</span>
						<span className="min-w-0 flex-1">
							<Link
								to={`/quests/${quest.slug}`}
								prefetch="intent"
								className={`font-medium text-link underline decoration-1 underline-offset-2 hover:decoration-2 ${
									done ? 'opacity-80' : ''
								}`}
							>
								{quest.name}
							</Link>
							{quest.until ? <span className="text-muted">{stepDetail(quest)}</span> : null}
							{done !== undefined ? (
								<span className="sr-only">
									{quest.partial
										? done
											? ' (started)'
											: ' (not started)'
										: done
											? ' (completed)'
											: ' (not completed)'}
								</span>
							) : null}
							<WikiGuideLink quest={quest} />
							{isTarget ? (
								<span className="ml-2 rounded bg-accent/20 px-1.5 py-px text-xs font-semibold text-accent">
									this quest
								</span>
							) : null}
							{quest.skills && quest.skills.length > 0 ? (
								<span className="block text-xs leading-5 text-muted">
									{skillsText(quest.skills)}
								</span>
							) : null}
						</span>
					</li>
				)
			})}
		</ol>
	)
}

/**
 * The Skills section: `required` is every level asked for, `skills` the ones still shown;
 * `ironman` names the skills whose level shown is for ironman accounts only; `anyOf` lists groups
 * of alternatives still shown (one level of each is enough).
 */
export function SkillsSection({
	required,
	skills,
	hint,
	ironman,
	anyOf = [],
}: {
	required: number
	skills: readonly SkillRequirement[]
	hint?: string
	ironman?: ReadonlySet<string>
	anyOf?: readonly (readonly SkillRequirement[])[]
}) {
	return (
		<PanelSection title="Skills" hint={hint}>
			{required === 0 ? (
				<EmptyLine>No skill requirements</EmptyLine>
			) : skills.length === 0 && anyOf.length === 0 ? (
				<EmptyLine ok>Every level reached</EmptyLine>
			) : (
				<>
					{skills.length > 0 ? (
						<ul className="m-0 flex list-none flex-wrap gap-1.5 p-0">
							{skills.map((s) => (
								<li
									key={s.skill}
									data-skill={s.skill}
									data-ironman={ironman?.has(s.skill) ? '' : undefined}
									className="m-0"
								>
									<SkillBadge skill={s.skill} level={s.level} />
									{ironman?.has(s.skill) ? (
										<span className="ml-0.5 text-xs font-semibold text-muted">ironman</span>
									) : null}
								</li>
							))}
						</ul>
					) : null}
					{anyOf.map((group) => (
						<p
							key={group.map((s) => s.skill).join()}
							data-any-of=""
							className="mt-2 flex flex-wrap items-center gap-1 text-sm text-muted"
						>
							One of:
							{group.map((s, i) => (
								<span key={s.skill}>
									{i > 0 ? 'or ' : null}
									<SkillBadge skill={s.skill} level={s.level} />
								</span>
							))}
						</p>
					))}
				</>
			)}
		</PanelSection>
	)
}

export function QuestPointsLine({
	required,
	player,
}: {
	required: number
	player: PanelPlayer | undefined
}) {
	const have = player?.questPoints
	const met = have === undefined ? undefined : have >= required
	return (
		<p
			className="flex flex-wrap items-center gap-2"
			data-met={met === undefined ? undefined : String(met)}
		>
			<span
				className={`inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-sm font-medium ${
					met === undefined
						? 'border-line bg-raised'
						: met
							? 'border-ok/60 bg-ok-bg text-ok'
							: 'border-bad/60 bg-bad-bg text-bad'
				}`}
			>
				{required} quest points
			</span>
			{player ? (
				<span className="text-sm text-muted">
					{have === undefined ? 'Checking your quest points…' : `You have ${have}.`}
				</span>
			) : null}
		</p>
	)
}

/** Requirements that are neither quests nor levels; nothing when there are none. */
export function OtherSection({ items }: { items: readonly string[] }) {
	if (items.length === 0) return null
	return (
		<PanelSection title="Other requirements">
			<ul className="m-0 list-disc pl-5 marker:text-muted [&>li+li]:mt-1">
				{items.map((item) => (
					<li key={item}>{item}</li>
				))}
			</ul>
		</PanelSection>
	)
}

export function OnlyMissingSwitch() {
	return <SettingSwitch setting={onlyMissingSetting} label="Only show what I'm missing" />
}

/** The footer line: whose data the ticks come from, and the switch once a player is loaded. */
export function PlayerFooter({ player }: { player: PlayerDataValue }) {
	if (player.status === 'idle') {
		return <span>Look up your player name to check these against your account.</span>
	}
	if (player.status === 'loading') return <span>Loading {player.username}…</span>
	if (player.status === 'error') {
		return (
			<span className="text-bad">
				Could not load {player.username}: {player.error ?? 'unknown error'}
			</span>
		)
	}
	return (
		<>
			<span>
				Checked against <strong className="font-semibold text-fg">{player.data?.name}</strong>
			</span>
			<OnlyMissingSwitch />
		</>
	)
}
