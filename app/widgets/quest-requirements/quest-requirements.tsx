import { Link } from 'react-router'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import type { PlayerProgress } from '#app/quests/artifacts.ts'
import { chainStepStates, startHereIndex } from '#app/quests/chain-states.ts'
import { STATUS_LABELS, summaryStartCheck } from '#app/quests/progress.ts'
import { compareNames, type RequirementSummary } from '#app/quests/requirements.ts'
import type { SkillRequirement } from '#app/quests/schema.ts'
import type { SkillName } from '#app/lib/skills.ts'
import { useIronman, useOnlyMissing } from '#app/components/settings/reader-settings.ts'
import {
	EmptyLine,
	OtherSection,
	type PanelPlayer,
	type PanelQuest,
	PanelSection,
	type PanelStep,
	PlayerFooter,
	QuestList,
	QuestPointsLine,
	RequirementCard,
	SkillsSection,
	usePanelPlayer,
	WikiGuideLink,
} from './panel-parts.tsx'
import type { QuestRequirementsWidgetProps } from './quest-requirements.schema.ts'
import { questPath } from '#app/quests/names.ts'
import { UntilPlayer } from './until-player.tsx'

/** Chains longer than this start folded (except where the panel is the page, e.g. quest pages). */
const FOLD_AFTER = 12

type Status = 'completed' | 'can-start' | 'locked'

function targetStatus(summary: RequirementSummary, player: PanelPlayer, ironman: boolean): Status | undefined {
	const target = summary.quests.at(-1)
	if (!target) return undefined
	if (player.hasCompleted(target.name)) return 'completed'
	const questPoints = summary.questPoints > 0 ? player.questPoints : 0
	if (questPoints === undefined) return undefined
	const names = (keep: (q: PanelQuest) => boolean) => new Set(summary.quests.filter(keep).map((q) => q.name))
	const skills = [...target.skills, ...(target.ironmanSkills ?? []), ...(target.anyOf ?? []).flat()]
	const progress: PlayerProgress = {
		completed: names((q) => player.hasCompleted(q.name)),
		started: names((q) => player.hasStarted(q.name)),
		levels: Object.fromEntries(skills.map((s) => [s.skill, player.levelOf(s.skill)])) as Partial<Record<SkillName, number>>,
		questPoints,
		ironman,
	}
	return summaryStartCheck(summary, progress)?.canStart ? 'can-start' : 'locked'
}

const STATUS_STYLE: Record<Status, string> = {
	completed: 'border-ok/60 bg-ok-bg text-ok',
	'can-start': 'border-ok/60 text-ok',
	locked: 'border-bad/60 bg-bad-bg text-bad',
}

function StatusPill({ status }: { status: Status }) {
	return (
		<span
			data-quest-status={status}
			className={`rounded-full border px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${STATUS_STYLE[status]}`}
		>
			{STATUS_LABELS[status]}
		</span>
	)
}

/**
 * A quest's full requirements: the chain of quests (target last), the highest level per skill
 * across it, the quest-point threshold and anything else. With a loaded player, quests are ticked
 * or crossed, skills turn green or red, and "Only show what I'm missing" hides what is done.
 */
