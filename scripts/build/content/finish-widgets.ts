import { flatten } from '#app/lib/content/navigation.ts'
import type { CompiledPage, Navigation } from '#app/lib/content/page-types.ts'
import { WIDGETS, type WidgetComponentName } from '#app/widgets/registry.ts'
import type { SiteContext } from '#app/widgets/widget-build.ts'
import { widgetElements } from '#app/widgets/widget-elements.ts'
import { ContentError } from './compile-page.ts'

const finishers = new Map(
	Object.values(WIDGETS).flatMap((w) => (w.build?.finish && w.component ? [[w.component, w.build.finish] as const] : [])),
) as Map<WidgetComponentName, (props: unknown, site: SiteContext) => Record<string, unknown>>

/**
 * The second pass of the content build, once every page is compiled: each widget with a `finish`
 * step (a guide index listing its folder's pages) gets the whole site and rewrites its props.
 */
export function finishWidgets(
	navigation: Navigation,
	results: ReadonlyMap<string, { page: CompiledPage; file: string }>,
): ContentError[] {
	const errors: ContentError[] = []
	const pageAt = (path: string) => results.get(path)?.page
	for (const entry of flatten(navigation.sections)) {
		const result = results.get(entry.path)
		if (!result) continue
		for (const widget of widgetElements(result.page.body)) {
			const finish = finishers.get(widget.dataWidget as WidgetComponentName)
			if (!finish) continue
			const fail = (reason: string) => errors.push(new ContentError(result.file, undefined, reason))
			widget.props = JSON.stringify(finish(JSON.parse(widget.props), { entry, pageAt, fail }))
		}
	}
	return errors
}
