import type { CompactNode } from '#app/lib/content/compact-hast.ts'
import { flatten } from '#app/lib/content/navigation.ts'
import type { CompiledPage, NavEntry, Navigation } from '#app/lib/content/page-types.ts'
import type {
	GuideIndexEntry,
	GuideRequirementData,
} from '#app/widgets/guide-index/guide-index.schema.ts'
import type { QuestRequirementsWidgetProps } from '#app/widgets/quest-requirements/quest-requirements.schema.ts'
import type { RequirementsWidgetProps } from '#app/widgets/requirements/requirements.schema.ts'
import { ContentError } from './compile-page.ts'

/** The properties of a compiled `x-widget` element (see compile-page.ts). */
type WidgetElementProps = { dataWidget: string; props: string }

/** Every widget element of a compiled body, in document order. */
function widgetElements(nodes: readonly CompactNode[]): WidgetElementProps[] {
	return nodes.flatMap((node) => {
		if (typeof node === 'string') return []
		const [tag, props, ...children] = node
		const own = tag === 'x-widget' && props ? [props as unknown as WidgetElementProps] : []
		return [...own, ...widgetElements(children)]
	})
}

/**
 * What a page's first requirement widget asks for: a quest panel gives its quest, the rest of its
 * chain, the chain's levels and quest-point threshold; a hand-entered list gives its quests and
 * levels. Undefined for a page without one (or a panel the build found no quest data for).
 */
export function guideRequirement(
	page: Pick<CompiledPage, 'body'>,
): GuideRequirementData | undefined {
	const widget = widgetElements(page.body as CompactNode[]).find(
		(w) => w.dataWidget === 'quest-requirements' || w.dataWidget === 'requirements',
	)
	if (!widget) return undefined
	if (widget.dataWidget === 'quest-requirements') {
		const { summary } = JSON.parse(widget.props) as QuestRequirementsWidgetProps
		const target = summary?.quests.at(-1)
		if (!summary || !target) return undefined
		return {
			quest: target.name,
			quests: summary.quests.slice(0, -1).map((q) => q.name),
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

/** The visible child pages of a navigation entry, in order, as guide index entries. */
export function guideIndexEntries(
	parent: Pick<NavEntry, 'children'>,
	pageAt: (path: string) => CompiledPage | undefined,
): GuideIndexEntry[] {
	return parent.children.flatMap((child) => {
		const page = pageAt(child.path)
		if (!child.visible || !page) return []
		const requirement = guideRequirement(page)
		return [
			{
				path: page.path,
				label: page.label,
				description: page.description,
				...(requirement ? { requirement } : {}),
			},
		]
	})
}

/** The guide index of the page at `path` ([] when there is no such page). */
export function guideIndexOf(
	content: { navigation: Navigation; pages: readonly CompiledPage[] },
	path: string,
): GuideIndexEntry[] {
	const entry = flatten(content.navigation.sections).find((e) => e.path === path)
	return entry ? guideIndexEntries(entry, (p) => content.pages.find((page) => page.path === p)) : []
}

/** Writes `guides` into every `::guide-index` of the page. Returns how many it filled. */
export function fillGuideIndex(
	page: Pick<CompiledPage, 'body'>,
	guides: GuideIndexEntry[],
): number {
	const widgets = widgetElements(page.body as CompactNode[]).filter(
		(w) => w.dataWidget === 'guide-index',
	)
	for (const widget of widgets)
		widget.props = JSON.stringify({ ...JSON.parse(widget.props), guides })
	return widgets.length
}

/**
 * The second pass of the content build, once every page is compiled: each `::guide-index` lists
 * the visible pages of its page's folder. A guide index on a page without child pages is an error.
 */
export function addGuideIndexes(
	navigation: Navigation,
	results: ReadonlyMap<string, { page: CompiledPage; file: string }>,
): ContentError[] {
	const errors: ContentError[] = []
	const pageAt = (path: string) => results.get(path)?.page
	for (const entry of flatten(navigation.sections)) {
		const result = results.get(entry.path)
		if (!result?.page.widgets.includes('guide-index')) continue
		const guides = guideIndexEntries(entry, pageAt)
		fillGuideIndex(result.page, guides)
		if (guides.length === 0) {
			errors.push(
				new ContentError(
					result.file,
					undefined,
					'::guide-index lists the pages of its folder, but this page has none',
				),
			)
		}
	}
	return errors
}