function QuestRequirementsPanel({
	quest,
	summary,
	expandChain = false,
	titleAsHeading = false,
}: QuestRequirementsWidgetProps & { expandChain?: boolean; titleAsHeading?: boolean }) {
	const playerData = usePlayerData()
	const player = usePanelPlayer((summary?.questPoints ?? 0) > 0)
	const [onlyMissingChoice] = useOnlyMissing()
	const onlyMissing = player !== undefined && onlyMissingChoice
	const chain = summary?.quests ?? []
	const target = chain.at(-1)
	const [ironman] = useIronman()
	const status = summary && player ? targetStatus(summary, player, ironman) : undefined

	const states = player ? chainStepStates(chain, player, ironman) : undefined
	const startHere = states ? startHereIndex(states) : -1
	const steps: PanelStep[] = chain.map((q, i) => ({
		...q,
		number: i + 1,
		...(states ? { state: states[i] } : {}),
		...(i === startHere ? { startHere: true } : {}),
	}))
	const shownSteps = onlyMissing ? steps.filter((s) => s.state?.state !== 'completed') : steps
	// An ironman sees the ironman-only levels in place of the lower ones everyone needs.
	const ironmanSkills = ironman ? (summary?.ironmanSkills ?? []) : []
	const ironmanNames = new Set(ironmanSkills.map((s) => s.skill))
	const required = [...(summary?.totalSkills ?? []).filter((s) => !ironmanNames.has(s.skill)), ...ironmanSkills].sort((a, b) =>
		compareNames(a.skill, b.skill),
	)
	const unmet = (s: SkillRequirement) => player!.levelOf(s.skill) < s.level
	const skills = required.filter((s) => !onlyMissing || unmet(s))
	const anyOf = (summary?.anyOf ?? []).filter((group) => !onlyMissing || group.every(unmet))
	const questPoints = summary?.questPoints ?? 0
	const questPointsMet = player?.questPoints !== undefined && player.questPoints >= questPoints
	const other = summary?.other ?? []

	const questList = <QuestList steps={shownSteps} target={target?.name} />
	// In a guide body only: where the panel is the page (quest pages), no <GuideBody> routes the
	// links of a list React has not hydrated.
	const list = expandChain ? questList : <UntilPlayer>{questList}</UntilPlayer>
	return (
		<RequirementCard
			label={`Requirements for ${target?.name ?? quest}`}
			heading={
				target ? (
					<span>
						<Link to={questPath(target.slug)} className="text-fg no-underline hover:text-link hover:underline">
							{target.name}
						</Link>
						<WikiGuideLink quest={target} />
					</span>
				) : (
					quest
				)
			}
			status={status ? <StatusPill status={status} /> : null}
			footer={<PlayerFooter player={playerData} />}
			titleAsHeading={titleAsHeading}
		>
			<PanelSection title="Quest chain" count={chain.length > 1 ? chain.length : undefined}>
				{chain.length <= 1 ? (
					<EmptyLine>No quest requirements</EmptyLine>
				) : shownSteps.length === 0 ? (
					<EmptyLine ok>Every quest in the chain is done</EmptyLine>
				) : shownSteps.length > FOLD_AFTER && !expandChain ? (
					<details className="group">
						<summary className="cursor-pointer rounded-md px-1.5 py-1 text-link hover:underline">
							{/* The same count as the heading: the whole chain, this quest included. */}
							{onlyMissing
								? `Show the ${shownSteps.length} not done, from ${shownSteps[0]!.name} to ${shownSteps.at(-1)!.name}`
								: `Show all ${chain.length} quests, from ${chain[0]!.name} to ${chain.at(-1)!.name}`}
							{player && !onlyMissing ? (
								<span className="text-muted">
									{' · '}
									{steps.filter((s) => s.state?.state !== 'completed').length} not done
								</span>
							) : null}
						</summary>
						<div className="mt-1">{list}</div>
					</details>
				) : (
					list
				)}
			</PanelSection>
			{target ? <PanelLinks target={target} chainLength={chain.length} player={player} /> : null}
			<SkillsSection
				required={required.length + (summary?.anyOf.length ?? 0)}
				skills={skills}
				ironman={ironmanNames}
				anyOf={anyOf}
				hint={chain.length > 1 ? 'highest level in the chain' : undefined}
			/>
			{questPoints > 0 && !(onlyMissing && questPointsMet) ? (
				<PanelSection title="Quest points">
					<QuestPointsLine required={questPoints} player={player} />
				</PanelSection>
			) : null}
			<OtherSection items={other} />
		</RequirementCard>
	)
}

/** Where to go from the panel: the planner for this quest and the chain in the quest list. */
function PanelLinks({
	target,
	chainLength,
	player,
}: {
	target: { name: string; slug: string }
	chainLength: number
	player: PanelPlayer | undefined
}) {
	const chainQuery = `chain=${target.slug}${player ? '&status=can-start' : ''}`
	return (
		<p className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-panel-links="">
			<Link to={`/tools/plan?goals=${target.slug}`} className="text-link underline underline-offset-2">
				Plan the way to {target.name}
			</Link>
			{chainLength > 1 ? (
				<Link to={`/quests?${chainQuery}`} className="text-link underline underline-offset-2">
					{player ? 'Quests of this chain you can start now' : 'This chain in the quest list'}
				</Link>
			) : null}
		</p>
	)
}

export default function QuestRequirementsWidget(props: QuestRequirementsWidgetProps & { expandChain?: boolean; titleAsHeading?: boolean }) {
	return (
		<PlayerDataProvider>
			<QuestRequirementsPanel {...props} />
		</PlayerDataProvider>
	)
}
