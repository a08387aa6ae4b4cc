import { PlayerDataProvider, usePlayerData } from '#app/player/player-data.tsx'
import { compareNames } from '#app/quests/requirements.ts'
import { questSlug } from '#app/quests/names.ts'
import { useOnlyMissing } from '#app/components/settings/reader-settings.ts'
import {
	EmptyLine,
	OtherSection,
	type PanelQuest,
	PanelSection,
	type PanelStep,
	PlayerFooter,
	QuestList,
	RequirementCard,
	SkillsSection,
	usePanelPlayer,
} from '#app/widgets/quest-requirements/panel-parts.tsx'
import type { RequirementsWidgetProps } from './requirements.schema.ts'

/**
 * Hand-written requirements for something that is not a quest (Invention, ports, a slayer
 * helmet…): the quests, levels and other conditions named in the page, checked against a loaded
 * player like the quest panel.
 */
function RequirementsPanel({ title, quests: names, questLinks, skills: allSkills, other }: RequirementsWidgetProps) {
	const playerData = usePlayerData()
	const player = usePanelPlayer(false)
	const [onlyMissingChoice] = useOnlyMissing()
	const onlyMissing = player !== undefined && onlyMissingChoice

	// The build resolves every name to a link; a bare name is the fallback for older pages.
	const allQuests: PanelQuest[] = questLinks ?? names.map((name) => ({ name, slug: questSlug(name) }))
	const steps: PanelStep[] = allQuests.map((q, i) => {
		const state = player ? ({ state: player.hasCompleted(q.name) ? 'completed' : 'missing' } as const) : undefined
		return { ...q, number: i + 1, ...(state ? { state } : {}) }
	})
	const shownSteps = onlyMissing ? steps.filter((s) => s.state?.state !== 'completed') : steps
	const sortedSkills = [...allSkills].sort((a, b) => compareNames(a.skill, b.skill))
	const skills = sortedSkills.filter((s) => !onlyMissing || player.levelOf(s.skill) < s.level)
	const heading = title ?? 'Requirements'

	return (
		<RequirementCard label={`Requirements: ${heading}`} heading={heading} footer={<PlayerFooter player={playerData} />}>
			<PanelSection title="Quests" count={allQuests.length || undefined}>
				{allQuests.length === 0 ? (
					<EmptyLine>No quest requirements</EmptyLine>
				) : shownSteps.length === 0 ? (
					<EmptyLine ok>Every quest is done</EmptyLine>
				) : (
					<QuestList steps={shownSteps} />
				)}
			</PanelSection>
			<SkillsSection required={sortedSkills.length} skills={skills} />
			<OtherSection items={other} />
		</RequirementCard>
	)
}

export default function RequirementsWidget(props: RequirementsWidgetProps) {
	return (
		<PlayerDataProvider>
			<RequirementsPanel {...props} />
		</PlayerDataProvider>
	)
}
