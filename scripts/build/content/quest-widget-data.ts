import type { RequirementSummary } from '#app/lib/quests/requirements.ts'
import type { QuestRequirementsWidgetProps } from '#app/widgets/quest-requirements/quest-requirements.schema.ts'
import type {
	RequirementsQuestLink,
	RequirementsWidgetProps,
} from '#app/widgets/requirements/requirements.schema.ts'

/** The precomputed requirements of a quest by name or alias; undefined for an unknown quest. */
export type QuestSummaryLookup = (name: string) => RequirementSummary | undefined

/**
 * The props a requirement widget is rendered with: its validated attributes plus the quest data
 * it shows, looked up at build time so a page never loads the quest dataset. The
 * quest-requirements panel gets its quest's summary (chain, levels, quest points, other); the
 * requirements widget gets a link (name, slug, wiki title) for each quest it names.
 */
export function questWidgetProps(
	component: string,
	props: Record<string, unknown>,
	lookup: QuestSummaryLookup,
): Record<string, unknown> {
	if (component === 'quest-requirements') {
		const summary = lookup((props as QuestRequirementsWidgetProps).quest)
		return summary ? { ...props, summary } : props
	}
	if (component === 'requirements') {
		const questLinks: RequirementsQuestLink[] = []
		for (const name of (props as RequirementsWidgetProps).quests) {
			const target = lookup(name)?.quests.at(-1)
			if (!target) continue
			questLinks.push({
				name: target.name,
				slug: target.slug,
				...(target.wikiTitle ? { wikiTitle: target.wikiTitle } : {}),
			})
		}
		return { ...props, questLinks }
	}
	return props
}
