import { Link } from 'react-router'
import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import type { PlayerProgress } from '#app/lib/quests/artifacts.ts'
import { STATUS_LABELS, summaryStartCheck } from '#app/lib/quests/progress.ts'
import type { RequirementSummary } from '#app/lib/quests/requirements.ts'
import type { SkillName } from '#app/lib/skills.ts'
import {
	EmptyLine,
	OtherSection,
	type PanelPlayer,
	PanelSection,
	PlayerFooter,
	QuestList,
	QuestPointsLine,
	RequirementCard,
	SkillsSection,
	useOnlyMissing,
	usePanelPlayer,
	WikiGuideLink,
} from './panel-parts.tsx'
import type { QuestRequirementsWidgetProps } from './quest-requirements.schema.ts'

/** Chains longer than this start folded (except where the panel is the page, e.g. quest pages). */
const FOLD_AFTER = 12

type Status = 'completed' | 'can-start' | 'locked'

function targetStatus(summary: RequirementSummary, player: PanelPlayer): Status | undefined {
	const target = summary.quests.at(-1)
	if (!target) return undefined
	if (player.hasCompleted(target.name)) return 'completed'
	const questPoints = summary.questPoints > 0 ? player.questPoints : 0
	if (questPoints === undefined) return undefined
	const progress: PlayerProgress = {
		completed: new Set(
			summary.quests.filter((q) => player.hasCompleted(q.name)).map((q) => q.name),
		),
		levels: Object.fromEntries(
			target.skills.map((s) => [s.skill, player.levelOf(s.skill)]),
		) as Partial<Record<SkillName, number>>,
		questPoints,
	}
	return summaryStartCheck(summary, progress)?.canStart ? 'can-start' : 'locked'
}

const STATUS_STYLE: Record<Status, string> = {
	completed: 'border-ok/60 bg-ok-bg text-ok',
	'can-start': 'border-ok/60 text-ok',
	locked: 'border-bad/60 bg-bad-bg text-bad',
}

export function StatusPill({ status }: { status: Status }) {
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
export function QuestRequirementsPanel({
	quest,
	summary,
	expandChain = false,
}: QuestRequirementsWidgetProps & { expandChain?: boolean }) {
	const playerData = usePlayerData()
	const player = usePanelPlayer((summary?.questPoints ?? 0) > 0)
	const [onlyMissingChoice] = useOnlyMissing()
	const onlyMissing = player !== undefined && onlyMissingChoice
	const chain = summary?.quests ?? []
	const target = chain.at(-1)
	const status = summary && player ? targetStatus(summary, player) : undefined

	const quests = onlyMissing ? chain.filter((q) => !player.hasCompleted(q.name)) : chain
	const skills = (summary?.totalSkills ?? []).filter(
		(s) => !onlyMissing || player.levelOf(s.skill) < s.level,
	)
	const questPoints = summary?.questPoints ?? 0
	const questPointsMet = player?.questPoints !== undefined && player.questPoints >= questPoints
	const other = summary?.other ?? []

	const list = <QuestList quests={quests} player={player} target={target?.name} />
	return (
		<RequirementCard
			label={`Requirements for ${target?.name ?? quest}`}
			heading={
				target ? (
					<span>
						<Link
							to={`/quests/${target.slug}`}
							className="text-fg no-underline hover:text-link hover:underline"
						>
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
		>
			<PanelSection title="Quest chain" count={chain.length > 1 ? chain.length : undefined}>
				{chain.length <= 1 ? (
					<EmptyLine>No quest requirements</EmptyLine>
				) : quests.length === 0 ? (
					<EmptyLine ok>Every quest in the chain is done</EmptyLine>
				) : quests.length > FOLD_AFTER && !expandChain ? (
					<details className="group">
						<summary className="cursor-pointer rounded-md px-1.5 py-1 text-link hover:underline">
							Show all {quests.length} quests, from {quests[0]!.name} to {quests.at(-1)!.name}
							{player && !onlyMissing ? (
								<span className="text-muted">
									{' · '}
									{quests.filter((q) => !player.hasCompleted(q.name)).length} not done
								</span>
							) : null}
						</summary>
						<div className="mt-1">{list}</div>
					</details>
				) : (
					list
				)}
			</PanelSection>
			<SkillsSection
				required={summary?.totalSkills.length ?? 0}
				skills={skills}
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

export default function QuestRequirementsWidget(
	props: QuestRequirementsWidgetProps & { expandChain?: boolean },
) {
	return (
		<PlayerDataProvider>
			<QuestRequirementsPanel {...props} />
		</PlayerDataProvider>
	)
}
