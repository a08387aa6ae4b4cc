import type { WidgetBuild } from '../widget-build.ts'
import type { QuestRequirementsProps } from './quest-requirements.schema.ts'

/**
 * The panel embeds its quest's precomputed summary (chain, levels, quest points, other), looked up
 * at build time so a page never loads the quest dataset.
 */
export const questRequirementsBuild: WidgetBuild = {
	enrich(props: QuestRequirementsProps, ctx) {
		if (!ctx.resolveQuest(props.quest)) ctx.fail(`unknown quest "${props.quest}" (not in data/quests/)`)
		const summary = ctx.questSummary?.(props.quest)
		return summary ? { ...props, summary } : props
	},
}
