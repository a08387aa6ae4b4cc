import { flatten } from '#app/lib/content/navigation.ts'
import type { CompiledPage, NavEntry, Navigation } from '#app/lib/content/page-types.ts'
import type { QuestRequirementsWidgetProps } from '../quest-requirements/quest-requirements.schema.ts'
import type { RequirementsWidgetProps } from '../requirements/requirements.schema.ts'
import { widgetElements } from '../widget-elements.ts'
import type { WidgetBuild } from '../widget-build.ts'
import type { GuideIndexEntry, GuideIndexProps, GuideRequirementData } from './guide-index.schema.ts'

/**
 * What a page's first requirement widget asks for: a quest panel gives its quest, the rest of its
 * chain, the chain's levels and quest-point threshold; a hand-entered list gives its quests and
 * levels. Undefined for a page without one (or a panel the build found no quest data for).
 */
function guideRequirement(page: Pick<CompiledPage, 'body'>): GuideRequirementData | undefined {
	const widget = widgetElements(page.body).find((w) => w.dataWidget === 'quest-requirements' || w.dataWidget === 'requirements')
	if (!widget) return undefined
	if (widget.dataWidget === 'quest-requirements') {
		const { summary } = JSON.parse(widget.props) as QuestRequirementsWidgetProps
		const target = summary?.quests.at(-1)
		if (!summary || !target) return undefined
		return {
			quest: target.name,
			// A step that is only part of a quest cannot be checked against the player's list (it does
			// not say how far a started quest is); the quests that part needs are in the chain.
			quests: summary.quests
				.slice(0, -1)
				.filter((q) => !q.partial)
				.map((q) => q.name),
			skills: summary.totalSkills,
			questPoints: summary.questPoints,
			other: summary.other.length,
		}
	}
	const props = JSON.parse(widget.props) as RequirementsWidgetProps
	return {
		// The canonical names the build resolved; the written ones when it had no quest data.
		quests: props.questLinks?.map((q) => q.name) ?? props.quests,
		skills: props.skills,
		questPoints: 0,
		other: props.other.length,
	}
}

/**
 * The visible child pages of a navigation entry, in order, as guide index entries. With `levels`
 * 2, a child that is a folder also lists its own visible pages.
 */
function guideIndexEntries(
	parent: Pick<NavEntry, 'children'>,
	pageAt: (path: string) => CompiledPage | undefined,
	levels = 1,
): GuideIndexEntry[] {
	return parent.children.flatMap((child) => {
		const page = pageAt(child.path)
		if (!child.visible || !page) return []
		const requirement = guideRequirement(page)
		const guides = levels > 1 ? guideIndexEntries(child, pageAt, levels - 1) : []
		return [
			{
				path: page.path,
				label: page.label,
				description: page.description,
				...(requirement ? { requirement } : {}),
				...(guides.length > 0 ? { guides } : {}),
			},
		]
	})
}

/** The guide index of the page at `path` ([] when there is no such page). */
export function guideIndexOf(content: { navigation: Navigation; pages: readonly CompiledPage[] }, path: string): GuideIndexEntry[] {
	const entry = flatten(content.navigation.sections).find((e) => e.path === path)
	return entry ? guideIndexEntries(entry, (p) => content.pages.find((page) => page.path === p)) : []
}

/** Writes `guides` into every `::guide-index` of the page. Returns how many it filled. */
export function fillGuideIndex(page: Pick<CompiledPage, 'body'>, guides: GuideIndexEntry[]): number {
	const widgets = widgetElements(page.body).filter((w) => w.dataWidget === 'guide-index')
	for (const widget of widgets) widget.props = JSON.stringify({ ...JSON.parse(widget.props), guides })
	return widgets.length
}

/** Once every page is compiled, a guide index lists the visible pages of its page's folder. */
export const guideIndexBuild: WidgetBuild = {
	finish(props: GuideIndexProps, site) {
		const guides = guideIndexEntries(site.entry, site.pageAt, props.levels)
		if (guides.length === 0) site.fail('::guide-index lists the pages of its folder, but this page has none')
		return { ...props, guides }
	},
}
