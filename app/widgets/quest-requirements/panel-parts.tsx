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
import { questPath, wikiQuickGuideUrl } from '#app/quests/names.ts'
import type { StepState } from '#app/quests/chain-states.ts'
import { playerQuestPoints } from '#app/quests/progress.ts'
import { stepDetail } from '#app/quests/requirements.ts'
import type { SkillRequirement } from '#app/quests/schema.ts'
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
	const completedTitles = player.data.quests.filter((q) => q.status === 'COMPLETED').map((q) => q.title)
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
	titleAsHeading = false,
}: {
	label: string
	heading: ReactNode
	status?: ReactNode
	children: ReactNode
	footer?: ReactNode
	/**
	 * Where the card is a section of the page (quest pages), its title is an h2 so the h3s inside
	 * follow in order; inside guide prose it sits under the guide's own headings.
	 */
	titleAsHeading?: boolean
}) {
	const eyebrow = <span className="block text-xs font-semibold tracking-wider text-muted uppercase">Requirements</span>
	const title = <span className="block text-lg leading-7 font-bold">{heading}</span>
	return (
		<section
			aria-label={label}
			className="not-prose my-6 overflow-hidden rounded-xl border border-line bg-raised text-[0.95rem] leading-6 shadow-sm"
		>
			<header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-sunken/60 px-4 py-3">
				{titleAsHeading ? (
					<h2 className="m-0 min-w-0 flex-1 border-0 p-0">
						{eyebrow}
						{title}
					</h2>
				) : (
					<div className="min-w-0 flex-1">
						{eyebrow}
						{title}
					</div>
				)}
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

export function PanelSection({ title, count, hint, children }: { title: string; count?: number; hint?: string; children: ReactNode }) {
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

/** The wiki icon link after a quest name; a no-break space glues it to the name's last word. */
export function WikiGuideLink({ quest }: { quest: PanelQuest }) {
	return (
		<>
			{'\u00a0'}
			<a
				href={wikiQuickGuideUrl(quest.wikiTitle ?? quest.name)}
				target="_blank"
				rel="noopener noreferrer"
				className="inline-flex size-6 items-center justify-center rounded-md align-middle text-muted no-underline hover:bg-sunken hover:text-link"
				aria-label={`${quest.name} quick guide on the RuneScape Wiki`}
				title="Quick guide on the RuneScape Wiki"
			>
				<IconExternal size={14} />
			</a>
		</>
	)
}

/** What a quest line says about the loaded player: a chain state, or only "not done" (no chain). */
type PanelStepState = StepState | { state: 'missing' }

/** A line of the quest list: the step, its number in the chain and, with a player, its state. */
export type PanelStep = PanelQuest & {
	number: number
	state?: PanelStepState
	/** The first step of the chain the player can start now. */
	startHere?: boolean
}

const IconGo = () => <CircleMark d="M8.5 6.5 12.5 10l-4 3.5" />

const STATE_TONE: Record<PanelStepState['state'], string> = {
	completed: 'text-ok',
	'can-start': 'text-ok',
	blocked: 'text-bad',
	checking: 'text-muted',
	missing: 'text-bad',
}

/** The mark beside a step's number; the same width for every state, so the names line up. */
function StateMark({ state }: { state: PanelStepState['state'] }) {
	return (
		<span className={`inline-flex w-[18px] ${STATE_TONE[state]}`}>
			{state === 'completed' ? <IconCheck /> : state === 'can-start' ? <IconGo /> : state === 'checking' ? null : <IconCross />}
		</span>
	)
}

function StepStateText({ step, state }: { step: PanelQuest; state: PanelStepState }) {
	switch (state.state) {
		case 'completed':
			return <>{step.partial ? 'Started' : 'Done'}</>
		case 'can-start':
			return <>Can start now</>
		case 'checking':
			return <>Checking your quest points…</>
		case 'missing':
			return <>Not done</>
		case 'blocked': {
			const by = state.by
			if (by.kind === 'quest') {
				return (
					<>
						Blocked by{' '}
						<Link to={questPath(by.slug)} prefetch="intent" className="underline underline-offset-2">
							{by.name}
						</Link>
					</>
				)
			}
			if (by.kind === 'skill')
				return (
					<>
						Needs {by.level} {skillLabel(by.skill)} (you have {by.current})
					</>
				)
			if (by.kind === 'any-of') return <>Needs one of {by.options.map((o) => `${o.level} ${skillLabel(o.skill)}`).join(' or ')}</>
			return (
				<>
					Needs {by.required} quest points (you have {by.current})
				</>
			)
		}
	}
}

/**
 * Steps to take, in order, each with its number in the chain. With a player, each line also says
 * where they stand (done, can start now, blocked by what), and the first step they can start is
 * marked "Start here". The quest named by `target` is the one the panel is about.
 */
export function QuestList({ steps, target }: { steps: readonly PanelStep[]; target?: string }) {
	// Columns fill top to bottom, so a long chain still reads in order.
	return (
		<ol className={`m-0 list-none gap-x-6 p-0 ${steps.length > 6 ? 'sm:columns-2' : ''}`}>
			{steps.map((step) => {
				const isTarget = step.name === target && !step.partial
				const state = step.state
				return (
					<li
						key={step.partial ? `${step.slug} ${step.until}` : step.slug}
						data-quest={step.name}
						data-partial={step.partial ? '' : undefined}
						data-status={state?.state}
						data-start-here={step.startHere ? '' : undefined}
						className={`m-0 flex break-inside-avoid items-start gap-2 rounded-md px-1.5 py-1 ${isTarget ? 'bg-accent/10' : ''}`}
					>
						<span className="mt-0.5 flex shrink-0 items-center gap-1 text-xs font-semibold tabular-nums">
							<span className="min-w-[1.5rem] pt-px text-right text-muted">{step.number}.</span>
							{state ? <StateMark state={state.state} /> : null}
						</span>
						<span className="min-w-0 flex-1">
							<Link
								to={questPath(step.slug)}
								prefetch="intent"
								className={`font-medium text-link underline decoration-1 underline-offset-2 hover:decoration-2 ${
									state?.state === 'completed' ? 'opacity-80' : ''
								}`}
							>
								{step.name}
							</Link>
							{step.until ? <span className="text-muted">{stepDetail(step)}</span> : null}
							<WikiGuideLink quest={step} />
							{isTarget ? (
								<span className="ml-2 rounded bg-accent/20 px-1.5 py-px text-xs font-semibold text-accent">this quest</span>
							) : null}
							{step.startHere ? (
								<span className="ml-2 rounded bg-accent px-1.5 py-px text-xs font-bold text-accent-fg">Start here</span>
							) : null}
							{state ? (
								<span className={`block text-sm leading-5 font-medium ${STATE_TONE[state.state]}`} data-step-state="">
									<StepStateText step={step} state={state} />
								</span>
							) : null}
							{step.skills && step.skills.length > 0 ? (
								<span className="block text-xs leading-5 text-muted">{skillsText(step.skills)}</span>
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
								<li key={s.skill} data-skill={s.skill} data-ironman={ironman?.has(s.skill) ? '' : undefined} className="m-0">
									<SkillBadge skill={s.skill} level={s.level} />
									{ironman?.has(s.skill) ? <span className="ml-0.5 text-xs font-semibold text-muted">ironman</span> : null}
								</li>
							))}
						</ul>
					) : null}
					{anyOf.map((group) => (
						<p key={group.map((s) => s.skill).join()} data-any-of="" className="mt-2 flex flex-wrap items-center gap-1 text-sm text-muted">
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

export function QuestPointsLine({ required, player }: { required: number; player: PanelPlayer | undefined }) {
	const have = player?.questPoints
	const met = have === undefined ? undefined : have >= required
	return (
		<p className="flex flex-wrap items-center gap-2" data-met={met === undefined ? undefined : String(met)}>
			<span
				className={`inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 text-sm font-medium ${
					met === undefined ? 'border-line bg-raised' : met ? 'border-ok/60 bg-ok-bg text-ok' : 'border-bad/60 bg-bad-bg text-bad'
				}`}
			>
				{required} quest points
			</span>
			{player ? (
				<span className="text-sm text-muted">{have === undefined ? 'Checking your quest points…' : `You have ${have}.`}</span>
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

function OnlyMissingSwitch() {
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
